import Glibc

/// Starts `body` on a new thread of its own and returns at once.
///
/// For work that blocks for long stretches (a decoder feeding rows, a pipe drained
/// to its end), which would hold one of Dispatch's few pool threads for all that time.
/// `stackSize`, in bytes, when the C library's default will not do (a thread that may
/// render, and so parse fontconfig's configuration, wants as much as the main thread).
public func startDetachedThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    let status = pthread_create(
        &thread, &attributes,
        { context in
            let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
            body.run()
            return nil
        }, box)
    precondition(status == 0, "cannot start a thread: \(String(cString: strerror(status)))")
}

private final class ThreadBody {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
