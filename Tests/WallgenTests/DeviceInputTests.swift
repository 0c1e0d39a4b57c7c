import Foundation
import TestSupport
import Testing

/// Inputs that are not files at all, refused from what they are and their first
/// bytes, before anything is read whole.
@Suite struct DeviceInputTests {
    /// `/dev/zero` never ends: as a picture or a font it is refused at once as a
    /// character device, exit 65, without the memory reading it would take, and within
    /// 50 ms of the time a run refusing a missing file takes (process start-up of a
    /// debug build on a busy machine is not this check's business; the fastest of three
    /// runs each, so one slow moment does not decide).
    @Test(arguments: [["--background", "/dev/zero"], ["--font", "/dev/zero"], ["--background", "/dev/urandom"]])
    func endlessDevicesAreRefusedAtOnce(_ input: [String]) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        func fastest(_ arguments: [String], check: (MeasuredRun) -> Void) throws -> Duration {
            var fastest = Duration.seconds(1000)
            for _ in 0..<3 {
                let clock = ContinuousClock()
                let started = clock.now
                let run = try measuredRun(arguments + ["--size", "50x50", "-o", "out.png"], in: folder)
                fastest = min(fastest, clock.now - started)
                check(run)
            }
            return fastest
        }
        let device = try fastest(input) { run in
            #expect(run.status == 65, "\(run.standardError)")
            #expect(run.standardError.contains("Error: \(input[0]): '\(input[1])' is a character device, not a file"))
            #expect(run.peakMegabytes < 100, "read more than a few bytes: \(run.peakMegabytes) MB")
        }
        let missing = try fastest([input[0], folder + "/missing"]) { #expect($0.status == 66) }
        #expect(device - missing < .milliseconds(50), "\(device) against \(missing) for a missing file")
        #expect(filesIn(folder).isEmpty)
    }

    /// A FIFO is refused without waiting for a writer (opening one to read would block).
    @Test func fifoIsRefusedWithoutBlocking() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(mkfifo(folder + "/pipe.jpg", 0o600) == 0)
        let run = try launch(["--background", "pipe.jpg", "--size", "50x50", "-o", "out.png"], in: folder)
        #expect(run.status == 65)
        #expect(run.standardError.contains("'pipe.jpg' is a FIFO (named pipe), not a file"), "\(run.standardError)")
    }
}
