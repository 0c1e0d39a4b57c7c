import Foundation

/// What one run of `wallgen` did, with the peak memory its process used.
struct MeasuredRun {
    let status: Int32
    /// The signal that ended the process, if one did.
    let signal: Int32?
    let standardError: String
    /// Peak resident memory in megabytes, as `wallgen --verbose` reports it (the kernel's
    /// high-water mark of its own memory), or infinity when it did not report.
    let peakMegabytes: Double
}

/// Starts `wallgen --verbose` with posix_spawn and reaps it with wait4. (getrusage's
/// maxrss cannot be used: Linux counts the parent's memory before exec into the
/// child's.) `during` runs while it works, with its process id (to send a signal, say).
/// `environment` adds variables (through env(1), which execs wallgen in turn).
func measuredRun(
    _ arguments: [String], in folder: String, environment: [String: String] = [:], during: ((pid_t) -> Void)? = nil
) throws -> MeasuredRun {
    let errorPath = NSTemporaryDirectory() + "wallgen-stderr-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: errorPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    // The shell only changes folder and execs wallgen in its place: same process, so
    // wait4's figures are wallgen's own.
    let executable = productsFolder.appendingPathComponent("wallgen").path
    let variables = environment.isEmpty ? [] : ["/usr/bin/env"] + environment.map { "\($0.key)=\($0.value)" }.sorted()
    let command =
        ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder] + variables + [executable, "--verbose"] + arguments
    let argv = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    let pid = try spawnWithDefaultSignals("/bin/sh", argv, actions: &actions)
    during?(pid)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let signaled = status & 0x7F != 0 && status & 0x7F != 0x7F
    let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
    let peak = errors.split(separator: "\n").first { $0.hasPrefix("wallgen: peak memory ") }
        .flatMap { Double($0.split(separator: " ")[3]) }
    return MeasuredRun(
        status: signaled ? -1 : (status >> 8) & 0xFF, signal: signaled ? status & 0x7F : nil,
        standardError: errors, peakMegabytes: peak ?? .infinity)
}

/// Starts a program whose signals are at their defaults and unblocked, as from a shell.
/// (Ignored signals and the spawning thread's blocked set are inherited, and a test
/// runner's worker threads block signals: a server started with `Process` would ignore
/// the SIGTERM that should stop it.)
func spawnWithDefaultSignals(
    _ path: String, _ argv: [UnsafeMutablePointer<CChar>?], actions: inout posix_spawn_file_actions_t
) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    posix_spawnattr_setsigmask(&attributes, &unblocked)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw NSError(domain: "spawn", code: Int(spawned)) }
    return pid
}

/// A program that runs in the background while a test needs it (an X server), stopped
/// with SIGTERM, so it removes what it made (its lock file and socket), and reaped.
final class BackgroundProgram {
    let pid: pid_t

    init(_ path: String, _ arguments: [String]) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        pid = try spawnWithDefaultSignals(path, argv, actions: &actions)
    }

    func stop() {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
