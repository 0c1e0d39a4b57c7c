import Foundation
import TestSupport
import Testing

/// The benchmark runs and reports sane figures. Timings are never asserted: only that
/// every figure is there, positive and finite, beside its baselines.
@Suite struct BenchmarkTests {
    @Test func quickBenchmarkReportsSaneFigures() throws {
        let result = try withTemporaryFolder { try launch(["--quick"], in: $0, product: "wallgen-bench") }
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.output.split(separator: "\n").map(String.init)
        for required in [
            "memory copy", "scalar reference", "Blend.sourceOver span, portable", "fused 4-layer background",
            "decode", "scale", "composite", "text", "encode PNG", "total", "one batch", "separate wallgen term",
            "wallgen JPEG q90", "wallgen WebP q90", "wallgen WebP q100",
        ] {
            #expect(lines.contains { $0.contains(required) }, "no \(required) figure")
        }
        let figures = lines.filter { $0.hasSuffix(" ms") || $0.contains(" Mpx/s") }
        #expect(figures.count >= 19)
        for line in figures {
            let words = line.split(separator: " ")
            let unit = words.firstIndex { $0 == "ms" || $0 == "Mpx/s" }!
            let value = try #require(Double(words[unit - 1]), "\(line)")
            #expect(value.isFinite && value >= 0, "\(line)")
            if line.contains("Mpx/s") { #expect(value > 0, "\(line)") }
        }
    }
}
