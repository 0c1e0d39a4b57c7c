import Foundation
import TestSupport
import Testing

/// The person's own label on the command line.
@Suite struct LabelCommandTests {
    @Test func aLongTextIsCutWithAWarning() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(
            ["-s", "spring", "--size", "200x400", "--text", "abcdefghijklmnop", "-o", "x.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("Warning: --text has 16 characters, more than the limit of 13"))
        #expect(result.standardError.contains("\"abcdefghijkl…\""))
        let strict = try launch(["-s", "spring", "--text", "abcdefghijklmnop", "--strict", "-o", "y.png"], in: folder)
        #expect(strict.status == 64 && strict.standardError.contains("more than the limit of 13"))
        let wider = try launch(
            [
                "-q", "-s", "spring", "--size", "200x400", "--text", "abcdefghijklmnop", "--max-chars", "20", "-o",
                "z.png",
            ],
            in: folder)
        #expect(wider.status == 0 && wider.standardError.isEmpty, "\(wider.standardError)")
        #expect(filesIn(folder) == ["x.png", "z.png"])
    }

    /// The cut keeps whole words, and the warning says how to keep the text whole or
    /// refuse it (issue 28).
    @Test func aLongTextIsCutAtAWordAndTheWarningNamesTheOptions() throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["-s", "spring", "--size", "400x800", "--text", "Happy birthday dear Margaret", "-o", "x.png"],
                in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.standardError.contains(
                    "Warning: --text has 28 characters, more than the limit of 13 (--max-chars); using \"Happy…\". --max-chars 28 keeps it whole; --strict refuses a text over the limit"
                ), "\(result.standardError)")
        }
    }

    /// Only spaces draw nothing: refused as an empty text is.
    @Test(arguments: ["   ", "\u{3000}", " \u{200B} "])
    func onlySpacesAreRefused(text: String) throws {
        let result = try withTemporaryFolder { try launch(["--text", text, "-o", "x.png"], in: $0) }
        #expect(result.status == 64)
        #expect(result.standardError.contains("--text must not be only spaces"), "\(result.standardError)")
        let card = try withTemporaryFolder { try launch(["term", "冬至", "--text", text, "-o", "x.png"], in: $0) }
        #expect(card.status == 64 && card.standardError.contains("--text must not be only spaces"))
    }

    @Test func emojiCountAsOneEach() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let text = String(repeating: "👨‍👩‍👧", count: 13)
        let result = try launch(
            ["-s", "winter", "--size", "300x300", "--text", text, "--strict", "-o", "e.png"], in: folder)
        #expect(result.status == 0, "13 families are 13 characters: \(result.standardError)")
    }

    @Test(arguments: [
        (["--text", ""], "--text must not be empty"),
        (["--text", "bell\u{7}"], "control character U+0007"),
        (
            ["--text-color", "blu"],
            "--text-color must be a colour as #RGB, #RRGGBB or a CSS name such as midnightblue, got 'blu' (did you mean 'blue'?)"
        ),
        (["--label-position", "middle"], "--label-position must be top, center or bottom"),
        (["--max-chars", "0"], "--max-chars must be a whole number of at least 1"),
    ])
    func badLabelOptions(arguments: [String], message: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(arguments + ["-o", "out.png"], in: folder)
        #expect(result.status == 64 && result.standardError.contains(message), "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
    }

    /// A character no font has is an error naming its code point.
    @Test func anUndrawableCharacterIsNamed() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["--size", "100x100", "--text", "A\u{378}", "-o", "out.png"], in: folder)
        #expect(result.status == 65 && result.standardError.contains("U+0378"), "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
    }

    /// Arguments that are not valid UTF-8 are refused, not silently repaired.
    @Test func invalidUTF8IsRefused() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(
            [
                "-c", "exec \"$0\" --text \"$(printf 'ab\\377')\" -o out.png",
                productsFolder.appendingPathComponent("wallgen").path,
            ],
            in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(
            result.status == 64 && result.standardError.contains("argument 2 is not valid UTF-8"),
            "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
    }

    @Test func colourPositionAndVerticalAreAccepted() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(
            [
                "-s", "autumn", "--size", "200x400", "--text", "秋分", "--vertical", "--label-position", "center",
                "--text-color", "#FFFFFF", "-o", "v.png",
            ],
            in: folder)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
