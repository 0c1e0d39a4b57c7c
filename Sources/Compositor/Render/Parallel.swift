import Dispatch
import FoundationEssentials
import Synchronization

/// Splits row ranges across threads, never more than asked for.
///
/// Rows of an image are independent, so every stage (resampling, compositing) can
/// run its rows on several cores. A batch that renders several images at once asks
/// each image for fewer workers, so the two kinds of parallelism never oversubscribe.
public enum Parallel {
    /// The CPUs this process may use: its affinity mask and cgroup quota (see `CPUAllowance`).
    public static let availableCores = CPUAllowance.current.cpus

    /// Calls `body` with disjoint ranges that together cover `0..<count`, on at most
    /// `workers` threads at once. Ranges are contiguous so each thread walks memory in order.
    public static func forEachChunk(
        of count: Int, workers: Int, minimumChunk: Int = 16, _ body: @Sendable (Range<Int>) -> Void
    ) {
        guard count > 0 else { return }
        let chunks = min(max(1, workers), max(1, count / max(1, minimumChunk)))
        if chunks == 1 {
            body(0..<count)
            return
        }
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let start = count * chunk / chunks
            let end = count * (chunk + 1) / chunks
            body(start..<end)
        }
    }

    /// Calls `body` on at most `workers` threads at once, each with `next`, which hands
    /// out the items of `0..<count` one at a time, each to one thread, until none is
    /// left. For items of uneven cost (a PNG's bands: a picture's busy rows take longer
    /// than a flat sky), where fixed ranges would leave a thread idle while another
    /// finishes its share.
    public static func forEachItem(
        of count: Int, workers: Int, _ body: @Sendable (_ next: @Sendable () -> Int?) -> Void
    ) {
        guard count > 0 else { return }
        let taken = Atomic<Int>(0)
        let next: @Sendable () -> Int? = {
            let item = taken.wrappingAdd(1, ordering: .relaxed).oldValue
            return item < count ? item : nil
        }
        let threads = min(max(1, workers), count)
        if threads == 1 {
            body(next)
            return
        }
        DispatchQueue.concurrentPerform(iterations: threads) { _ in body(next) }
    }
}
