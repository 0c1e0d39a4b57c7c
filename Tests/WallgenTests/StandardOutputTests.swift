import Foundation
import TestSupport
import Testing

/// Standard output carries data only, and a write to it that fails is never a success.
@Suite struct StandardOutputTests {
    /// Runs wallgen through /bin/sh so the redirections are real ones.
    func shell(_ line: String, in folder: String) throws -> RunResult {
        let wallgen = productsFolder.appendingPathComponent("wallgen").path
        return try launch(
            ["-c", line.replacingOccurrences(of: "WALLGEN", with: "'\(wallgen)'")], in: folder,
            executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test(arguments: [
        "WALLGEN almanac --year 2026 --json", "WALLGEN almanac", "WALLGEN devices", "WALLGEN --help",
        "WALLGEN term --help", "WALLGEN completions bash", "WALLGEN man", "WALLGEN --version",
    ])
    func aFullDiskIsAnError(command: String) throws {
        try withTemporaryFolder { folder in
            let result = try shell("\(command) > /dev/full", in: folder)
            #expect(result.status == 74, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("Error: cannot write to standard output"), "\(result.standardError)")
            #expect(result.standardError.contains("no space left"), "\(result.standardError)")
        }
    }

    @Test func aClosedStandardOutputIsNamed() throws {
        try withTemporaryFolder { folder in
            let table = try shell("WALLGEN almanac >&-", in: folder)
            #expect(table.status == 74)
            #expect(table.standardError.contains("standard output"), "\(table.standardError)")
            #expect(table.standardError.contains("closed"), "\(table.standardError)")
            // An image to a closed standard output is refused before any work, and the
            // descriptor is never reused for another file.
            let image = try shell("WALLGEN --size 40x40 -o - >&-", in: folder)
            #expect(image.status == 74)
            #expect(image.standardError.contains("standard output is closed"), "\(image.standardError)")
            #expect(filesIn(folder).isEmpty)
        }
    }

    @Test func withDashOOnlyTheImageReachesStandardOutput() throws {
        try withTemporaryFolder { folder in
            let result = try shell("WALLGEN --size 40x40 -o - > out.png", in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")))
            #expect(pngHeader(bytes)?.width == 40)
            // The file ends with the PNG's IEND chunk: no status line after it.
            #expect(Array(bytes.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
            #expect(result.standardError.hasPrefix("Wrote standard output: "))
        }
    }

    /// A reader that leaves early (`wallgen -o - | head -c 10`) is a failed write, 74 with
    /// one line, not a death by SIGPIPE (141). Run through a real shell pipeline, with
    /// SIGPIPE at its default (`env --default-signal`), as in a person's terminal.
    @Test(arguments: [
        ("WALLGEN -o -", "Error: --output: 'standard output': the program reading it closed the pipe before the end"),
        (
            "WALLGEN almanac --years 60 --ics",
            "Error: cannot write to standard output: 'standard output': the program reading it closed the pipe before the end"
        ),
    ])
    func aReaderThatLeavesEarlyIsAFailedWrite(command: String, message: String) throws {
        try withTemporaryFolder { folder in
            let result = try shell(
                "env --default-signal=PIPE /bin/sh -c '{ \(command) 2>err; echo $? >status; } | head -c 10 >out'",
                in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            let status = try String(contentsOfFile: folder + "/status", encoding: .utf8)
            #expect(status == "74\n")
            let error = try String(contentsOfFile: folder + "/err", encoding: .utf8)
            #expect(error == message + "\n")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/out")).count == 10)
        }
    }

    /// The programs wallgen starts (a desktop's setter) get SIGPIPE at its default: wallgen's
    /// own handling of it is not passed on to them.
    @Test func startedProgramsKeepTheDefaultSIGPIPE() throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            try Data("#!/bin/sh\n/bin/grep SigIgn /proc/self/status > \"\(folder)/ignored\"\n".utf8)
                .write(to: URL(fileURLWithPath: bin + "/hsetroot"))
            chmod(bin + "/hsetroot", 0o755)
            // Only the stand-in on PATH: a real xwallpaper would be found first.
            let environment = LivingWallpaperTests.session(folder, ["DISPLAY": ":9", "PATH": bin])
            let result = try launch(
                [
                    "/usr/bin/env", "--default-signal=PIPE", productsFolder.appendingPathComponent("wallgen").path,
                    "--size", "32x18", "-o", "w.png", "--apply", "--desktop", "x11",
                ], in: folder, environment: environment, executable: URL(fileURLWithPath: "/usr/bin/env"))
            #expect(result.status == 0, "\(result.standardError)")
            let line = try String(contentsOfFile: folder + "/ignored", encoding: .utf8)
            let mask = try #require(
                UInt64(line.split(separator: "\t").last!.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16))
            #expect(mask & (1 << (SIGPIPE - 1)) == 0, "\(line)")
        }
    }
}
