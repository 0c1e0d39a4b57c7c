import Testing

@testable import Scenery

/// A field sampled on a lattice reads back as the function itself: at the lattice's
/// nodes (but for the rounding of where a pixel falls), and between them within a hundredth for the smooth noises the
/// painter samples this way (their finest detail five lattice steps or more across).
@Suite struct SmoothFieldTests {
    @Test(arguments: [(640, 360), (97, 211)])
    func aFieldReadsBackAsTheFunction(width: Int, height: Int) {
        let canvas = Canvas(width: width, height: height)
        let noise = Noise(seed: 42)
        // Finest octave: 260 / 8 = 32.5 design units, over five steps of 6.
        let function = { (p: Vec2) -> Float in noise.fbm((p.x + p.y * 0.55) / 260, p.y / 620, octaves: 4) }
        let step = max(1, Int(6 * canvas.scale))
        let field = SmoothField(on: canvas, step: step, _: function)
        var largest: Float = 0
        var range: ClosedRange<Float> = 0...0
        for y in 0..<height {
            for x in 0..<width {
                let p = canvas.point(x, y)
                let exact = function(p)
                range = min(range.lowerBound, exact)...max(range.upperBound, exact)
                let read = field.at(p)
                if x % step == 0 && y % step == 0 {
                    #expect(abs(read - exact) < 1e-5, "at the node (\(x), \(y)): \(read) against \(exact)")
                }
                largest = max(largest, abs(read - exact))
            }
        }
        #expect(largest < 0.01, "read back \(largest) away, over a field spanning \(range)")
        #expect(range.upperBound - range.lowerBound > 0.3, "the field varies: \(range)")
    }

    /// Over only some rows, the rows asked for read back as over the whole canvas.
    @Test func aFieldOverSomeRowsIsTheWholeFieldThere() {
        let canvas = Canvas(width: 200, height: 150)
        let noise = Noise(seed: 7)
        let function = { (p: Vec2) -> Float in noise.fbm(p.x / 900, p.y / 420, octaves: 3) }
        let whole = SmoothField(on: canvas, step: 5, _: function)
        let part = SmoothField(on: canvas, step: 5, rows: 40..<90, function)
        for y in 40..<90 {
            for x in 0..<200 {
                let p = canvas.point(x, y)
                #expect(abs(part.at(p) - whole.at(p)) < 1e-5, "(\(x), \(y))")
            }
        }
    }
}
