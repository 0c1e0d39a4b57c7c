internal import CImaging

/// A filter's taps laid out for the AVX2 row loops in C (`resample_rows.c`), which
/// multiply 16-bit numbers in pairs: each output's window is padded to whole groups of
/// four source pixels, and its weights are stored 16 to a group (the first two taps'
/// weights four times, then the other two's), the order the loop's pixels arrive in.
struct PackedTaps: Sendable {
    /// The first source pixel of each output's padded window.
    let starts: [Int32]
    /// `16 * groupCount` weights per output.
    let weights: [Int16]
    let groupCount: Int

    /// Nil when the loops cannot take these weights: one beyond 16 bits, or a source
    /// narrower than a padded window (whose pixels must all lie inside the row).
    init?(_ filter: FilterWeights, sourceLength: Int) {
        self.init(
            firstSource: filter.firstSource, weights: filter.weights, tapCount: filter.tapCount,
            sourceLength: sourceLength)
    }

    /// `tapCount` weights per output from `firstSource`, every window inside the row.
    init?(firstSource: [Int], weights filterWeights: [Int32], tapCount taps: Int, sourceLength: Int) {
        let groupCount = (taps + 3) / 4
        let paddedTaps = 4 * groupCount
        guard !firstSource.isEmpty, paddedTaps <= sourceLength, filterWeights.allSatisfy(Self.fitsSixteenBits)
        else { return nil }
        var starts = [Int32](repeating: 0, count: firstSource.count)
        var weights = [Int16](repeating: 0, count: firstSource.count * 16 * groupCount)
        for output in firstSource.indices {
            // A window that would run past the row's end starts earlier, its weights
            // shifted right (as FilterWeights does for its own padding).
            let start = min(firstSource[output], sourceLength - paddedTaps)
            let shift = firstSource[output] - start
            starts[output] = Int32(start)
            for tap in 0..<taps {
                let weight = Int16(filterWeights[output * taps + tap])
                let padded = tap + shift
                // Group g holds taps 4g, 4g+1 (four times) in its first eight slots and
                // 4g+2, 4g+3 in its last eight.
                let slot = output * 16 * groupCount + 16 * (padded / 4) + (padded % 4) / 2 * 8 + padded % 2
                for copy in 0..<4 { weights[slot + 2 * copy] = weight }
            }
        }
        self.starts = starts
        self.weights = weights
        self.groupCount = groupCount
    }

    static func fitsSixteenBits(_ weight: Int32) -> Bool { Int32(Int16.min)...Int32(Int16.max) ~= weight }

    /// One source row through the filter into `destination`.
    func filter(_ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>) {
        starts.withUnsafeBufferPointer { starts in
            weights.withUnsafeBufferPointer { weights in
                wg_resample_row_horizontally(
                    source, destination, starts.count, starts.baseAddress!, weights.baseAddress!, groupCount)
            }
        }
    }
}
