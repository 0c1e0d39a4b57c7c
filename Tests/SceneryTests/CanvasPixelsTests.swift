import Testing

@testable import Scenery

/// The canvas's 16-bit channels give back what was put in within half a step
/// (1/50,412), over the range scenes paint in, and hold the ends past it.
@Suite struct CanvasPixelsTests {
    @Test func aColourComesBackWithinHalfAStep() {
        let pixels = CanvasPixels(count: 2)
        defer { pixels.free() }
        #expect(pixels[1] == RGB(0, 0, 0) || max(abs(pixels[1].x), abs(pixels[1].y), abs(pixels[1].z)) < 2e-5)
        for value in stride(from: Float(-0.5), through: 2.1, by: 0.0137) {
            pixels[0] = RGB(value, 1.6 - value, value * 0.5)
            let back = pixels[0]
            let error = max(abs(back.x - value), abs(back.y - (1.6 - value)), abs(back.z - value * 0.5))
            #expect(error <= 1.0 / 50_412 + 1e-7, "\(value) came back \(back)")
        }
    }

    @Test func pastTheRangeTheEndsAreHeld() {
        let pixels = CanvasPixels(count: 1)
        defer { pixels.free() }
        pixels[0] = RGB(-3, 9, .nan)
        let back = pixels[0]
        #expect(abs(back.x + 0.5) < 1e-4 && abs(back.y - 2.1) < 1e-4 && abs(back.z + 0.5) < 1e-4, "\(back)")
    }
}
