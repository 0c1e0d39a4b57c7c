import Foundation
import Platform
import Synchronization
import Testing

/// `ChildProcess` runs the desktop's setters and queries in place of Foundation's
/// `Process`; these run real programs from the system (sh, cat, head) and check what
/// came back.
struct ChildProcessTests {
    let environment = ["PATH": "/usr/bin:/bin", "WG_CHILD_TEST": "a b=c\u{E9}"]

    @Test func collectsBothStreamsAndTheStatus() throws {
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "printf out; printf err >&2; exit 3"],
            environment: environment, input: [])
        #expect(outcome.status == 3)
        #expect(outcome.standardOutput == Array("out".utf8))
        #expect(outcome.standardError == Array("err".utf8))
    }

    @Test func theChildGetsExactlyTheEnvironmentAndArguments() throws {
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "printf '%s|' \"$0\" \"$1\"; env", "zero", "one two"],
            environment: environment, input: [])
        let text = String(decoding: outcome.standardOutput, as: UTF8.self)
        #expect(text.hasPrefix("zero|one two|"))
        let lines = Set(text.dropFirst("zero|one two|".count).split(separator: "\n").map(String.init))
        #expect(lines.contains("WG_CHILD_TEST=a b=c\u{E9}"))
        #expect(lines.contains("PATH=/usr/bin:/bin"))
        #expect(!lines.contains { $0.hasPrefix("HOME=") })
    }

    /// Megabytes each way at once: the pipes are drained while the input is written, so
    /// neither side blocks on a full pipe.
    @Test func largeInputAndOutputDoNotDeadlock() throws {
        let input = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "cat; head -c 2000000 /dev/zero >&2"],
            environment: environment, input: input)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == input)
        #expect(outcome.standardError.count == 2_000_000)
    }

    /// A child that stops reading early: the rest of the input is dropped (EPIPE), this
    /// process goes on.
    @Test func aChildThatIgnoresItsInputIsFine() throws {
        let input = [UInt8](repeating: 65, count: 5_000_000)
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "head -c 10"], environment: environment, input: input)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == [UInt8](repeating: 65, count: 10))
    }

    /// Ended by a signal: the status is the signal's number, as Foundation's Process gave it.
    @Test func aSignalIsTheStatus() throws {
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "kill -TERM $$"], environment: environment, input: [])
        #expect(outcome.status == SIGTERM)
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: SpawnFailure.self) {
            try ChildProcess.run(
                path: "/nonexistent/program", arguments: ["program"], environment: environment, input: [])
        }
    }

    /// No descriptor of this process reaches the child beyond its three streams.
    @Test func noOtherDescriptorIsInherited() throws {
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "ls /proc/self/fd"], environment: environment, input: [])
        let descriptors = String(decoding: outcome.standardOutput, as: UTF8.self).split(separator: "\n").compactMap {
            Int($0)
        }
        // 0, 1, 2 and the one ls opens to read the folder.
        #expect(descriptors.filter { $0 > 2 }.count <= 1, "\(descriptors)")
    }

    /// `.merged` is `2>&1`: both streams in the order written, in the output.
    @Test func mergedErrorsArriveInTheOutputInOrder() throws {
        let outcome = try ChildProcess.run(
            path: "/bin/sh", arguments: ["/bin/sh", "-c", "printf 1; printf 2 >&2; printf 3; printf 4 >&2"],
            environment: environment, input: [], output: .merged)
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "1234")
        #expect(outcome.standardError.isEmpty)
    }

    /// `.discarded` points both streams at /dev/null: a child the program leaves running
    /// (here a sleep in the background, as xdg-open leaves a browser) holds no pipe of
    /// ours, so finishing does not wait for it.
    @Test func discardedOutputGoesToTheNullDeviceAndIsNotWaitedFor() throws {
        let clock = ContinuousClock()
        let started = clock.now
        let outcome = try ChildProcess.run(
            path: "/bin/sh",
            arguments: ["/bin/sh", "-c", "readlink /proc/self/fd/1 >&2; sleep 30 & echo $! >&2; exit 4"],
            environment: environment, input: [], output: .discarded)
        #expect(outcome.status == 4)
        #expect(outcome.standardOutput.isEmpty && outcome.standardError.isEmpty)
        // A pipe held by the sleep would have kept finish() waiting its 30 s.
        #expect(clock.now - started < .seconds(20))
    }

    /// The studio's stop: another thread terminates a running child and waits until the
    /// thread that finishes it has reaped it; the status is the signal.
    @Test func terminateEndsARunningChildAndWaitsForItsReaping() throws {
        let child = try ChildProcess.start(
            path: "/bin/sleep", arguments: ["sleep", "60"], environment: environment, input: [])
        let result = Mutex<ChildProcess.Outcome?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let outcome = child.finish()
            result.withLock { $0 = outcome }
            finished.signal()
        }
        child.terminate()
        child.waitUntilReaped()
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(result.withLock { $0?.status } == SIGTERM)
        // Reaped: the PID is no child of this process any more (so terminating again,
        // which must send nothing, could not reach a process that took the number).
        #expect(waitpid(child.pid, nil, WNOHANG) == -1 && errno == ECHILD)
        child.terminate()
    }

    /// Out of descriptors after the first pipe: the start fails with the reason and the
    /// pipe it had made is closed again (before, its two descriptors stayed open).
    @Test func aStartOutOfDescriptorsClosesThePipesItMade() async {
        await #expect(processExitsWith: .exitCode(0)) {
            // Fill every hole below the highest open descriptor, then allow three more:
            // the input pipe takes two, the output pipe cannot have its two.
            let open = Set(
                (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd"))?.compactMap { Int32($0) } ?? [])
            let top = open.max() ?? 2
            for descriptor in 0...top where fcntl(descriptor, F_GETFD) < 0 { dup2(0, descriptor) }
            var limit = rlimit()
            getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            limit.rlim_cur = rlim_t(top + 1 + 3)
            guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { exit(10) }
            do {
                _ = try ChildProcess.start(
                    path: "/bin/true", arguments: ["/bin/true"], environment: [:], input: [], output: .separate)
                exit(11)
            } catch {
                guard (error as? SpawnFailure)?.reason == String(cString: strerror(EMFILE)) else { exit(12) }
            }
            // The start's two input-pipe descriptors are free again. Another thread of this
            // process (the test library's, in the exit test's child) may open a file at any
            // moment and take one of these numbers; that failed this test twice in full runs
            // on a loaded machine. So a leak is told by what it leaves: the two ends of one
            // pipe, both still open.
            let taken = (top + 1...top + 3).filter { fcntl($0, F_GETFD) >= 0 }
            let pipeEnds = taken.compactMap { descriptor -> ino_t? in
                var status = stat()
                guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFIFO else { return nil }
                return status.st_ino
            }
            guard Set(pipeEnds).count == pipeEnds.count else { exit(22) }
            // And what is free can be used: a pipe needs two.
            if taken.count <= 1 {
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { exit(13) }
            }
            exit(0)
        }
    }
}
