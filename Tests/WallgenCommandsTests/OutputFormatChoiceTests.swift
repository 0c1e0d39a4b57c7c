import Almanac
import Compositor
import Testing

@testable import WallgenCommands

/// How the format, quality and default file names follow from `--format`, `--quality`
/// and the output's name, as parsed and validated (nothing is run).
@Suite struct OutputFormatChoiceTests {
    func parse(_ arguments: [String]) throws -> Invocation {
        try Invocation.parse(arguments, today: ArgumentParserTests.today)
    }

    func wallpaperEncoding(_ arguments: [String]) throws -> (OutputEncoding, OutputTarget) {
        guard let request = try parse(arguments).request(of: WallpaperCommand.self) else {
            throw CommandFailure("not a wallpaper")
        }
        return (request.settings.encoding, request.output)
    }

    @Test func theNameOrTheFlagChoosesAndDefaultNamesFollow() throws {
        #expect(try wallpaperEncoding([]) == (.png(.fast), .file("wallpaper-autumn.png")))
        #expect(try wallpaperEncoding(["-o", "a.JPG"]).0 == .jpeg(quality: 90))
        #expect(try wallpaperEncoding(["-o", "a.jpeg", "--quality", "70"]).0 == .jpeg(quality: 70))
        #expect(try wallpaperEncoding(["-o", "a.webp", "--quality", "100"]).0 == .webp(quality: 100))
        #expect(try wallpaperEncoding(["-o", "a.AVIF", "--quality", "60"]).0 == .avif(quality: 60))
        #expect(try wallpaperEncoding(["--format", "avif"]) == (.avif(quality: 90), .file("wallpaper-autumn.avif")))
        #expect(try wallpaperEncoding(["--format", "webp"]) == (.webp(quality: 90), .file("wallpaper-autumn.webp")))
        #expect(try wallpaperEncoding(["--format", "JPEG", "--dark"]).1 == .file("wallpaper-autumn-dark.jpg"))
        #expect(try wallpaperEncoding(["-o", "-"]).0 == .png(.fast))
        #expect(try wallpaperEncoding(["-o", "-", "--format", "jpeg"]).0 == .jpeg(quality: 90))
        #expect(try wallpaperEncoding(["-o", "out", "--compression", "small"]).0 == .png(.small))
        // A dot in a folder's name is not the file's extension; a leading dot names a hidden file.
        #expect(try wallpaperEncoding(["-o", "pictures.d/card"]).0 == .png(.fast))
        #expect(try wallpaperEncoding(["-o", ".card", "--format", "webp"]).0 == .webp(quality: 90))
        guard let term = try parse(["term", "冬至", "--format", "jpg"]).request(of: TermCommand.self) else {
            throw CommandFailure("no term")
        }
        #expect(term.output == .file("22-dongzhi.jpg"))
        guard let terms = try parse(["terms", "--format", "webp", "--quality", "75"]).request(of: TermsCommand.self)
        else {
            throw CommandFailure("no terms")
        }
        #expect(terms.settings.encoding == .webp(quality: 75))
        guard let schedule = try parse(["schedule", "--format", "jpeg", "-o", "s"]).request(of: ScheduleCommand.self)
        else {
            throw CommandFailure("no schedule")
        }
        #expect(schedule.settings.encoding == .jpeg(quality: 90))
    }

    @Test func extensionsAreReadFromTheLastComponentOnly() {
        #expect(RenderOptions.fileExtension(of: "card.jpg") == "jpg")
        #expect(RenderOptions.fileExtension(of: "a.b/card.WebP") == "WebP")
        #expect(RenderOptions.fileExtension(of: "a.b/card") == nil)
        #expect(RenderOptions.fileExtension(of: ".hidden") == nil)
        #expect(RenderOptions.fileExtension(of: "card.") == nil)
        #expect(RenderOptions.fileExtension(of: "archive.tar.gz") == "gz")
    }

    /// The largest side and the note's room come from the format's declaration.
    @Test func whatTheFormatHoldsIsCheckedBeforeRendering() throws {
        #expect(try wallpaperEncoding(["--size", "16383x64", "-o", "x.webp"]).0 == .webp(quality: 90))
        #expect(try wallpaperEncoding(["--size", "16384x64", "-o", "x.png"]).0 == .png(.fast))
        let long = String(repeating: "a", count: 66_000)
        // The note holds the text as given, and a JPEG comment 65533 bytes.
        #expect(throws: CommandFailure.self) { try parse(["--text", long, "-o", "x.jpg"]) }
        #expect(try wallpaperEncoding(["--text", long, "-o", "x.jpg", "--no-metadata"]).0 == .jpeg(quality: 90))
        #expect(try wallpaperEncoding(["--text", long, "-o", "x.webp"]).0 == .webp(quality: 90))
        // `wallgen ` and the 120 bytes of {"wallgen":"0.2.0","command":"term","args":[],"hash":"<64 hex digits>"}.
        let note = Provenance(version: "0.2.0", command: "term", arguments: [])
        #expect(OutputFormat.jpeg.declaration.note.size(of: note) == 128)
        #expect(OutputFormat.webp.declaration.largestSide == 16383)
    }

    @Test func refusedWithTheFlagNamed() {
        for (arguments, message) in [
            (["-o", "a.bmp"], "wallgen cannot write .bmp files"),
            (["-o", "a.jpg", "--format", "png"], "names a JPEG file, but --format asks for PNG"),
            (["--quality", "90"], "--quality is for JPEG, WebP and AVIF"),
            (["--format", "webp", "--compression", "fast"], "--compression is for PNG"),
            (["--format", "jpeg", "--quality", "0"], "--quality must be from 1"),
            (["term", "冬至", "-o", "a.heic"], "it writes PNG (.png), JPEG (.jpg, .jpeg), WebP (.webp) or AVIF (.avif)"),
        ] {
            #expect {
                _ = try parse(arguments)
            } throws: { error in
                (error as? CommandFailure)?.message.contains(message) == true
            }
        }
    }
}
