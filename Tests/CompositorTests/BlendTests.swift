import Compositor
import Kernels
import TestSupport
import Testing

/// Source-over against an independent reference: `src + dst * (255 - srcA) / 255` in
/// Double arithmetic, rounded to nearest. Every compiled copy of the loops this processor
/// can run is checked, not only the one `KernelChoice` picked.
@Suite struct BlendTests {
    static func reference(_ source: UInt8, _ destination: UInt8, sourceAlpha: UInt8) -> UInt8 {
        let exact = Double(source) + Double(destination) * (255 - Double(sourceAlpha)) / 255
        return UInt8(exact.rounded())
    }

    @Test func divideBy255IsExactForEverySixteenBitValue() {
        for x in UInt32(0)...65535 {
            let expected = UInt32((Double(x) / 255).rounded())
            #expect(Blend.divideBy255(x) == expected, "x = \(x)")
        }
    }

    /// Every (source value, source alpha, destination value) with source <= alpha:
    /// over eight million cases, each exactly equal to the rounded reference.
    @Test func sourceOverIsExactForEveryChannelCombination() {
        let count = 256 * 257 / 2 * 256
        var sources = [UInt8](repeating: 0, count: 4 * count)
        var destinations = [UInt8](repeating: 0, count: 4 * count)
        var expected = [UInt8](repeating: 0, count: 4 * count)
        var i = 0
        for alpha in 0...255 {
            for value in 0...alpha {
                for destination in 0...255 {
                    // Every case runs through each channel's position in the pixel (the vector
                    // path treats low and high bytes differently); the destination differs per
                    // channel so a mixed-up channel cannot pass.
                    let destinationChannels = [destination, 255 - destination, destination ^ 0x55, destination]
                    let sourceChannels = [value, value, value, alpha]
                    for channel in 0..<4 {
                        sources[4 * i + channel] = UInt8(sourceChannels[channel])
                        destinations[4 * i + channel] = UInt8(destinationChannels[channel])
                        expected[4 * i + channel] = Self.reference(
                            UInt8(sourceChannels[channel]), UInt8(destinationChannels[channel]),
                            sourceAlpha: UInt8(alpha))
                    }
                    i += 1
                }
            }
        }
        for kernels in KernelChoice.supported {
            var blended = destinations
            sources.withUnsafeBufferPointer { source in
                blended.withUnsafeMutableBufferPointer { destination in
                    kernels.sourceOver(destination: destination.baseAddress!, source: source.baseAddress!, count: count)
                }
            }
            var mismatches = 0
            for i in 0..<(4 * count) where blended[i] != expected[i] { mismatches += 1 }
            #expect(mismatches == 0, "\(kernels.name) kernels")
        }
    }

    /// Every span width from 0 to 17 (so every vector-remainder path runs): each pixel
    /// matches the reference and nothing past the span is touched.
    @Test(arguments: 0...17) func spanOfWidth(_ width: Int) {
        for kernels in KernelChoice.supported { checkSpan(width: width, kernels) }
    }

    func checkSpan(width: Int, _ kernels: any KernelSet.Type) {
        var random = SplitMix64(seed: UInt64(width) + 100)
        let source = (0..<width + 2).map { _ in randomPixel(&random) }
        let destination = (0..<width + 2).map { _ in randomPixel(&random) }
        var sourceBytes = source.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        var destinationBytes = destination.flatMap { [$0.r, $0.g, $0.b, $0.a] }
        let original = destinationBytes
        sourceBytes.withUnsafeMutableBufferPointer { s in
            destinationBytes.withUnsafeMutableBufferPointer { d in
                kernels.sourceOver(destination: d.baseAddress!, source: s.baseAddress!, count: width)
            }
        }
        for i in 0..<width {
            for c in 0..<4 {
                let expected = Self.reference(
                    sourceBytes[4 * i + c], original[4 * i + c], sourceAlpha: sourceBytes[4 * i + 3])
                #expect(destinationBytes[4 * i + c] == expected, "\(kernels.name): pixel \(i) channel \(c)")
            }
        }
        #expect(
            destinationBytes[(4 * width)...] == original[(4 * width)...], "\(kernels.name): bytes past the span changed"
        )
    }

    @Test func divideBy65025IsExactOverItsRange() {
        var x: UInt32 = 0
        while x < (1 << 25) + (1 << 15) {
            #expect(Blend.divideBy65025(x) == x / 65025, "x = \(x)")
            x += x < 1 << 20 ? 1 : 7
        }
        for x in UInt32((1 << 25) + (1 << 15) - 70000)..<UInt32((1 << 25) + (1 << 15)) {
            #expect(Blend.divideBy65025(x) == x / 65025)
        }
    }

    /// A colour through a coverage mask: exactly the rounded Double reference
    /// (the exact value is never halfway between two levels).
    @Test func coverageBlendMatchesReference() {
        for kernels in KernelChoice.supported { checkCoverageBlend(kernels) }
    }

    func checkCoverageBlend(_ kernels: any KernelSet.Type) {
        var random = SplitMix64(seed: 7)
        for _ in 0..<4000 {
            let color = randomPixel(&random)
            let count = Int.random(in: 1...17, using: &random)
            let coverage = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let destination = (0..<count).map { _ in randomPixel(&random) }
            var bytes = destination.flatMap { [$0.r, $0.g, $0.b, $0.a] }
            coverage.withUnsafeBufferPointer { mask in
                bytes.withUnsafeMutableBufferPointer {
                    kernels.sourceOver(
                        destination: $0.baseAddress!, color: SIMD4(color.r, color.g, color.b, color.a),
                        coverage: mask.baseAddress!, count: count)
                }
            }
            for i in 0..<count {
                let k = Double(coverage[i]) / 255
                let sourceAlpha = Double(color.a) * k
                let colorChannels = [color.r, color.g, color.b, color.a]
                let old = [destination[i].r, destination[i].g, destination[i].b, destination[i].a]
                for c in 0..<4 {
                    let exact = Double(colorChannels[c]) * k + Double(old[c]) * (1 - sourceAlpha / 255)
                    #expect(
                        Double(bytes[4 * i + c]) == exact.rounded(),
                        "\(kernels.name): colour \(color) coverage \(coverage[i]) over \(destination[i])")
                }
            }
        }
    }

    @Test func premultiplicationRoundsToNearest() {
        // 100 * 64 / 255 = 25.1: truncation would give 25 as well, so also check a case
        // where it differs: 24.98 (from 98 * 65 / 255) must give 25, not 24.
        #expect(PremultipliedPixel.multiply(98, 65) == 25)
        for value in 0...255 {
            for alpha in 0...255 {
                let expected = UInt8((Double(value) * Double(alpha) / 255).rounded())
                #expect(PremultipliedPixel.multiply(UInt8(value), UInt8(alpha)) == expected)
            }
        }
    }
}
