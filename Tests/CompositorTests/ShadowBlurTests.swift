import TestSupport
import Testing

@testable import Compositor

/// The text shadow's blur, against the plain definition: three passes of a box blur
/// along each row and then down each column, every sum taken in order from the first
/// pixel, edges counted as zero, rounded to bytes at the end.
@Suite struct ShadowBlurTests {
    static func boxBlur(_ values: [Float], width: Int, height: Int, radius: Int, alongRows: Bool) -> [Float] {
        var out = values
        let scale = 1 / Float(2 * radius + 1)
        let (lines, length) = alongRows ? (height, width) : (width, height)
        func at(_ line: Int, _ i: Int) -> Int { alongRows ? line * width + i : i * width + line }
        for line in 0..<lines {
            var sum: Float = 0
            for i in 0..<min(radius, length) { sum += values[at(line, i)] }
            for i in 0..<length {
                if i + radius < length { sum += values[at(line, i + radius)] }
                out[at(line, i)] = sum * scale
                if i - radius >= 0 { sum -= values[at(line, i - radius)] }
            }
        }
        return out
    }

    @Test(arguments: [1, 2, 3, 7]) func theBlurIsThreeBoxBlursExactly(radius: Int) {
        var random = SplitMix64(seed: UInt64(radius))
        var mask = CoverageMask(width: 37, height: 23, originX: 5, originY: -4)
        for i in mask.values.indices { mask.values[i] = UInt8.random(in: 0...255, using: &random) }
        let blurred = mask.blurred(radius: radius)
        let margin = 3 * radius
        let (width, height) = (37 + 2 * margin, 23 + 2 * margin)
        #expect(blurred.width == width && blurred.height == height)
        #expect(blurred.originX == 5 - margin && blurred.originY == -4 - margin)
        var values = [Float](repeating: 0, count: width * height)
        for y in 0..<23 {
            for x in 0..<37 { values[(y + margin) * width + x + margin] = Float(mask[x, y]) }
        }
        for _ in 0..<3 {
            values = Self.boxBlur(values, width: width, height: height, radius: radius, alongRows: true)
            values = Self.boxBlur(values, width: width, height: height, radius: radius, alongRows: false)
        }
        #expect(blurred.values == values.map { UInt8(min(255, max(0, $0.rounded()))) })
    }

    /// The blur's rounding to bytes, against the standard library's, on every float
    /// next to each half and whole number from -2 to 257, and on a fine grid between.
    @Test func coverageBytesRoundAsTheStandardLibraryDoes() {
        var values: [Float] = [-.infinity, .infinity, -0.0, 0, .leastNonzeroMagnitude, 1e30, -1e30]
        for half in stride(from: Float(-2), through: 257, by: 0.5) {
            var below = half
            var above = half
            for _ in 0..<4 {
                below = below.nextDown
                above = above.nextUp
                values += [below, above]
            }
            values.append(half)
        }
        values += stride(from: Float(-2), through: 257, by: 1 / 1024).map { $0 }
        for value in values {
            #expect(CoverageMask.coverageByte(value) == UInt8(min(255, max(0, value.rounded()))), "\(value)")
        }
    }
}
