import Foundation
import TestSupport
import Testing

@testable import Compositor

/// Writing through symlinks, keeping modes, and sweeping what a killed writer left.
@Suite struct OutputDestinationTests {
    private func kind(_ path: String) -> mode_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : 0
    }

    private func mode(_ path: String) -> mode_t {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0
    }

    /// The link stays a link and the file it points at gets the bytes, through a chain
    /// of two links, one relative.
    @Test func symlinkIsWrittenThroughToItsTarget() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: false)
        try Data([9, 9]).write(to: URL(fileURLWithPath: folder + "/real/target.png"))
        #expect(symlink("real/target.png", folder + "/middle") == 0)
        #expect(symlink(folder + "/middle", folder + "/link.png") == 0)
        try AtomicFileWriter.write([1, 2, 3], to: folder + "/link.png")
        #expect(kind(folder + "/link.png") == S_IFLNK, "the link was replaced")
        #expect(kind(folder + "/middle") == S_IFLNK)
        #expect(try FileReader.read(folder + "/real/target.png") == [1, 2, 3])
        #expect(filesIn(folder) == ["link.png", "middle", "real"])
        #expect(filesIn(folder + "/real") == ["target.png"], "a temporary was left beside the target")
    }

    @Test func danglingSymlinkCreatesItsTarget() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(symlink("new.png", folder + "/link.png") == 0)
        try AtomicFileWriter.write([4, 5], to: folder + "/link.png")
        #expect(kind(folder + "/link.png") == S_IFLNK)
        #expect(try FileReader.read(folder + "/new.png") == [4, 5])
    }

    @Test func symlinkLoopIsRefused() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(symlink(folder + "/b", folder + "/a") == 0)
        #expect(symlink(folder + "/a", folder + "/b") == 0)
        #expect(throws: FileError.symlinkLoop(path: folder + "/a")) {
            try AtomicFileWriter.write([1], to: folder + "/a")
        }
        #expect(filesIn(folder) == ["a", "b"])
        #expect("\(FileError.symlinkLoop(path: "/x"))" == "'/x' is a loop of symbolic links")
    }

    /// A private file stays private when replaced, on both ways of writing; a new file
    /// gets 0666 less the umask.
    @Test(arguments: [false, true]) func replacedFileKeepsItsMode(named: Bool) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let path = folder + "/secret.png"
        try Data([1]).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o600) == 0)
        try AtomicFileWriter.write([2, 3], to: path, unnamedFirst: !named)
        #expect(mode(path) == 0o600)
        #expect(try FileReader.read(path) == [2, 3])
        let mask = umask(0)
        umask(mask)
        try AtomicFileWriter.write([4], to: folder + "/fresh.png")
        #expect(mode(folder + "/fresh.png") == 0o666 & ~mask)
        #expect(filesIn(folder) == ["fresh.png", "secret.png"])
    }

    /// A FIFO is written in place: no temporary, no rename over the node.
    @Test func fifoIsWrittenInPlace() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try OutputDestination.resolve(fifo) == .inPlace(path: fifo))
        #expect(try OutputDestination.resolve("/dev/null") == .inPlace(path: "/dev/null"))
    }

    @Test func onlyWallgensOwnTemporaryNamesMatch() {
        #expect(StaleTemporaries.writerPID(inName: ".out.png.1234-987654.tmp") == 1234)
        #expect(StaleTemporaries.writerPID(inName: ".a.b.c.7-0.tmp") == 7)
        #expect(StaleTemporaries.writerPID(inName: "out.png.1234-9.tmp") == nil)
        #expect(StaleTemporaries.writerPID(inName: ".out.png.1234.tmp") == nil)
        #expect(StaleTemporaries.writerPID(inName: ".out.png.12x4-9.tmp") == nil)
        #expect(StaleTemporaries.writerPID(inName: ".1234-9.tmp") == nil)
        #expect(StaleTemporaries.writerPID(inName: ".out.png.1234-99999999999.tmp") == nil)
    }

    /// A planted temporary of a process that has exited is swept; one of a live
    /// process (this one's parent) and files of other names are kept.
    @Test func sweepRemovesOnlyDeadWritersTemporaries() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        let stale = ".out.png.\(dead)-42.tmp"
        let live = ".out.png.\(getppid())-43.tmp"
        for name in [stale, live, ".other.tmp", "out.png"] {
            try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        #expect(StaleTemporaries.sweep(folder) == [stale])
        #expect(filesIn(folder) == [".other.tmp", live, "out.png"].sorted())
    }

    /// The next named write into a folder sweeps what a killed writer left there.
    @Test func namedWriteSweepsFirst() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/.card.png.\(finished.processIdentifier)-7.tmp"))
        try AtomicFileWriter.write([1], to: folder + "/card.png", unnamedFirst: false)
        #expect(filesIn(folder) == ["card.png"])
    }
}
