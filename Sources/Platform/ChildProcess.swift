import CFiles
import Glibc

/// Runs a program to its end with pipes on its standard input, output and error:
/// `posix_spawn`, the pipes drained at once (a chatty child never blocks on a full
/// pipe) and the child waited for.
public enum ChildProcess {
    /// What the child left: its exit status (or the number of the signal that ended it)
    /// and the bytes it wrote.
    public struct Outcome: Sendable {
        public let status: Int32
        public let standardOutput: [UInt8]
        public let standardError: [UInt8]
    }

    /// Runs the executable at `path` with `arguments` (argv, its own name first) and
    /// exactly `environment`, feeding it `input`. Throws the C library's reason when
    /// the program cannot be started.
    public static func run(
        path: String, arguments: [String], environment: [String: String], input bytes: [UInt8]
    ) throws(SpawnFailure) -> Outcome {
        let input = try makePipe()
        let output = try makePipe()
        let errors = try makePipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The pipes are close-on-exec; dup2 gives the child copies without that flag.
        posix_spawn_file_actions_adddup2(&actions, input.read, 0)
        posix_spawn_file_actions_adddup2(&actions, output.write, 1)
        posix_spawn_file_actions_adddup2(&actions, errors.write, 2)
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
        close(input.read)
        close(output.write)
        close(errors.write)
        guard spawned == 0 else {
            close(input.write)
            close(output.read)
            close(errors.read)
            throw SpawnFailure(reason: String(cString: strerror(spawned)))
        }

        let collected = ErrorBytes()
        let errorsDone = Condition()
        startDetachedThread {
            let bytes = readToEnd(errors.read)
            close(errors.read)
            errorsDone.withLock {
                collected.bytes = bytes
                collected.done = true
                errorsDone.broadcast()
            }
        }
        let inputPipe = input
        startDetachedThread {
            writeAll(bytes, to: inputPipe.write)
            close(inputPipe.write)
        }
        let outputBytes = readToEnd(output.read)
        close(output.read)
        let errorBytes = errorsDone.withLock {
            while !collected.done { errorsDone.wait() }
            return collected.bytes
        }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : signal, standardOutput: outputBytes,
            standardError: errorBytes)
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
