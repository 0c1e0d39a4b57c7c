import Glibc

/// Starts `body` on a new thread of its own and returns at once.
///
/// For work that blocks for long stretches (a decoder feeding rows, a pipe drained
/// to its end), which would hold one of Dispatch's few pool threads for all that time.
public func startDetachedThread(_ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(
        &thread, nil,
        { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, box)
    precondition(status == 0, "cannot start a thread: \(String(cString: strerror(status)))")
    pthread_detach(thread)
}

private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
