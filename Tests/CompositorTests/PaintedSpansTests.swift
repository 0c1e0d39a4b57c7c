import Testing

@testable import Compositor

/// A horizontal gradient is drawn only on its columns whose alpha is not 0.
struct PaintedSpansTests {
    @Test func spansAreTheRunsOfNonZeroAlpha() {
        #expect(AreaCompositor.paintedSpans(of: [0.3, 0.1, 0, 0, 0.2, 0]) == [0..<2, 4..<5])
        #expect(AreaCompositor.paintedSpans(of: [0, 0, 0.5]) == [2..<3])
        #expect(AreaCompositor.paintedSpans(of: [0.5, 1, 0.25]) == [0..<3])
        #expect(AreaCompositor.paintedSpans(of: [0, 0]) == [])
        #expect(AreaCompositor.paintedSpans(of: []) == [])
    }

    /// Skipping the clear columns gives the bytes of drawing every column, over a
    /// picture of every value: at alpha 0 source-over changes nothing.
    @Test func skippingClearColumnsChangesNoByte() {
        let width = 301
        let height = 9
        let picture = Image(width: width, height: height)
        var generator = SystemRandomNumberGenerator()
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &generator)
                picture[x, y] = PremultipliedPixel(
                    r: UInt8.random(in: 0...alpha, using: &generator),
                    g: UInt8.random(in: 0...alpha, using: &generator),
                    b: UInt8.random(in: 0...alpha, using: &generator), a: alpha)
            }
        }
        let edge = LinearGradient(
            axis: .horizontal, color: .black,
            stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)],
            easing: .smooth)
        let alphas = edge.alphas(count: width)
        let spans = AreaCompositor.paintedSpans(of: alphas)
        #expect(spans.count == 2)
        #expect(spans.reduce(0) { $0 + $1.count } < width / 2)
        let color = SIMD4<Float>(0.1, 0.2, 0.3, 1)
        var outputs: [[UInt8]] = []
        for painted in [[0..<width], spans] {
            let canvas = Image(width: width, height: height)
            AreaCompositor(
                operations: [
                    .picture(picture, opacity: 1), .horizontalGradient(color: color, alphas: alphas, painted: painted),
                ],
                dithers: true
            ).apply(to: canvas, rows: 0..<height, startBlank: true)
            outputs.append(Array(UnsafeBufferPointer(start: canvas.pixels, count: canvas.bytesPerRow * height)))
        }
        #expect(outputs[0] == outputs[1])
        // The gradient did draw: the painted columns differ from the picture.
        let original = Array(UnsafeBufferPointer(start: picture.pixels, count: picture.bytesPerRow * height))
        #expect(outputs[1] != original)
    }
}
