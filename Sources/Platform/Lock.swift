import Glibc

/// A mutual-exclusion lock, for state that several threads share and no `Mutex` can
/// own (it is spread over a class's stored properties).
///
/// A pthread mutex in memory of its own, so it never moves.
public final class Lock: @unchecked Sendable {
    fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the lock.
    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A lock with a condition variable: threads wait inside `withLock` until another
/// changes the guarded state and wakes them.
public final class Condition: @unchecked Sendable {
    private let guardLock = Lock()
    private let variable: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        variable = .allocate(capacity: 1)
        variable.initialize(to: pthread_cond_t())
        pthread_cond_init(variable, nil)
    }

    deinit {
        pthread_cond_destroy(variable)
        variable.deallocate()
    }

    public func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try guardLock.withLock(body)
    }

    /// Sleeps until woken; only inside `withLock`, and always in a loop that checks
    /// the state again (a wake-up can be spurious).
    public func wait() { pthread_cond_wait(variable, guardLock.mutex) }

    /// Wakes every waiting thread; inside `withLock`, after changing the state.
    public func broadcast() { pthread_cond_broadcast(variable) }
}
