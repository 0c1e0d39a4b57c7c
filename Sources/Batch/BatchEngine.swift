import Dispatch
import Platform

/// The one engine behind every command that makes many pictures: `batch`'s manifest
/// rows, `terms`' cards and `schedule`'s pictures. It knows no pixels: each caller hands
/// it the items and a function that makes one and writes it.
///
/// Items are pulled as slots free up, so at most `jobs` are made at once, and as many
/// more writing their files (`BatchSlot`), however many there are (a million-row
/// manifest is never in memory); each finishes on its own and
/// one failing does not stop the others; `finished` sees each outcome once, one at a
/// time, and the engine keeps only the counts and the first failures.
public struct BatchEngine: Sendable {
    /// Items made at the same time.
    public let jobs: Int
    /// The CPUs the process may use (`CPUAllowance`).
    public let cpus: Int

    /// `jobs` is capped at `cpus`, the CPUs the process may use, and is at least 1.
    public init(jobs: Int?, cpus: Int) {
        self.cpus = max(1, cpus)
        self.jobs = min(max(1, jobs ?? self.cpus), self.cpus)
    }

    /// Threads one item's own work may split across: what the items at once leave, so
    /// items times threads never exceeds the CPUs.
    public var threadsPerItem: Int { max(1, cpus / jobs) }

    /// The first failures kept for the summary (the rest are counted).
    public static let keptFailures = 20

    /// Makes every item `next` gives until it gives nil or throws (a manifest that changed
    /// since it was checked: recorded as a failure, and no further item is read).
    /// `make` runs on worker threads, `jobs` at once, each with its place (`BatchSlot`),
    /// which it may give to the next item while it writes its file; `finished` is called
    /// with each item and its outcome, one at a time (under the engine's lock), before the
    /// progress line moves on; `label` names an item on that line.
    public func run<Item: Sendable, Made: Sendable>(
        next: () throws(BatchFailure) -> Item?,
        make: @escaping @Sendable (Item, BatchSlot) -> BatchOutcome<Made>,
        finished: @escaping @Sendable (Item, BatchOutcome<Made>) -> Void = { _, _ in },
        progress: BatchProgress? = nil,
        label: @escaping @Sendable (Item) -> String = { _ in "" }
    ) -> BatchTally {
        let state = EngineState(progress: progress)
        let slots = DispatchSemaphore(value: jobs)
        let writers = DispatchSemaphore(value: jobs)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "wallgen.batch", attributes: .concurrent)
        // Each item's position, which orders the summary's failures.
        var position = 0
        while true {
            let item: Item?
            do {
                item = try next()
            } catch {
                state.record(error, item: position)
                break
            }
            guard let item else { break }
            slots.wait()
            group.enter()
            // The queue is an overcommitting one (libdispatch's default for a queue of its
            // own): an item that gives its place while it writes does not hold back a thread
            // for the next.
            queue.async { [position] in
                let slot = BatchSlot(computing: slots, writers: writers)
                let outcome = make(item, slot)
                state.record(outcome, item: position) {
                    finished(item, outcome)
                    return label(item)
                }
                slot.end()
                group.leave()
            }
            position += 1
        }
        group.wait()
        progress?.clear()
        return state.tally
    }

    /// The same over a list already in memory (the 24 cards).
    public func run<Item: Sendable, Made: Sendable>(
        _ items: [Item],
        make: @escaping @Sendable (Item, BatchSlot) -> BatchOutcome<Made>,
        finished: @escaping @Sendable (Item, BatchOutcome<Made>) -> Void = { _, _ in },
        progress: BatchProgress? = nil,
        label: @escaping @Sendable (Item) -> String = { _ in "" }
    ) -> BatchTally {
        var rest = items[...]
        return run(
            next: { () throws(BatchFailure) in rest.popFirst() }, make: make, finished: finished,
            progress: progress, label: label)
    }
}

/// The counts and first failures of one run, shared by its worker threads.
private final class EngineState: @unchecked Sendable {
    private let lock = Lock()
    private let progress: BatchProgress?
    private(set) var tally = BatchTally()

    init(progress: BatchProgress?) {
        self.progress = progress
    }

    func record<Made: Sendable>(_ outcome: BatchOutcome<Made>, item: Int, _ finished: () -> String) {
        lock.withLock {
            switch outcome {
            case .done: tally.done += 1
            case .skipped: tally.skipped += 1
            case .failed(let failure): tally.add(failure, item: item)
            }
            let label = finished()
            progress?.advance(label: label)
        }
    }

    /// The source failed when asked for the item at position `item`.
    func record(_ failure: BatchFailure, item: Int) {
        lock.withLock { tally.add(failure, item: item) }
    }
}
