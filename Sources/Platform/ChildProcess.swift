import CFiles
import Glibc

/// A program run with pipes on its standard input, output and error: `posix_spawn`, the
/// pipes drained at once (a chatty child never blocks on a full pipe) and the child waited
/// for. `run` does all of it; `start` hands back the running child, which another thread
/// may `terminate` while one thread `finish`es it.
public final class ChildProcess: Sendable {
    /// What the child left: its exit status (or the number of the signal that ended it)
    /// and the bytes it wrote.
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]
    }

    /// Where the child's output and errors go.
    public enum Output: Sendable {
        /// Each to a pipe of its own, collected apart.
        case separate
        /// Errors into the output's pipe (`2>&1`), collected together as the output.
        case merged
        /// Both to /dev/null (a child that may start a long-lived program of its own, as
        /// xdg-open starts a browser, would otherwise hold the pipes open).
        case discarded
    }

    /// The child's process ID, valid until `finish` has reaped it.
    public let pid: pid_t
    private let output: Int32?
    private let errors: Int32?
    /// Set under the condition's lock once the child is reaped: from then on its PID may
    /// be another process's, and `terminate` sends nothing.
    private let state = Condition()
    nonisolated(unsafe) private var reaped = false

    private init(pid: pid_t, output: Int32?, errors: Int32?) {
        self.pid = pid
        self.output = output
        self.errors = errors
    }

    /// Runs the executable at `path` with `arguments` (argv, its own name first) and
    /// exactly `environment`, feeding it `input`, to its end. Throws the C library's
    /// reason when the program cannot be started.
    public static func run(
        path: String, arguments: [String], environment: [String: String], input bytes: [UInt8],
        output: Output = .separate
    ) throws(SpawnFailure) -> Outcome {
        try start(path: path, arguments: arguments, environment: environment, input: bytes, output: output).finish()
    }

    /// Starts the program as `run` does and returns at once; its input is written on a
    /// thread of its own. Call `finish` once.
    public static func start(
        path: String, arguments: [String], environment: [String: String], input bytes: [UInt8],
        output destination: Output = .separate
    ) throws(SpawnFailure) -> ChildProcess {
        let input = try makePipe()
        var output: Pipe? = nil
        var errors: Pipe? = nil
        do throws(SpawnFailure) {
            if destination != .discarded { output = try makePipe() }
            if destination == .separate { errors = try makePipe() }
        } catch {
            // Out of descriptors part way: the pipes already made are not kept open.
            for pipe in [input, output, errors].compactMap({ $0 }) {
                close(pipe.read)
                close(pipe.write)
            }
            throw error
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; dup2 gives the child copies without that flag.
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        if let output {
            posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        if let errors {
            posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Nothing else of this process reaches the child, close-on-exec or not.
        wg_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no blocked signals and every signal at its default
        // action, whatever this process ignores (SIGPIPE) or blocks.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child = pid_t()
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        // The child's ends are the child's now.
        close(input.read)
        if let output { close(output.write) }
        if let errors { close(errors.write) }
        guard spawned == 0 else {
            close(input.write)
            if let output { close(output.read) }
            if let errors { close(errors.read) }
            throw SpawnFailure(reason: String(cString: strerror(spawned)))
        }
        let inputPipe = input
        startDetachedThread {
            writeAll(bytes, to: inputPipe.write)
            close(inputPipe.write)
        }
        return ChildProcess(pid: child, output: output?.read, errors: errors?.read)
    }

    /// Reads the child's output and errors to their ends, waits for it to exit and reaps it.
    public func finish() -> Outcome {
        let collected = ErrorBytes()
        let errorsDone = Condition()
        if let errors {
            startDetachedThread {
                let bytes = Self.readToEnd(errors)
                close(errors)
                errorsDone.withLock {
                    collected.bytes = bytes
                    collected.done = true
                    errorsDone.broadcast()
                }
            }
        }
        var outputBytes: [UInt8] = []
        if let output {
            outputBytes = Self.readToEnd(output)
            close(output)
        }
        let errorBytes: [UInt8] =
            errors == nil
            ? []
            : errorsDone.withLock {
                while !collected.done { errorsDone.wait() }
                return collected.bytes
            }
        // Waited for without reaping first, so `terminate` never signals a PID that has
        // been handed to another process.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
        var status: Int32 = 0
        state.withLock {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            state.broadcast()
        }
        let signal = status & 0x7F
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, standardOutput: outputBytes,
            standardError: errorBytes)
    }

    /// Sends SIGTERM, unless the child has been reaped already.
    public func terminate() {
        state.withLock {
            if !reaped { kill(pid, SIGTERM) }
        }
    }

    /// Waits until `finish` (on another thread) has reaped the child.
    public func waitUntilReaped() {
        state.withLock {
            while !reaped { state.wait() }
        }
    }

    private struct Pipe: Sendable {
        let read: Int32
        let write: Int32
    }

    private final class ErrorBytes: @unchecked Sendable {
        var bytes: [UInt8] = []
        var done = false
    }

    /// A pipe whose ends close on exec (the child gets its copies through dup2).
    private static func makePipe() throws(SpawnFailure) -> Pipe {
        var ends: [Int32] = [0, 0]
        guard wg_pipe_cloexec(&ends) == 0 else { throw SpawnFailure(reason: String(cString: strerror(errno))) }
        return Pipe(read: ends[0], write: ends[1])
    }

    private static func readToEnd(_ descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return bytes }
            bytes += chunk[..<got]
        }
    }

    /// Writes what the child will take; stops when it closes its end. SIGPIPE is
    /// blocked on this thread, so that write fails with EPIPE instead of ending the
    /// process (the signal stays pending on this thread, which then ends).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                done += written
            }
        }
    }
}

/// Why a program could not be started, as the C library words it.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}
