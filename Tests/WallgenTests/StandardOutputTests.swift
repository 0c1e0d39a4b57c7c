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
}
