import Foundation
import TestSupport
import Testing

@testable import Files

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
        #expect(try readBytes(folder + "/real/target.png") == [1, 2, 3])
        #expect(filesIn(folder) == ["link.png", "middle", "real"])
        #expect(filesIn(folder + "/real") == ["target.png"], "a temporary was left beside the target")
    }

    @Test func danglingSymlinkCreatesItsTarget() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(symlink("new.png", folder + "/link.png") == 0)
        try AtomicFileWriter.write([4, 5], to: folder + "/link.png")
        #expect(kind(folder + "/link.png") == S_IFLNK)
        #expect(try readBytes(folder + "/new.png") == [4, 5])
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
        #expect(try readBytes(path) == [2, 3])
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
        let own = TemporaryName.current
        let name = TemporaryName.make(for: "out.png")
        #expect(TemporaryName.parse(name) == own)
        #expect(name.hasPrefix(".out.png.wg-") && name.hasSuffix(".tmp"))
        let long = TemporaryName.make(for: String(repeating: "冬", count: 85))
        #expect(long.utf8.count < 200 && TemporaryName.parse(long) == own, "a 255-byte name has a legal temporary")
        #expect(TemporaryName.parse(".out.png.1234-987654.tmp") == nil)
        #expect(TemporaryName.parse(".out.png.wg-0000000g-1-00000000-5-6.tmp") == nil)
        #expect(TemporaryName.parse(".out.png.wg-00000000-1-00000000-5.tmp") == nil)
        #expect(TemporaryName.parse("out.png.wg-00000000-1-00000000-5-6.tmp") == nil)
    }

    /// A temporary of this host and PID namespace whose writer has exited is swept; one
    /// of a live process, of another host or namespace (a container's, or another
    /// machine's on NFS, whose PID says nothing here), of the old pattern that named no
    /// namespace, and files of other names are kept.
    @Test func sweepRemovesOnlyThisNamespacesDeadWritersTemporaries() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        var writer = TemporaryName.current
        writer.pid = dead
        let stale = writer.name(for: "out.png", random: 42)
        writer.boot = "00000000"
        let earlierBoot = writer.name(for: "out.png", random: 44)
        writer.boot = TemporaryName.current.boot
        writer.pid = getppid()
        let live = writer.name(for: "out.png", random: 43)
        writer.pid = dead
        writer.namespace += 1
        let otherNamespace = writer.name(for: "out.png", random: 45)
        writer.namespace -= 1
        writer.host = writer.host == "00000000" ? "00000001" : "00000000"
        let otherHost = writer.name(for: "out.png", random: 46)
        let oldPattern = ".out.png.\(dead)-47.tmp"
        for name in [stale, earlierBoot, live, otherNamespace, otherHost, oldPattern, ".other.tmp", "out.png"] {
            try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        #expect(StaleTemporaries.sweep(descriptor).sorted() == [stale, earlierBoot].sorted())
        #expect(filesIn(folder) == [".other.tmp", live, otherNamespace, otherHost, oldPattern, "out.png"].sorted())
    }

    /// A folder is swept once per run, not on every write into it.
    @Test func aFolderIsSweptOncePerRun() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        var writer = TemporaryName.current
        writer.pid = finished.processIdentifier
        StaleTemporaries.forgetSweeps()
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + writer.name(for: "a.png", random: 1)))
        try AtomicFileWriter.write([1], to: folder + "/a.png", unnamedFirst: false)
        #expect(filesIn(folder) == ["a.png"])
        let second = writer.name(for: "b.png", random: 2)
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/" + second))
        try AtomicFileWriter.write([1], to: folder + "/b.png", unnamedFirst: false)
        #expect(filesIn(folder) == [second, "a.png", "b.png"].sorted(), "the second write did not scan again")
    }
}

func filesIn(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

func readBytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
}
