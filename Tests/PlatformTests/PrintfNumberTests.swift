import Foundation
import Platform
import Testing

/// `PrintfNumber` replaces Foundation's `String(format:)` in wallgen's status lines and
/// reports; every figure must come out byte for byte as before.
struct PrintfNumberTests {
    @Test func matchesFoundationsFormatting() {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [
            0, -0.0, 0.05, 0.15, 0.25, 1.005, 2.5, 1e-7, 123_456.789, 1e21, -3.75, .infinity, -.infinity,
        ]
        for _ in 0..<2000 { values.append(Double.random(in: -1e6...1e6, using: &generator)) }
        for _ in 0..<500 { values.append(Double(Int.random(in: 0...100_000, using: &generator)) / 1000) }
        for format in ["%.0f", "%.1f", "%.2f", "%.3f", "%.4f", "%g", "%.2f MB", ", about %.0f s left"] {
            for value in values {
                #expect(PrintfNumber.format(format, value) == String(format: format, value), "\(format) \(value)")
            }
        }
    }

    @Test func longResultsAreWhole() {
        let text = PrintfNumber.format("%.40f", 1e30)
        #expect(text == String(format: "%.40f", 1e30))
        #expect(text.count > 64)
    }
}
