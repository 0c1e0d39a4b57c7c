import Dispatch

/// Bounds the renders running at once. civetweb gives every connection a thread, so 50
/// previews asked together would otherwise render 50 pictures at once, each wanting every
/// core and its own canvas; the rest wait here in turn. Each render already spreads its
/// rows over the cores, so one per core keeps the machine busy without oversubscribing it.
final class RenderGate: Sendable {
    private let slots: DispatchSemaphore

    init(renders: Int) {
        slots = DispatchSemaphore(value: max(1, renders))
    }

    func run<Result, Failure: Error>(_ work: () throws(Failure) -> Result) throws(Failure) -> Result {
        slots.wait()
        defer { slots.signal() }
        return try work()
    }
}
