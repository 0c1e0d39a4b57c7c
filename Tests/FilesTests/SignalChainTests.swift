import Foundation
import TestSupport
import Testing

@testable import Files

/// What was seen by the handlers the tests install before the writer's; set only inside
/// the exit tests' own processes.
nonisolated(unsafe) private var handledSignal: sig_atomic_t = 0

/// Starts writing `folder/out.txt` through a named temporary (registered for the clean-up
/// handler, which this installs), then raises `signal`; returns the unfinished file when
/// the process is still there. The test runner may start its processes with these signals
/// blocked (a mask passes through exec), so they are unblocked first.
private func raiseWhileWriting(_ signal: Int32, in folder: String, text: String = "half") throws -> GrowingFile {
    var signals = sigset_t()
    sigemptyset(&signals)
    for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    setenv("WALLGEN_TEST_NO_TMPFILE", "1", 1)
    let file = try GrowingFile(path: folder + "/out.txt")
    try file.write(Array(text.utf8))
    raise(signal)
    return file
}

/// The writer's clean-up handler (SIGINT, SIGTERM, SIGHUP) removes the temporaries of
/// files being written, then hands the signal on to the action it replaced: a handler the
/// program installed before it (as the studio installs its stop handler) is called, the
/// default action ends the process by the signal, an ignored signal stays ignored. Each
/// case runs in a process of its own (an exit test), since the handler is installed once
/// per process; a named temporary (`WALLGEN_TEST_NO_TMPFILE`) is open when the signal
/// comes, and the folder is looked at afterwards.
@Suite struct SignalChainTests {
    /// A handler installed first, which ends the process with 42: it is called, after the
    /// temporary is gone.
    @Test func theHandlerInstalledBeforeIsCalled() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .exitCode(42)) { [folder = folder as String] in
            signal(SIGTERM) { _ in _exit(42) }
            _ = try raiseWhileWriting(SIGTERM, in: folder)
            _exit(1)  // not reached: the handler ends the process
        }
        #expect(filesIn(folder).isEmpty, "left: \(filesIn(folder))")
    }

    /// A handler that returns (as the studio's does: it wakes the thread that stops the
    /// server): the program goes on, without the temporary, and the writer says so.
    @Test func aHandlerThatReturnsLetsTheProgramGoOn() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .exitCode(43)) { [folder = folder as String] in
            signal(SIGINT) { number in handledSignal = number }
            let file = try raiseWhileWriting(SIGINT, in: folder)
            guard handledSignal == SIGINT else { _exit(2) }
            // The temporary was removed under the writer: finishing fails, nothing is named.
            guard (try? file.finish()) == nil else { _exit(3) }
            _exit(43)
        }
        #expect(filesIn(folder).isEmpty, "left: \(filesIn(folder))")
    }

    /// A handler installed with SA_SIGINFO gets the signal's information.
    @Test func aSigInfoHandlerGetsTheSignalsInformation() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .exitCode(44)) { [folder = folder as String] in
            var action = sigaction()
            action.sa_flags = SA_SIGINFO
            action.__sigaction_handler.sa_sigaction = { number, info, _ in
                _exit(number == SIGHUP && info?.pointee.si_signo == SIGHUP ? 44 : 4)
            }
            sigaction(SIGHUP, &action, nil)
            _ = try raiseWhileWriting(SIGHUP, in: folder)
            _exit(1)
        }
        #expect(filesIn(folder).isEmpty, "left: \(filesIn(folder))")
    }

    /// No handler before: the process ends by the signal, as it would have without the
    /// writer, and the temporary is gone.
    @Test func withNoHandlerBeforeTheProcessEndsByTheSignal() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .signal(SIGTERM)) { [folder = folder as String] in
            signal(SIGTERM, SIG_DFL)
            _ = try raiseWhileWriting(SIGTERM, in: folder)
            _exit(1)
        }
        #expect(filesIn(folder).isEmpty, "left: \(filesIn(folder))")
    }

    /// A signal the parent chose to ignore (nohup) stays ignored: the file is finished.
    @Test func anIgnoredSignalStaysIgnored() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .exitCode(45)) { [folder = folder as String] in
            signal(SIGHUP, SIG_IGN)
            let file = try raiseWhileWriting(SIGHUP, in: folder, text: "whole")
            try file.finish()
            _exit(45)
        }
        #expect(filesIn(folder) == ["out.txt"])
        #expect(try String(contentsOfFile: folder + "/out.txt", encoding: .utf8) == "whole")
    }

    private func filesIn(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
