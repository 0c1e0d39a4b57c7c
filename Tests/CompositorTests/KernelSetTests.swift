import CImaging
import Kernels
import TestSupport
import Testing

@testable import Compositor

/// Every compiled copy of the pixel loops gives the same bytes as the portable copy.
///
/// The blend, render and resample tests check the copy `KernelChoice` picked (AVX2 on a
/// processor that has it) against independent references; these tests tie every other
/// copy to it, loop by loop, at every width from 0 to 17 (each vector remainder) and one
/// long row. On a processor with only the portable copy they compare it with itself.
@Suite struct KernelSetTests {
    static let widths = Array(0...17) + [1170]

    /// Runs `body` with every supported set and expects the bytes it returns to equal
    /// the portable set's.
    func expectSameResults(_ name: String, width: Int, _ body: (any KernelSet.Type) -> [UInt8]) {
        let portable = body(PortableKernels.self)
        for kernels in KernelChoice.supported where kernels != PortableKernels.self {
            let result = body(kernels)
            let firstDifference = zip(result, portable).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            #expect(
                result.count == portable.count && firstDifference == nil,
                "\(name), width \(width): \(kernels.name) differs from portable at byte \(firstDifference ?? -1)")
        }
    }

    func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// Floats in 0...1 as the accumulator holds them, alpha at least each colour.
    func randomAccumulator(_ count: Int, seed: UInt64) -> [SIMD4<Float>] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let alpha = Float.random(in: 0...1, using: &random)
            return SIMD4(
                Float.random(in: 0...alpha, using: &random), Float.random(in: 0...alpha, using: &random),
                Float.random(in: 0...alpha, using: &random), alpha)
        }
    }

    @Test(arguments: widths) func rowCompositingLoops(width: Int) {
        let row = randomBytes(4 * width, seed: UInt64(width))
        let alphas = randomAccumulator(width, seed: 3).map(\.w)
        let thresholds = randomAccumulator(64, seed: 4).map(\.x)
        let color = SIMD4<Float>(0.2, 0.5, 0.1, 0.7)
        expectSameResults("load, picture, solid, colour, store", width: width) { kernels in
            var accumulator = [SIMD4<Float>](repeating: .zero, count: width)
            var bytes = [UInt8](repeating: 0, count: 4 * width)
            accumulator.withUnsafeMutableBufferPointer { accumulator in
                let pointer = accumulator.baseAddress!
                row.withUnsafeBufferPointer { kernels.loadRow($0.baseAddress!, into: pointer, count: width) }
                row.reversed().withUnsafeBufferPointer {
                    kernels.pictureRow($0.baseAddress!, opacity: 0.6, over: pointer, count: width)
                }
                kernels.solidRow(color, over: pointer, count: width)
                alphas.withUnsafeBufferPointer {
                    kernels.colorRow(SIMD4(0, 0, 0, 1), alphas: $0.baseAddress!, over: pointer, count: width)
                }
                thresholds.withUnsafeBufferPointer { thresholds in
                    bytes.withUnsafeMutableBufferPointer {
                        kernels.storeRow(
                            pointer, into: $0.baseAddress!, thresholds: thresholds.baseAddress!, thresholdMask: 63,
                            count: width)
                    }
                }
            }
            return bytes
        }
    }

    /// The store's clamps, on levels a blend never leaves but the loop must still clamp
    /// as the portable one does: below 0, above 255, and colours above their alpha.
    @Test(arguments: widths) func storeClampsLikeThePortableLoop(width: Int) {
        var random = SplitMix64(seed: UInt64(width) + 40)
        let accumulator = (0..<width).map { _ in
            SIMD4<Float>(
                Float.random(in: -0.5...2, using: &random), Float.random(in: -0.5...2, using: &random),
                Float.random(in: -0.5...2, using: &random), Float.random(in: -0.5...2, using: &random))
        }
        let thresholds = randomAccumulator(64, seed: 5).map(\.x)
        expectSameResults("store out of range", width: width) { kernels in
            var bytes = [UInt8](repeating: 0, count: 4 * width)
            accumulator.withUnsafeBufferPointer { accumulator in
                thresholds.withUnsafeBufferPointer { thresholds in
                    bytes.withUnsafeMutableBufferPointer {
                        kernels.storeRow(
                            accumulator.baseAddress!, into: $0.baseAddress!, thresholds: thresholds.baseAddress!,
                            thresholdMask: 63, count: width)
                    }
                }
            }
            return bytes
        }
    }

    /// A random horizontal filter over a random row: source RGBA bytes, each output's
    /// first source pixel, and `tapCount` integer weights per output summing to one in
    /// fixed point. Every other output's weights are multiples of half of one, so half
    /// its sums end exactly halfway between two levels, where rounding must go up. With
    /// `sixteenBit`, every weight fits 16 bits (as real Lanczos weights do), for the
    /// loops in C that multiply 16-bit numbers.
    struct RandomConvolution {
        let tapCount: Int
        let sourceWidth: Int
        let source: [UInt8]
        let firstSource: [Int]
        let weights: [Int]

        init(width: Int, tapCount: Int, seed: UInt64, sixteenBit: Bool = false) {
            self.tapCount = tapCount
            sourceWidth = width + tapCount
            var random = SplitMix64(seed: seed)
            source = (0..<(4 * (width + tapCount))).map { _ in UInt8.random(in: 0...255, using: &random) }
            let lastStart = width
            firstSource = (0..<width).map { _ in Int.random(in: 0...lastStart, using: &random) }
            let one = 1 << ConvolutionLoops.fractionBits
            weights = (0..<width).flatMap { x -> [Int] in
                while true {
                    var taps = (0..<(tapCount - 1)).map { _ in
                        x % 2 == 0
                            ? Int.random(in: -3000...6000, using: &random)
                            : one / 2 * Int.random(in: -1...2, using: &random)
                    }
                    taps.append(one - taps.reduce(0, +))
                    if !sixteenBit || taps.allSatisfy({ Int(Int16.min)...Int(Int16.max) ~= $0 }) { return taps }
                }
            }
        }
    }

    @Test(arguments: widths) func convolutionLoops(width: Int) {
        let filter = RandomConvolution(width: width, tapCount: 7, seed: UInt64(width) + 50)
        let (tapCount, sourceWidth, source, firstSource) = (
            filter.tapCount, filter.sourceWidth, filter.source, filter.firstSource
        )
        let weights = filter.weights.map(Float.init)
        var random = SplitMix64(seed: UInt64(width) + 60)
        let sums = (0..<(4 * width)).map { _ in Int32.random(in: -1_000_000...5_000_000, using: &random) }
        expectSameResults("horizontal, start, accumulate, store sums", width: width) { kernels in
            var horizontal = [UInt8](repeating: 0, count: 4 * width)
            var scratch = [Float](repeating: 0, count: 4 * sourceWidth)
            var accumulated = sums
            var started = sums
            var stored = [UInt8](repeating: 0, count: 4 * width)
            source.withUnsafeBufferPointer { source in
                if width > 0 {
                    horizontal.withUnsafeMutableBufferPointer { output in
                        kernels.convolveHorizontally(
                            source.baseAddress!, into: output.baseAddress!, outputCount: width,
                            firstSource: firstSource, weights: weights,
                            pairedWeights: ConvolutionLoops.pairedWeights(
                                weights, tapCount: tapCount, outputCount: width),
                            tapCount: tapCount, scratch: &scratch, columns: 0...(sourceWidth - 1))
                    }
                }
                accumulated.withUnsafeMutableBufferPointer {
                    kernels.accumulateTap(source.baseAddress!, weight: -1234, into: $0.baseAddress!, count: 4 * width)
                }
                started.withUnsafeMutableBufferPointer {
                    kernels.startTaps(source.baseAddress!, weight: 987, into: $0.baseAddress!, count: 4 * width)
                }
            }
            #expect(started == (0..<(4 * width)).map { Int32(source[$0]) * 987 }, "\(kernels.name) first tap")
            accumulated.withUnsafeBufferPointer { sums in
                stored.withUnsafeMutableBufferPointer {
                    kernels.storeSums(sums.baseAddress!, into: $0.baseAddress!, pixelCount: width)
                }
            }
            return horizontal + stored + accumulated.withUnsafeBytes { Array($0) }
                + started.withUnsafeBytes { Array($0) }
        }
    }

    /// The horizontal pass, two outputs per vector and an odd one alone, against the
    /// same convolution in integers (`integerConvolution`).
    @Test(arguments: widths) func horizontalPassMatchesIntegerConvolution(width: Int) {
        let filter = RandomConvolution(width: width, tapCount: 6, seed: UInt64(width) + 70)
        let (tapCount, sourceWidth, source, firstSource) = (
            filter.tapCount, filter.sourceWidth, filter.source, filter.firstSource
        )
        let expected = integerConvolution(filter)
        let floatWeights = filter.weights.map(Float.init)
        let paired = ConvolutionLoops.pairedWeights(floatWeights, tapCount: tapCount, outputCount: width)
        for kernels in KernelChoice.supported where width > 0 {
            var output = [UInt8](repeating: 0, count: 4 * width)
            var scratch = [Float](repeating: 0, count: 4 * sourceWidth)
            source.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer {
                    kernels.convolveHorizontally(
                        source.baseAddress!, into: $0.baseAddress!, outputCount: width, firstSource: firstSource,
                        weights: floatWeights, pairedWeights: paired, tapCount: tapCount, scratch: &scratch,
                        columns: 0...(sourceWidth - 1))
                }
            }
            #expect(output == expected, "\(kernels.name), width \(width)")
        }
    }

    /// The horizontal pass in C (AVX2, four taps per multiply, four outputs a step and
    /// then one at a time) against the same integers, for 1 to 9 taps (one to three
    /// groups of four, padded, each an unrolled copy) and 17 (five, the general loop).
    /// The row is only `tapCount` pixels wider than the outputs, so windows padded near
    /// its end start earlier and read its last pixels with zero weights.
    @Test(
        .enabled(if: KernelChoice.isVectorized, "this processor has no AVX2: the C passes are never chosen here"),
        arguments: widths.filter { $0 > 0 })
    func horizontalPassInCMatchesIntegerConvolution(width: Int) throws {
        for tapCount in Array(1...9) + [17] {
            let filter = RandomConvolution(
                width: width, tapCount: tapCount, seed: UInt64(width * 10 + tapCount), sixteenBit: true)
            guard 4 * ((tapCount + 3) / 4) <= filter.sourceWidth else { continue }
            let packed = try #require(
                PackedTaps(
                    firstSource: filter.firstSource, weights: filter.weights.map(Int32.init), tapCount: tapCount,
                    sourceLength: filter.sourceWidth))
            var output = [UInt8](repeating: 0, count: 4 * width)
            filter.source.withUnsafeBufferPointer { packed.filter($0.baseAddress!, into: &output) }
            #expect(output == integerConvolution(filter), "width \(width), \(tapCount) taps")
        }
    }

    /// Weights beyond 16 bits, or a row narrower than a padded window: no packed taps
    /// (the Swift loops take that filter).
    @Test func packedTapsRefuseWhatTheLoopCannotTake() {
        #expect(PackedTaps(firstSource: [0], weights: [40_000, -23_616], tapCount: 2, sourceLength: 8) == nil)
        #expect(PackedTaps(firstSource: [0], weights: [8192, 8192], tapCount: 2, sourceLength: 3) == nil)
        #expect(PackedTaps(firstSource: [0], weights: [8192, 8192], tapCount: 2, sourceLength: 4) != nil)
    }

    /// The filter in plain integers (see `pixel`).
    func integerConvolution(_ filter: RandomConvolution) -> [UInt8] {
        var expected: [UInt8] = []
        for x in filter.firstSource.indices {
            var sums = [0, 0, 0, 0]
            for t in 0..<filter.tapCount {
                for c in 0..<4 {
                    sums[c] +=
                        Int(filter.source[4 * (filter.firstSource[x] + t) + c])
                        * filter.weights[x * filter.tapCount + t]
                }
            }
            expected += pixel(sums)
        }
        return expected
    }

    /// One pixel from its four sums of byte x weight: (sum + 2^13) >> 14, halves rounded
    /// up, clamped to 0...255 and colour to alpha.
    func pixel(_ sums: [Int]) -> [UInt8] {
        let one = 1 << ConvolutionLoops.fractionBits
        let rounded = sums.map { ($0 + one / 2) >> ConvolutionLoops.fractionBits }
        let alpha = min(max(rounded[3], 0), 255)
        return rounded[0..<3].map { UInt8(min(max($0, 0), alpha)) } + [UInt8(alpha)]
    }

    /// The vertical pass in C (AVX2, two rows per multiply, 16 bytes a step and then a
    /// pixel at a time) against the sums in integers, for odd and even tap counts, and 33
    /// (more pairs than the loop holds, so the plain loop).
    @Test(
        .enabled(if: KernelChoice.isVectorized, "this processor has no AVX2: the C passes are never chosen here"),
        arguments: widths)
    func verticalPassInCMatchesIntegerConvolution(width: Int) {
        for tapCount in Array(1...7) + [33] {
            var random = SplitMix64(seed: UInt64(width * 10 + tapCount))
            let rows = (0..<tapCount).map { _ in
                (0..<(4 * width)).map { _ in UInt8.random(in: 0...255, using: &random) }
            }
            let one = 1 << ConvolutionLoops.fractionBits
            var weights = (0..<(tapCount - 1)).map { _ in Int32.random(in: -4000...9000, using: &random) }
            weights.append(Int32(one) - weights.reduce(0, +))
            var expected: [UInt8] = []
            for x in 0..<width {
                expected += pixel(
                    (0..<4).map { c in
                        (0..<tapCount).reduce(0) { $0 + Int(rows[$1][4 * x + c]) * Int(weights[$1]) }
                    })
            }
            var output = [UInt8](repeating: 0, count: 4 * width)
            let pointers = rows.map { row in
                let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(row.count, 1))
                copy.initialize(from: row, count: row.count)
                return UnsafePointer(copy)
            }
            defer { for pointer in pointers { pointer.deallocate() } }
            wg_resample_row_vertically(pointers, weights, tapCount, &output, 4 * width)
            #expect(output == expected, "width \(width), \(tapCount) taps")
        }
    }
}
