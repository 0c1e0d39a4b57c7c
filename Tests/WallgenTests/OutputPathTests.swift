import Foundation
import TestSupport
import Testing

/// Where `-o` really writes: through links, to standard output under another name,
/// and what is left after the writer is killed outright.
@Suite struct OutputPathTests {
    /// The environment of this process plus `extra`, for the test-only hooks.
    private func environment(_ extra: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
    }

    /// The length of the PNG at the start of `bytes` (through its IEND chunk), if any.
    private func pngLength(_ bytes: [UInt8]) -> Int? {
        guard pngHeader(bytes) != nil else { return nil }
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            offset += 12 + length
            if type == "IEND" { return offset <= bytes.count ? offset : nil }
        }
        return nil
    }

    /// `ln -s /proc/self/fd/1 m; wallgen -o m > v.png`: the PNG goes to standard output
    /// and the link survives.
    @Test func linkToStandardOutputWritesToStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(symlink("/proc/self/fd/1", folder + "/m") == 0)
        let run = try launch(["--size", "50x50", "-o", "m"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        let length = try #require(pngLength(run.standardOutput), "no PNG on standard output")
        let header = try #require(pngHeader(run.standardOutput))
        #expect(header.width == 50 && header.height == 50)
        // Nothing else: at most the "Wrote" status line, which the command line's own
        // work is moving to standard error.
        let rest = String(decoding: run.standardOutput[length...], as: UTF8.self)
        #expect(rest.isEmpty || (rest.hasPrefix("Wrote m:") && rest.filter { $0 == "\n" }.count == 1), "\(rest)")
        #expect(filesIn(folder) == ["m"])
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/m")) == "/proc/self/fd/1")
    }

    /// A link to a picture: the picture is replaced, the link stays a link.
    @Test func linkToAFileReplacesTheFile() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/real.png"))
        #expect(symlink("real.png", folder + "/link.png") == 0)
        let run = try launch(["--size", "50x50", "-o", "link.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/link.png")) == "real.png")
        let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/real.png")))
        #expect(pngHeader(written)?.width == 50)
        #expect(filesIn(folder) == ["link.png", "real.png"])
    }

    /// Killed with SIGKILL just before the new file takes the target's name: with
    /// O_TMPFILE nothing is left, and the old file is untouched.
    @Test func killedWriterLeavesNothingBehind() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/out.png"))
        let run = try launch(
            ["--size", "50x50", "-o", "out.png"], in: folder,
            environment: environment(["WALLGEN_TEST_STOP_BEFORE_RENAME": "1"]))
        #expect(run.status == SIGKILL, "not killed: \(run.standardError)")
        #expect(filesIn(folder) == ["out.png"])
        #expect(try String(contentsOfFile: folder + "/out.png", encoding: .utf8) == "old")
    }

    /// Without O_TMPFILE the killed writer's named temporary stays, and the next run
    /// into that folder removes it.
    @Test func nextRunSweepsAKilledWritersTemporary() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let killed = try launch(
            ["--size", "50x50", "-o", "out.png"], in: folder,
            environment: environment(["WALLGEN_TEST_STOP_BEFORE_RENAME": "1", "WALLGEN_TEST_NO_TMPFILE": "1"]))
        #expect(killed.status == SIGKILL, "not killed: \(killed.standardError)")
        let left = filesIn(folder)
        #expect(left.count == 1 && left[0].hasPrefix(".out.png.") && left[0].hasSuffix(".tmp"), "\(left)")
        let next = try launch(
            ["--size", "50x50", "-o", "other.png"], in: folder,
            environment: environment(["WALLGEN_TEST_NO_TMPFILE": "1"]))
        #expect(next.status == 0, "\(next.standardError)")
        #expect(filesIn(folder) == ["other.png"])
    }
}
