import Glibc

/// This program's own file, held open from the moment a long-running command (the studio)
/// starts, so it can run itself again however much later: a package upgrade replaces
/// `/usr/bin/wallgen` under a running studio, and that path then names another file (or,
/// between removal and install, none), while the open descriptor still holds this one.
public final class OwnExecutable: Sendable {
    /// The file's path as it was when opened.
    public let path: String
    private let descriptor: Int32

    /// Opens `/proc/self/exe`; nil when it cannot be opened.
    public init?() {
        let opened = open("/proc/self/exe", O_RDONLY | O_CLOEXEC)
        guard opened >= 0 else { return nil }
        descriptor = opened
        path = Self.livePath(PathQueries.linkTarget("/proc/self/exe") ?? CommandLine.arguments[0])
    }

    deinit { close(descriptor) }

    /// A path that runs this very file from a process this one starts, while this one
    /// lives: the descriptor as this process's `/proc` shows it (the child's own
    /// descriptors are not this one's, and this one closes on exec).
    public var runnablePath: String { "/proc/\(getpid())/fd/\(descriptor)" }

    /// The path the kernel gives for a running program, without the ` (deleted)` it adds
    /// once the file was removed or replaced (an upgrade): the path is where the program
    /// now installed is, which is what a record made now (a systemd unit) should name.
    public static func livePath(_ target: String) -> String {
        let suffix = " (deleted)"
        guard target.hasSuffix(suffix) else { return target }
        return String(target.dropLast(suffix.count))
    }
}
