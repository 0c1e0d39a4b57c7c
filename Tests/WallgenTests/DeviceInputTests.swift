import Foundation
import TestSupport
import Testing

/// Inputs that are not files at all, refused from what they are and their first
/// bytes, before anything is read whole.
@Suite struct DeviceInputTests {
    /// `/dev/zero` never ends: as a picture or a font it is refused at once as a
    /// character device, exit 65, without the memory reading it would take. Reading it
    /// would never finish, so a run that ends at all, within the bound a hang would
    /// overrun, proves it was not read; how fast it ends is a benchmark's business, not
    /// a test's (a 50 ms margin over a missing file's run failed on a loaded machine).
    @Test(arguments: [["--background", "/dev/zero"], ["--font", "/dev/zero"], ["--background", "/dev/urandom"]])
    func endlessDevicesAreRefusedAtOnce(_ input: [String]) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let clock = ContinuousClock()
        let started = clock.now
        let run = try measuredRun(input + ["--size", "50x50", "-o", "out.png"], in: folder)
        let took = clock.now - started
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("Error: \(input[0]): '\(input[1])' is a character device, not a file"))
        #expect(run.peakMegabytes < 100, "read more than a few bytes: \(run.peakMegabytes) MB")
        #expect(took < .seconds(20), "\(took): the device was read")
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
