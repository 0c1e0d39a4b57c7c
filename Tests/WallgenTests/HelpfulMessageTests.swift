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
    /// Every failure is said in one place, the same way: `Error: ` and each problem on a
    /// line of its own, a last plain line where the command has one, and the hint to
    /// read the running command's help only for a mistake in the command line (64).
    @Test func failuresAreSaidOneWay() throws {
        try withTemporaryFolder { folder in
            try Data("{\"alpha\": 2, \"output\": \"a.png\"}\n{\"season\": \"monsoon\", \"output\": \"b.png\"}\n".utf8)
                .write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let batch = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            #expect(batch.status == 65, "\(batch.standardError)")
            let lines = batch.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 4, "\(batch.standardError)")
            #expect(lines[0].hasPrefix("Error: manifest 'm.jsonl': row 1: --alpha"), "\(lines)")
            #expect(lines[1].hasPrefix("Error: manifest 'm.jsonl': row 2: "), "\(lines)")
            #expect(lines[2] == "Nothing was rendered." && lines[3].isEmpty, "\(lines)")
            // 66, a file not there: no hint to read the help.
            let inspect = try launch(["inspect", "gone.png"], in: folder)
            #expect(inspect.status == 66)
            #expect(inspect.standardError == "Error: 'gone.png' does not exist\n", "\(inspect.standardError)")
            // 64 while `show` runs (its output is no terminal here): its own help.
            let show = try launch(["show", "gone.png"], in: folder)
            #expect(show.status == 64, "\(show.standardError)")
            #expect(show.standardError.hasPrefix("Error: standard output is not a terminal"), "\(show.standardError)")
            #expect(show.standardError.hasSuffix("\nRun 'wallgen show --help' for usage.\n"))
            #expect(filesIn(folder) == ["m.jsonl"])
        }
    }

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
        try installWallgen(at: copy)
        let result = try launch(
            ["--size", "100x100", "-o", "out.png"], in: folder, environment: [:],
            executable: URL(fileURLWithPath: copy))
        #expect(result.status != 0)
        let message = result.standardError
        let start = try #require(message.range(of: "looked in: "), "\(message)")
        let end = try #require(message.range(of: " (set WALLGEN_DATA", range: start.upperBound..<message.endIndex))
        let places = message[start.upperBound..<end.lowerBound].components(separatedBy: ", ")
        #expect(places.contains(folder) && places.contains(folder + "/share/wallgen"), "\(places)")
        #expect(Set(places).count == places.count, "listed twice: \(places)")
        // The walk up stops below the first folder anyone may write in (/tmp, or above).
        for place in places {
            let walked = place.hasSuffix("/share/wallgen") ? String(place.dropLast("/share/wallgen".count)) : place
            var status = stat()
            #expect(stat(walked.isEmpty ? "/" : walked, &status) == 0 && status.st_mode & S_IWOTH == 0, "\(place)")
        }
    }

    /// A copy of the program in a folder below one anyone may write in (as /tmp) does not
    /// take pictures and fonts planted there by another user: the walk up stops below it.
    @Test func dataPlantedInAWorldWritableFolderIsNotUsed() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let shared = folder + "/shared"
        for planted in ["Assets/seasons", "fonts", "x"] {
            try FileManager.default.createDirectory(atPath: shared + "/" + planted, withIntermediateDirectories: true)
        }
        chmod(shared, 0o1777)
        try installWallgen(at: shared + "/x/wallgen")
        let result = try launch(
            ["--size", "100x100", "-o", "out.png"], in: folder, environment: [:],
            executable: URL(fileURLWithPath: shared + "/x/wallgen"))
        #expect(result.status == 72, "\(result.standardError)")
        #expect(
            result.standardError.contains("looked in: \(shared)/x, \(shared)/x/share/wallgen (set"),
            "\(result.standardError)")
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

    /// wallgen's own pictures (3200x2400) enlarged more than 1.25 times look soft (issue 28:
    /// a 6K card was the picture enlarged 1.9 times, without a word). Canvases of extreme
    /// shape keep the test quick: 6000x40 needs the same enlargement as 6000x4500.
    @Test func aBundledPictureEnlargedPastItsSharpnessIsNamed() throws {
        try withTemporaryFolder { folder in
            let card = try launch(["term", "冬至", "--size", "6016x40", "-o", "card.png"], in: folder)
            #expect(card.status == 0, "\(card.standardError)")
            #expect(
                card.standardError.contains(
                    "Warning: wallgen's picture is 3200x2400 and looks soft enlarged more than 1.25 times: 6016x40 (enlarged 1.9 times; sharp up to 4000x26)"
                ), "\(card.standardError)")
            // 3900 is 1.22 times 3200: sharp enough, nothing said.
            let fine = try launch(["-s", "winter", "--size", "3900x40", "-o", "fine.png"], in: folder)
            #expect(fine.status == 0 && !fine.standardError.contains("Warning"), "\(fine.standardError)")
            // Several sizes: one warning naming the soft ones only.
            let several = try launch(
                ["-s", "winter", "--size", "5120x30", "--size", "320x200", "--size", "6016x34", "-o", "w-{w}.png"],
                in: folder)
            #expect(several.status == 0, "\(several.standardError)")
            let warnings = several.standardError.split(separator: "\n").filter { $0.hasPrefix("Warning") }
            #expect(
                warnings == [
                    "Warning: wallgen's picture is 3200x2400 and looks soft enlarged more than 1.25 times: 5120x30 (enlarged 1.6 times; sharp up to 4000x23), 6016x34 (enlarged 1.9 times; sharp up to 4000x22)"
                ], "\(several.standardError)")
        }
    }
}
