import Foundation
import TestSupport
import Testing

/// Whether an installed font covers a character (then wallgen draws it and has no
/// error to show).
func installedFontCovers(_ codePoint: UInt32) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
    process.arguments = [":charset=" + String(codePoint, radix: 16), "file"]
    let output = Pipe()
    process.standardOutput = output
    guard (try? process.run()) != nil else { return false }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return !data.isEmpty
}

/// Errors and warnings that tell a person what happened and what to do.
@Suite struct HelpfulMessageTests {
    @Test(.enabled(if: !installedFontCovers(0x0928), "an installed font covers Devanagari, so nothing is missing"))
    func aMissingGlyphNamesTheFontsAndAFix() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["--size", "100x100", "--text", "नमस्ते", "-o", "out.png"], in: folder)
        #expect(result.status == 65, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "no font wallgen has (Comfortaa, Wallgen Kai, Noto Color Emoji, or any installed font) can show U+0928 'न'"
            ), "\(result.standardError)")
        #expect(result.standardError.contains("--font FILE"), "\(result.standardError)")
        #expect(result.standardError.contains("fonts-noto-core"), "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
    }

    /// A WALLGEN_DATA folder without the pictures and fonts is named as the problem.
    @Test func aWrongDataFolderIsNamed() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(
            ["--size", "100x100", "-o", "out.png"], in: folder, environment: ["WALLGEN_DATA": folder])
        #expect(result.status != 0)
        #expect(
            result.standardError.contains("WALLGEN_DATA is set to \(folder), which holds no Assets/ and fonts/"),
            "\(result.standardError)")
    }

    /// A copy of the program far from any data lists each place it looked once.
    @Test func eachPlaceSearchedIsListedOnce() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let copy = folder + "/wallgen"
        try FileManager.default.copyItem(atPath: productsFolder.appendingPathComponent("wallgen").path, toPath: copy)
        let result = try launch(
            ["--size", "100x100", "-o", "out.png"], in: folder, environment: [:],
            executable: URL(fileURLWithPath: copy))
        #expect(result.status != 0)
        let message = result.standardError
        let start = try #require(message.range(of: "looked in: "), "\(message)")
        let end = try #require(message.range(of: " (set WALLGEN_DATA", range: start.upperBound..<message.endIndex))
        let places = message[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
        #expect(places.contains(folder) && places.contains("/share/wallgen"), "\(places)")
        #expect(Set(places).count == places.count, "listed twice: \(places)")
    }

    /// A background enlarged more than 4 times is drawn, with a warning giving both sizes.
    @Test func aSmallBackgroundIsDrawnWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let grey = PNGTestWriter(width: 50, height: 40, bitDepth: 8, colorType: .rgb) { _, _ in [128, 128, 128] }
        try Data(grey.encode()).write(to: URL(fileURLWithPath: folder + "/small.png"))
        let result = try launch(
            ["--size", "400x300", "--background", "small.png", "-o", "out.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains("Warning: the background is 50x40, enlarged 8 times to cover 400x300"),
            "\(result.standardError)")
        let fine = try launch(["--size", "200x160", "--background", "small.png", "-o", "ok.png"], in: folder)
        #expect(fine.status == 0 && !fine.standardError.contains("Warning"), "\(fine.standardError)")
    }
}
