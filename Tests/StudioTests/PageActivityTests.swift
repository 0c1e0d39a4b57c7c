import Dispatch
import Foundation
import Testing

@testable import Studio

/// A studio started from the desktop's menu stops once its page is closed: the page's
/// silence, measured by `PageActivity` on a thread of its own, with short times.
@Suite struct PageActivityTests {
    /// A watched activity (after `busy` has touched it or not) and the signal of its stop.
    static func stops(
        closedAfter: Double, unopenedAfter: Double, while busy: (PageActivity) -> Void = { _ in }
    ) -> (PageActivity, DispatchSemaphore) {
        let activity = PageActivity()
        let stopped = DispatchSemaphore(value: 0)
        busy(activity)
        activity.stopWhenClosed(
            closedAfter: .milliseconds(Int(closedAfter * 1000)),
            unopenedAfter: .milliseconds(Int(unopenedAfter * 1000)),
            checkEvery: .milliseconds(20)
        ) { stopped.signal() }
        return (activity, stopped)
    }

    @Test func aClosedPageStopsTheStudio() {
        let (activity, stopped) = Self.stops(closedAfter: 0.3, unopenedAfter: 60) { $0.touch() }
        #expect(stopped.wait(timeout: .now() + 5) == .success, "not stopped after the page fell silent")
        _ = activity
    }

    @Test func aPageNeverOpenedStopsItToo() {
        let (_, stopped) = Self.stops(closedAfter: 60, unopenedAfter: 0.3)
        #expect(stopped.wait(timeout: .now() + 5) == .success, "not stopped though no page ever asked")
    }

    /// A page that keeps asking keeps the studio running; once it stops, the studio does.
    @Test func anOpenPageKeepsItRunning() {
        let (activity, stopped) = Self.stops(closedAfter: 0.4, unopenedAfter: 0.4) { $0.touch() }
        for _ in 0..<15 {
            #expect(stopped.wait(timeout: .now() + 0.1) == .timedOut, "stopped while the page was asking")
            activity.touch()
        }
        #expect(stopped.wait(timeout: .now() + 5) == .success)
    }
}
