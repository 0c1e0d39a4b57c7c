import Foundation
import TestSupport
import Testing

/// Every kind of bad input gets one clear line naming the flag or file, its documented
/// exit status, no output file, and an existing output file left as it was.
@Suite struct BadInputTests {
    struct Case: CustomStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let usageCases: [Case] = [
        Case(
            arguments: ["--sesaon", "winter"], status: 64, message: "unknown option '--sesaon' (did you mean --season?)"
        ),
        Case(arguments: ["--season", "wintr"], status: 64, message: "unknown season 'wintr' (did you mean 'winter'?)"),
        Case(arguments: ["--season"], status: 64, message: "--season needs a value"),
        Case(
            arguments: ["--season", "winter", "--season", "summer"], status: 64,
            message: "--season is given more than once"),
        Case(arguments: ["--season", "winter", "--date", "2026-01-01"], status: 64, message: "give only one"),
        Case(arguments: ["--alpha", "abc"], status: 64, message: "--alpha must be a number from 0 to 1, got 'abc'"),
        Case(arguments: ["--alpha", "1.5"], status: 64, message: "--alpha must be from 0 to 1, got 1.5"),
        Case(arguments: ["--alpha", "-0.1"], status: 64, message: "--alpha must be from 0 to 1"),
        Case(arguments: ["--alpha", "nan"], status: 64, message: "--alpha must be a number"),
        Case(arguments: ["--size", "0x100"], status: 64, message: "--size sides must be from 1 to 16384"),
        Case(arguments: ["--size", "-5x100"], status: 64, message: "--size must be WIDTHxHEIGHT"),
        Case(arguments: ["--size", "100"], status: 64, message: "--size must be WIDTHxHEIGHT"),
        Case(arguments: ["--size", "20000x100"], status: 64, message: "--size sides must be from 1 to 16384"),
        Case(arguments: ["--size", "16000x16000"], status: 64, message: "above the limit of 100000000"),
        Case(
            arguments: ["--size", "100x200", "--device", "here"], status: 64,
            message: "--device here takes its sizes from the monitors"),
        Case(arguments: ["terms", "--size", "100x200", "--device", "ipad"], status: 64, message: "give only one"),
        Case(
            arguments: ["--size", "200x200", "--max-pixels", "10000"], status: 64, message: "above the limit of 10000"),
        Case(arguments: ["--max-pixels", "lots"], status: 64, message: "--max-pixels must be a whole number"),
        Case(arguments: ["--device", "iphone"], status: 64, message: "unknown device 'iphone'"),
        Case(arguments: ["--label", "maybe"], status: 64, message: "--label must be on or off, got 'maybe'"),
        Case(
            arguments: ["--date", "2025-02-29"], status: 64,
            message: "--date must be a real date as YYYY-MM-DD, got '2025-02-29'"),
        Case(
            arguments: ["--base", "whte"], status: 64,
            message:
                "--base must be a colour as #RGB, #RRGGBB or a CSS name such as midnightblue, got 'whte' (did you mean 'white'?)"
        ),
        Case(arguments: ["--base", "#12345"], status: 64, message: "--base must be a colour as #RGB, #RRGGBB"),
        Case(arguments: ["devicez"], status: 64, message: "unexpected argument 'devicez' (did you mean 'devices'?)"),
    ]

    @Test(arguments: usageCases) func usageErrors(_ testCase: Case) throws {
        try check(testCase)
    }

    /// Input files: missing, empty, truncated, not an image, too large, a folder.
    @Test func badBackgroundsAndFonts() throws {
        let inputs = try temporaryFolder()
        defer { removeTemporaryFolder(inputs) }
        try Data().write(to: URL(fileURLWithPath: inputs + "/empty.jpg"))
        try Data("just some text\n".utf8).write(to: URL(fileURLWithPath: inputs + "/notes.png"))
        let smallWallpaper = try launch(["-s", "winter", "--size", "64x64", "--label", "off", "-o", "-"], in: inputs)
        // A real JPEG cut to its first third.
        let bundled = [UInt8](try Data(contentsOf: URL(fileURLWithPath: repositoryRoot + "/Assets/seasons/winter.jpg")))
        try Data(bundled[..<(bundled.count / 3)]).write(to: URL(fileURLWithPath: inputs + "/cut.jpg"))
        // A PNG whose header declares 60000 x 60000 pixels, and nothing more.
        var huge: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        huge += [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        try Data(huge).write(to: URL(fileURLWithPath: inputs + "/huge.png"))
        try Data(smallWallpaper.standardOutput).write(to: URL(fileURLWithPath: inputs + "/fine.png"))
        // A TrueType signature and nothing of a font after it: FreeType's refusal.
        try Data([0, 1, 0, 0] + [UInt8](repeating: 0x41, count: 300)).write(
            to: URL(fileURLWithPath: inputs + "/broken.ttf"))
        try Data(repeating: 0x41, count: 300).write(to: URL(fileURLWithPath: inputs + "/letters.ttf"))
        try Data().write(to: URL(fileURLWithPath: inputs + "/empty.ttf"))

        let cases = [
            Case(
                arguments: ["--background", inputs + "/missing.jpg"], status: 66,
                message: "--background: '\(inputs)/missing.jpg' does not exist"),
            Case(arguments: ["--background", inputs], status: 66, message: "is a folder, not a file"),
            Case(
                arguments: ["--background", inputs + "/empty.jpg"], status: 65,
                message: "--background '\(inputs)/empty.jpg': the file is empty"),
            Case(
                arguments: ["--background", inputs + "/notes.png"], status: 65,
                message:
                    "--background: '\(inputs)/notes.png' is not a JPEG, PNG, WebP, HEIC or AVIF picture (it looks like text)"
            ),
            Case(arguments: ["--background", inputs + "/cut.jpg"], status: 65, message: "truncated"),
            Case(
                arguments: ["--background", inputs + "/huge.png"], status: 65,
                message:
                    "the image is 60000x60000 (3600000000 pixels), above the limit of 100000000 pixels; a larger --max-pixels raises the limit"
            ),
            Case(
                arguments: ["--background", inputs + "/fine.png", "--font", inputs + "/broken.ttf"], status: 65,
                message: "--font '\(inputs)/broken.ttf': not a usable font"),
            Case(
                arguments: ["--background", inputs + "/fine.png", "--max-pixels", "100", "--size", "8x8"], status: 65,
                message: "the image is 64x64 (4096 pixels), above the limit of 100 pixels"),
            Case(
                arguments: ["--font", inputs + "/nope.ttf"], status: 66,
                message: "--font: '\(inputs)/nope.ttf' does not exist"),
            // Fonts are opened by name (FreeType reads them itself): checked as files first.
            Case(arguments: ["--font", inputs], status: 66, message: "is a folder, not a file"),
            Case(
                arguments: ["--font", inputs + "/letters.ttf"], status: 65,
                message: "--font: '\(inputs)/letters.ttf' is not a TrueType or OpenType font (it looks like text)"),
            Case(
                arguments: ["--font", inputs + "/empty.ttf"], status: 65,
                message: "--font '\(inputs)/empty.ttf': the font file is empty"),
        ]
        for testCase in cases { try check(testCase) }
    }

    @Test func unwritableOutputs() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/taken.png", withIntermediateDirectories: false)
        try check(
            Case(
                arguments: ["-o", "missing-folder/out.png"], status: 73,
                message: "--output: the folder 'missing-folder' does not exist"), in: folder)
        try check(
            Case(arguments: ["-o", "taken.png"], status: 73, message: "--output: 'taken.png' is a folder, not a file"),
            in: folder, expectFiles: ["taken.png"])
        let full = try launch(["-s", "winter", "--size", "64x64", "-o", "/dev/full"], in: folder)
        #expect(full.status == 74 && full.standardError.contains("no space left"), "\(full.standardError)")
    }

    /// Runs a case in a folder holding one existing `out.png`, and checks that the
    /// failure left it, and nothing else, in place.
    func check(_ testCase: Case, in given: String? = nil, expectFiles: [String]? = nil) throws {
        let folder = try given ?? temporaryFolder()
        defer { if given == nil { removeTemporaryFolder(folder) } }
        let existing = Data("precious".utf8)
        let arguments = testCase.arguments.contains("-o") ? testCase.arguments : testCase.arguments + ["-o", "out.png"]
        if given == nil { try existing.write(to: URL(fileURLWithPath: folder + "/out.png")) }
        let result = try launch(arguments, in: folder)
        #expect(result.status == testCase.status, "\(testCase): \(result.standardError)")
        #expect(result.standardError.hasPrefix("Error: "), "\(testCase)")
        #expect(result.standardError.contains(testCase.message), "\(testCase): \(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count <= 2, "one line, plus a usage hint")
        #expect(result.standardOutput.isEmpty)
        if given == nil {
            #expect(filesIn(folder) == ["out.png"], "\(testCase) left \(filesIn(folder))")
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")) == existing,
                "\(testCase) changed the existing file")
        } else if let expectFiles {
            #expect(filesIn(folder) == expectFiles)
        }
    }
}
