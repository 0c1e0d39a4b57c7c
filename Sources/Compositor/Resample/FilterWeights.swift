import FoundationEssentials
import Glibc
import Kernels
import Platform

/// Precomputed taps of a one-dimensional resampling filter: for each output pixel,
/// the first source pixel it reads and one fixed-point weight per source pixel.
///
/// The filter is Lanczos-3. When shrinking it is stretched by the shrink factor, so
/// every source pixel contributes (a proper low-pass, better than area averaging);
/// when enlarging it interpolates with three lobes (sharper than bilinear or bicubic).
struct FilterWeights: Sendable {
    /// Weights are fixed point with this many fraction bits (the convolution loops' format);
    /// each output's sum is exactly 1.
    static let fractionBits = ConvolutionLoops.fractionBits
    static let one = Int32(1) << fractionBits

    let outputCount: Int
    /// Taps per output; shorter rows are padded with zero weights.
    let tapCount: Int
    /// First source index for each output.
    let firstSource: [Int]
    /// `outputCount * tapCount` weights.
    let weights: [Int32]

    static func lanczos3(_ x: Double) -> Double {
        let distance = abs(x)
        if distance < 1e-9 { return 1 }
        if distance >= 3 { return 0 }
        let px = Double.pi * x
        return 3 * sin(px) * sin(px / 3) / (px * px)
    }

    /// The weights for these arguments, made once and then shared: a batch of cards
    /// of one size from pictures of one size asks for the same two tables every time,
    /// and making one costs a sine or two per tap.
    static func shared(sourceLength: Int, cropStart: Double, cropLength: Double, outputLength: Int) -> FilterWeights {
        let key = Key(
            sourceLength: sourceLength, cropStart: cropStart, cropLength: cropLength, outputLength: outputLength)
        if let known = recent.lookUp(key) { return known }
        let made = FilterWeights(
            sourceLength: sourceLength, cropStart: cropStart, cropLength: cropLength, outputLength: outputLength)
        recent.remember(made, for: key)
        return made
    }

    private struct Key: Hashable {
        let sourceLength: Int
        let cropStart: Double
        let cropLength: Double
        let outputLength: Int
    }

    private static let recent = RecentWeights()

    /// The tables made lately, behind a pthread mutex (NSLock). Not `Mutex` from
    /// Synchronization: on Linux it waits with futexes inside the uninstrumented
    /// standard library, which ThreadSanitizer cannot see, so every batch run reported
    /// a race on the dictionary; a pthread mutex is intercepted and understood.
    private final class RecentWeights: @unchecked Sendable {
        private let lock = Lock()
        private var tables: [Key: FilterWeights] = [:]

        func lookUp(_ key: Key) -> FilterWeights? {
            lock.withLock { tables[key] }
        }

        func remember(_ weights: FilterWeights, for key: Key) {
            lock.withLock {
                // A handful of sizes is all a run uses; forget them all rather than grow.
                if tables.count >= 16 { tables.removeAll() }
                tables[key] = weights
            }
        }
    }

    /// Weights mapping `cropStart ..< cropStart + cropLength` of a `sourceLength` axis
    /// onto `outputLength` pixels. Taps beyond the source repeat its edge pixel.
    init(sourceLength: Int, cropStart: Double, cropLength: Double, outputLength: Int) {
        let sourcePerOutput = cropLength / Double(outputLength)
        let filterScale = max(1, sourcePerOutput)
        let support = 3 * filterScale
        let maxTaps = Int(ceil(support * 2)) + 3
        var firstSource = [Int](repeating: 0, count: outputLength)
        var weights = [Int32](repeating: 0, count: outputLength * maxTaps)
        var tapCount = 1
        var raw = [Double](repeating: 0, count: maxTaps)
        for output in 0..<outputLength {
            let center = cropStart + (Double(output) + 0.5) * sourcePerOutput
            let low = Int(floor(center - support))
            let high = Int(ceil(center + support))
            // Gather weights by clamped source index, so edge taps fold onto the edge pixel.
            let first = min(max(low, 0), sourceLength - 1)
            let last = min(max(high, 0), sourceLength - 1)
            let taps = last - first + 1
            for i in 0..<taps { raw[i] = 0 }
            var total = 0.0
            for j in low...high {
                let w = Self.lanczos3((Double(j) + 0.5 - center) / filterScale)
                if w == 0 { continue }
                raw[min(max(j, 0), sourceLength - 1) - first] += w
                total += w
            }
            // Quantise so the weights sum to exactly `one`: a flat area stays flat.
            var sum: Int32 = 0
            var largest = 0
            for i in 0..<taps {
                let q = Int32((raw[i] / total * Double(Self.one)).rounded())
                weights[output * maxTaps + i] = q
                sum += q
                if abs(raw[i]) > abs(raw[largest]) { largest = i }
            }
            weights[output * maxTaps + largest] += Self.one - sum
            firstSource[output] = first
            tapCount = max(tapCount, taps)
        }
        // Compact to the widest row actually used. Every output then reads exactly
        // `tapCount` pixels, so a row that would run past the edge starts earlier instead,
        // its weights shifted right (the extra taps weigh zero).
        var compact = [Int32](repeating: 0, count: outputLength * tapCount)
        for output in 0..<outputLength {
            let start = min(firstSource[output], sourceLength - tapCount)
            let shift = firstSource[output] - start
            for i in 0..<(tapCount - shift) {
                compact[output * tapCount + shift + i] = weights[output * maxTaps + i]
            }
            firstSource[output] = start
        }
        self.outputCount = outputLength
        self.tapCount = tapCount
        self.firstSource = firstSource
        self.weights = compact
    }

    /// Every source index some tap touches, zero-weight taps included (each output reads
    /// exactly `tapCount` pixels).
    var tapRange: ClosedRange<Int> {
        (firstSource.min() ?? 0)...((firstSource.max() ?? 0) + tapCount - 1)
    }
}
