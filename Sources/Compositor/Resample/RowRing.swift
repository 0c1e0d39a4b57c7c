internal import CImaging
import Kernels

extension Resampler {
    /// What one resampling needs, shared by its threads.
    struct Plan: Sendable {
        let source: SourceRows
        let horizontal: FilterWeights
        let vertical: FilterWeights
        let horizontalLoop: HorizontalLoop
        /// `horizontal.tapRange`: the source columns every row's filtering converts.
        let columns: ClosedRange<Int>
        let kernels: any KernelSet.Type
        /// Whether the vertical filter goes through the AVX2 loop in C (its weights are
        /// taken as they are, each within 16 bits).
        let packedVertical: Bool

        /// How source rows go through the horizontal filter: each way's weights are made
        /// only for the way taken, once per resampling.
        enum HorizontalLoop: Sendable {
            /// The AVX2 loop in C, which takes two taps per multiply.
            case packed(PackedTaps)
            /// `ConvolutionLoops.horizontal`, with the weights as floats, and paired.
            case kernels(weights: [Float], paired: [SIMD8<Float>])

            /// The C loop where the processor has AVX2 and the weights fit it, otherwise
            /// the kernels' loop.
            init(_ horizontal: FilterWeights, sourceLength: Int) {
                if KernelChoice.isVectorized, let packed = PackedTaps(horizontal, sourceLength: sourceLength) {
                    self = .packed(packed)
                } else {
                    let weights = horizontal.weights.map(Float.init)
                    self = .kernels(
                        weights: weights,
                        paired: ConvolutionLoops.pairedWeights(
                            weights, tapCount: horizontal.tapCount, outputCount: horizontal.outputCount))
                }
            }
        }
    }

    /// One thread's share of the two passes, fused: source rows go through the
    /// horizontal filter into a ring of as many rows as the vertical filter has taps,
    /// and each output row is summed from there. Output rows move down the source, so a
    /// row filtered for one output row stays in the ring for the next ones that need it,
    /// and nothing as large as the picture is ever written between the passes.
    final class RowRing {
        private let plan: Plan
        private let rowBytes: Int
        private let rows: UnsafeMutablePointer<UInt8>
        /// The source row each slot holds, or -1.
        private let held: UnsafeMutablePointer<Int>
        private let scratch: UnsafeMutablePointer<Float>
        private let sums: UnsafeMutablePointer<Int32>
        /// One output row's rows and weights, for the C loop.
        private let tapRows: UnsafeMutablePointer<UnsafePointer<UInt8>>
        private let tapWeights: UnsafeMutablePointer<Int32>

        init(plan: Plan) {
            self.plan = plan
            rowBytes = plan.horizontal.outputCount * 4
            let slots = plan.vertical.tapCount
            rows = .allocate(capacity: max(rowBytes, 1) * slots)
            held = .allocate(capacity: slots)
            held.initialize(repeating: -1, count: slots)
            scratch = .allocate(capacity: 4 * max(plan.source.width, 1))
            sums = .allocate(capacity: max(rowBytes, 1))
            tapRows = .allocate(capacity: slots)
            tapWeights = .allocate(capacity: slots)
        }

        deinit {
            rows.deallocate()
            held.deallocate()
            scratch.deallocate()
            sums.deallocate()
            tapRows.deallocate()
            tapWeights.deallocate()
        }

        /// Output row `y` into `destination`. False if the picture's decoding failed
        /// before a row it needs arrived (the decoder's `finish` then throws).
        func makeRow(_ y: Int, into destination: UnsafeMutablePointer<UInt8>, progress: DecodeProgress?) -> Bool {
            let vertical = plan.vertical
            let taps = vertical.tapCount
            let first = vertical.firstSource[y]
            var used = 0
            for t in 0..<taps {
                let weight = vertical.weights[y * taps + t]
                if weight == 0 { continue }
                let sourceRow = first + t
                // Rows one output row needs are consecutive, so never share a slot.
                let slot = sourceRow % taps
                let row = rows + slot * rowBytes
                if held[slot] != sourceRow {
                    // Rows above this output row's window will not be read again.
                    guard progress?.waitForRow(sourceRow, needingFrom: first) ?? true else { return false }
                    filter(sourceRow, into: row)
                    held[slot] = sourceRow
                }
                tapRows[used] = UnsafePointer(row)
                tapWeights[used] = weight
                used += 1
            }
            if plan.packedVertical {
                wg_resample_row_vertically(tapRows, tapWeights, used, destination, rowBytes)
                return true
            }
            // Weights sum to one, so every row has a tap; zeroed sums only keep them defined.
            if used == 0 { sums.initialize(repeating: 0, count: rowBytes) }
            for t in 0..<used {
                let weight = tapWeights[t]
                if t == 0 {
                    plan.kernels.startTaps(tapRows[t], weight: weight, into: sums, count: rowBytes)
                } else {
                    plan.kernels.accumulateTap(tapRows[t], weight: weight, into: sums, count: rowBytes)
                }
            }
            plan.kernels.storeSums(sums, into: destination, pixelCount: rowBytes / 4)
            return true
        }

        /// One source row through the horizontal filter.
        private func filter(_ sourceRow: Int, into row: UnsafeMutablePointer<UInt8>) {
            let (weights, pairedWeights): ([Float], [SIMD8<Float>])
            switch plan.horizontalLoop {
            case .packed(let packed):
                packed.filter(plan.source.row(sourceRow), into: row)
                return
            case .kernels(let floats, let paired):
                (weights, pairedWeights) = (floats, paired)
            }
            let horizontal = plan.horizontal
            weights.withUnsafeBufferPointer { weights in
                pairedWeights.withUnsafeBufferPointer { pairedWeights in
                    horizontal.firstSource.withUnsafeBufferPointer { firstSource in
                        // Zero-weight taps are read too, and 0 times an unconverted float
                        // could be NaN, so every column a tap touches is converted.
                        plan.kernels.convolveHorizontally(
                            plan.source.row(sourceRow), into: row, outputCount: horizontal.outputCount,
                            firstSource: firstSource.baseAddress!, weights: weights.baseAddress!,
                            pairedWeights: pairedWeights.baseAddress!, tapCount: horizontal.tapCount,
                            scratch: scratch, columns: plan.columns)
                    }
                }
            }
        }
    }
}
