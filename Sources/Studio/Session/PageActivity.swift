import Glibc
import Platform
import Synchronization

/// When the page last asked the studio anything (an API request with the token): what a
/// studio started from the desktop's menu watches to stop once its page is closed.
final class PageActivity: Sendable {
    private let last = Mutex<ContinuousClock.Instant?>(nil)
    private let clock = ContinuousClock()

    /// The page asked something now.
    func touch() {
        let now = clock.now
        last.withLock { $0 = now }
    }

    /// Calls `stop` (once) when the page has asked nothing for `closedAfter` since its last
    /// request, or asked nothing at all within `unopenedAfter` of now. Checked every few
    /// seconds on a thread of its own.
    func stopWhenClosed(
        closedAfter: Duration, unopenedAfter: Duration, checkEvery: Duration = .seconds(5),
        stop: @escaping @Sendable () -> Void
    ) {
        let started = clock.now
        startDetachedThread { [self] in
            while true {
                sleepFor(checkEvery)
                let now = clock.now
                let silent = last.withLock { $0 }.map { now - $0 > closedAfter } ?? (now - started > unopenedAfter)
                if silent {
                    stop()
                    return
                }
            }
        }
    }

    private func sleepFor(_ duration: Duration) {
        var remaining = timespec(
            tv_sec: Int(duration.components.seconds), tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&remaining, &left) != 0 && errno == EINTR { remaining = left }
    }
}
