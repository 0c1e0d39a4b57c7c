import Platform
import Testing

/// Lock, Condition and startDetachedThread replace NSLock, NSCondition and Thread.
struct LockTests {
    final class Counter: @unchecked Sendable {
        let lock = Lock()
        var value = 0
    }

    @Test func theLockSerialisesIncrements() {
        let counter = Counter()
        let condition = Condition()
        let finished = Counter()
        for _ in 0..<8 {
            startDetachedThread {
                for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } }
                condition.withLock {
                    finished.value += 1
                    condition.broadcast()
                }
            }
        }
        condition.withLock { while finished.value < 8 { condition.wait() } }
        #expect(counter.lock.withLock { counter.value } == 80_000)
    }

    @Test func withLockPassesTypedErrorsThrough() {
        struct Refused: Error {}
        let lock = Lock()
        #expect(throws: Refused.self) { try lock.withLock { () throws(Refused) -> Int in throw Refused() } }
        // The lock was released by the throw.
        #expect(lock.withLock { 1 } == 1)
    }
}
