import Foundation
import TestSupport
import Testing

/// `--format`, `--quality` and the output's extension, end to end: the file's kind from
/// its first bytes, its pixels decoded by Pillow (not by wallgen) and compared with the
/// PNG render of the same card.
@Suite struct OutputFormatTests {
    static let pillowPresent = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PIL")
    static let size = "480x270"

    enum Kind: String {
        case png = "PNG"
        case jpeg = "JPEG"
        case webp = "WEBP"
    }

    /// The kind a file's first bytes say it is.
    static func kind(of bytes: [UInt8]) -> Kind? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return .webp
        }
        return nil
    }

    static func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// What Pillow makes of a file, against a PNG of the same picture.
    struct Comparison: Decodable {
        let format: String
        let mode: String
        let width: Int
        let height: Int
        /// Mean absolute difference over every RGB sample, 0...255.
        let mean: Double
        let max: Int
        let progressive: Int
        /// Pillow's JPEG `layer`: (component, horizontal, vertical, table) per component.
        let layer: [[Int]]?
    }

    static let compareScript = """
        import json, sys
        from PIL import Image, ImageChops, ImageStat
        reference = Image.open(sys.argv[1]).convert('RGB')
        candidate = Image.open(sys.argv[2])
        candidate.load()
        difference = ImageChops.difference(reference, candidate.convert('RGB'))
        print(json.dumps({
            'format': candidate.format, 'mode': candidate.mode,
            'width': candidate.size[0], 'height': candidate.size[1],
            'mean': sum(ImageStat.Stat(difference).mean) / 3,
            'max': max(high for low, high in difference.getextrema()),
            'progressive': candidate.info.get('progressive', 0),
            'layer': getattr(candidate, 'layer', None)}))
        """

    static func compare(_ reference: String, _ candidate: String, in folder: String) throws -> Comparison {
        let run = try launch(
            ["-c", compareScript, reference, candidate], in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(run.status == 0, "\(run.standardError)")
        return try JSONDecoder().decode(Comparison.self, from: Data(run.standardOutput))
    }

    /// The card as PNG, the reference every other format is compared with.
    static func reference(in folder: String, _ arguments: [String] = ["term", "冬至"]) throws -> String {
        let made = try launch(arguments + ["--size", size, "-o", "reference.png"], in: folder)
        try #require(made.status == 0, "\(made.standardError)")
        return folder + "/reference.png"
    }

    struct Case: CustomStringConvertible {
        let arguments: [String]
        /// The file it writes (nil: standard output).
        let file: String?
        let kind: Kind
        var description: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["-o", "card.jpg"], file: "card.jpg", kind: .jpeg),
        Case(arguments: ["-o", "card.JPEG"], file: "card.JPEG", kind: .jpeg),
        Case(arguments: ["-o", "card.webp"], file: "card.webp", kind: .webp),
        Case(arguments: ["-o", "card.png"], file: "card.png", kind: .png),
        Case(arguments: ["--format", "jpeg", "-o", "card"], file: "card", kind: .jpeg),
        Case(arguments: ["--format", "webp"], file: "22-dongzhi.webp", kind: .webp),
        Case(arguments: ["--format", "jpg"], file: "22-dongzhi.jpg", kind: .jpeg),
        Case(arguments: ["--format", "webp", "-o", "card.webp"], file: "card.webp", kind: .webp),
        Case(arguments: ["--format", "webp", "-o", "-"], file: nil, kind: .webp),
        Case(arguments: ["-o", "-"], file: nil, kind: .png),
    ]

    @Test(.enabled(if: pillowPresent, "Pillow is not installed (Debian package python3-pil)"), arguments: cases)
    func formatFromExtensionOrFlag(_ testCase: Case) throws {
        try withTemporaryFolder { folder in
            let reference = try Self.reference(in: folder)
            let run = try launch(["term", "冬至", "--size", Self.size] + testCase.arguments, in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let path = folder + "/" + (testCase.file ?? "stdout")
            if testCase.file == nil {
                try Data(run.standardOutput).write(to: URL(fileURLWithPath: path))
            } else {
                #expect(run.standardOutput.isEmpty)
            }
            #expect(Set(filesIn(folder)) == ["reference.png", (path as NSString).lastPathComponent])
            #expect(Self.kind(of: try Self.bytes(path)) == testCase.kind)
            let compared = try Self.compare(reference, path, in: folder)
            #expect(compared.format == testCase.kind.rawValue)
            #expect(compared.mode == "RGB", "opaque: no alpha in any format")
            #expect(compared.width == 480 && compared.height == 270)
            // Quality 90: a mean error under 3 of 255 (measured: about 1 on this card).
            #expect(compared.mean < (testCase.kind == .png ? 0.0001 : 3), "mean \(compared.mean)")
            if testCase.file != nil {
                #expect(run.standardError.contains("\(testCase.kind == .webp ? "WebP" : testCase.kind.rawValue), "))
            }
        }
    }

    @Test(.enabled(if: pillowPresent, "Pillow is not installed (Debian package python3-pil)"))
    func jpegSubsamplingAndProgressionByQuality() throws {
        try withTemporaryFolder { folder in
            let reference = try Self.reference(in: folder, ["--season", "winter", "--text", "冬 Winter"])
            for quality in [nil, 89, 90, 40] {
                let name = "w\(quality ?? 0).jpg"
                let run = try launch(
                    ["--season", "winter", "--text", "冬 Winter", "--size", Self.size, "-o", name]
                        + (quality.map { ["--quality", "\($0)"] } ?? []), in: folder)
                #expect(run.status == 0, "\(run.standardError)")
                let compared = try Self.compare(reference, folder + "/" + name, in: folder)
                #expect(compared.progressive == 1)
                let level = quality ?? 90
                let luma = level >= 90 ? [1, 1] : [2, 2]
                let layer = try #require(compared.layer)
                #expect(layer.count == 3)
                #expect(Array(layer[0][1...2]) == luma, "\(name): \(layer)")
                #expect(layer.dropFirst().allSatisfy { Array($0[1...2]) == [1, 1] })
                #expect(compared.mean < (level >= 89 ? 3 : 8), "\(name): mean \(compared.mean)")
            }
        }
    }

    @Test(.enabled(if: pillowPresent, "Pillow is not installed (Debian package python3-pil)"))
    func losslessWebPHasExactlyThePNGsPixels() throws {
        try withTemporaryFolder { folder in
            let reference = try Self.reference(in: folder)
            let run = try launch(
                ["term", "冬至", "--size", Self.size, "--quality", "100", "-o", "card.webp"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let compared = try Self.compare(reference, folder + "/card.webp", in: folder)
            #expect(compared.format == "WEBP" && compared.max == 0 && compared.mean == 0)
            // VP8L, the lossless bitstream, after the extended header (VP8X) that
            // announces the XMP chunk holding the file's note.
            let file = try Self.bytes(folder + "/card.webp")
            #expect(Array(file[12..<16]) == Array("VP8X".utf8))
            #expect(Array(file[30..<34]) == Array("VP8L".utf8))
        }
    }

    @Test func sameSpecTwiceIsTheSameBytes() throws {
        try withTemporaryFolder { folder in
            for name in ["a.jpg", "b.jpg", "a.webp", "b.webp", "a-lossless.webp", "b-lossless.webp"] {
                let quality = name.contains("lossless") ? ["--quality", "100"] : []
                let run = try launch(["term", "冬至", "--size", "320x180", "-o", name] + quality, in: folder)
                #expect(run.status == 0, "\(run.standardError)")
            }
            for (first, second) in [("a.jpg", "b.jpg"), ("a.webp", "b.webp"), ("a-lossless.webp", "b-lossless.webp")] {
                #expect(try Self.bytes(folder + "/" + first) == Self.bytes(folder + "/" + second), "\(first)")
            }
        }
    }

    struct Refusal: CustomStringConvertible {
        let arguments: [String]
        let message: String
        var description: String { arguments.joined(separator: " ") }
    }

    static let refusals: [Refusal] = [
        Refusal(
            arguments: ["term", "冬至", "-o", "card.gif"],
            message:
                "--output 'card.gif': wallgen cannot write .gif files; it writes PNG (.png), JPEG (.jpg, .jpeg), WebP (.webp) or AVIF (.avif)"
        ),
        Refusal(arguments: ["--season", "winter", "-o", "w.tiff"], message: "wallgen cannot write .tiff files"),
        Refusal(
            arguments: ["term", "冬至", "-o", "card.jpg", "--format", "webp"],
            message: "--output 'card.jpg' names a JPEG file, but --format asks for WebP; give a .webp name"),
        Refusal(
            arguments: ["--season", "winter", "-o", "w.png", "--format", "jpeg"],
            message: "names a PNG file, but --format asks for JPEG"),
        Refusal(
            arguments: ["term", "冬至", "--quality", "0"], message: "--quality must be from 1 (smallest file) to 100"),
        Refusal(arguments: ["term", "冬至", "--quality", "101"], message: "got 101"),
        Refusal(
            arguments: ["term", "冬至", "--quality", "abc"],
            message: "--quality must be a whole number from 1 to 100, got 'abc'"),
        Refusal(arguments: ["term", "冬至", "--quality", "9.5"], message: "got '9.5'"),
        Refusal(arguments: ["term", "冬至", "--quality", "80"], message: "--quality is for JPEG, WebP and AVIF"),
        Refusal(
            arguments: ["term", "冬至", "-o", "c.jpg", "--compression", "small"],
            message: "--compression is for PNG; JPEG takes --quality instead"),
        Refusal(
            arguments: ["terms", "-o", "cards", "--quality", "50"], message: "--quality is for JPEG, WebP and AVIF"),
        Refusal(
            arguments: ["term", "冬至", "--format", "tiff"], message: "--format must be png, jpeg, jpg, webp or avif"),
        Refusal(arguments: ["schedule", "--format", "gif", "-o", "s"], message: "--format must be"),
        // What a format cannot hold is refused from its declaration, before any work
        // (it was an encoder failure after rendering, status 70).
        Refusal(
            arguments: ["--size", "16384x64", "-o", "x.webp"],
            message: "the canvas 16384x64 is larger than a WebP picture can be (16383 pixels a side)"),
        Refusal(
            arguments: ["terms", "-o", "cards", "--size", "64x16384", "--format", "webp"],
            message: "larger than a WebP picture can be"),
        Refusal(
            arguments: ["schedule", "-o", "s", "--size", "16384x64", "--format", "webp"],
            message: "larger than a WebP picture can be"),
        Refusal(
            arguments: ["--text", String(repeating: "冬", count: 23_000), "-o", "x.jpg"],
            message: "bytes, more than a JPEG comment holds (65533); give --no-metadata or a shorter --text"),
    ]

    @Test(arguments: refusals)
    func refusedBeforeAnythingIsWritten(_ refusal: Refusal) throws {
        try withTemporaryFolder { folder in
            let run = try launch(refusal.arguments, in: folder)
            #expect(run.status == 64, "\(run.standardError)")
            #expect(run.standardError.hasPrefix("Error: ") && run.standardError.contains(refusal.message))
            #expect(run.standardError.split(separator: "\n").count == 2, "one line and the usage hint")
            #expect(filesIn(folder).isEmpty, "left \(filesIn(folder))")
        }
    }

    @Test(.enabled(if: pillowPresent, "Pillow is not installed (Debian package python3-pil)"))
    func termsWriteTheirCardsSheetAndGalleryInTheFormat() throws {
        try withTemporaryFolder { folder in
            let run = try launch(["terms", "--format", "jpeg", "-o", "cards", "--size", "96x54"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("contact-sheet.jpg and index.html"))
            let files = filesIn(folder + "/cards")
            let cards = files.filter { $0.hasSuffix(".jpg") && $0 != "contact-sheet.jpg" }
            #expect(cards.count == 24)
            #expect(Set(files) == Set(cards + ["contact-sheet.jpg", "index.html"]))
            for name in cards + ["contact-sheet.jpg"] {
                #expect(Self.kind(of: try Self.bytes(folder + "/cards/" + name)) == .jpeg, "\(name)")
            }
            let html = try String(contentsOfFile: folder + "/cards/index.html", encoding: .utf8)
            for name in cards { #expect(html.contains("\"\(name)\""), "the gallery does not name \(name)") }
            #expect(!html.contains(".png"))
            // The sheet decodes, opaque, in Pillow.
            let sheet = try launch(
                [
                    "-c",
                    "from PIL import Image; i = Image.open('cards/contact-sheet.jpg'); i.load(); print(i.format, i.mode)",
                ],
                in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(sheet.output == "JPEG RGB\n", "\(sheet.standardError)")
        }
    }

    @Test func scheduleReferencesTheFilesItWrote() throws {
        try withTemporaryFolder { folder in
            let environment = LivingWallpaperTests.session(folder)
            for (by, format, fileExtension) in [("terms", "webp", ".webp"), ("seasons", "jpeg", ".jpg")] {
                let out = folder + "/" + by
                let run = try launch(
                    [
                        "schedule", "--by", by, "--format", format, "-o", out, "--size", "48x27", "--from", "2026",
                        "--years", "1", "--jobs", "1",
                    ], in: folder, environment: environment)
                #expect(run.status == 0, "\(run.standardError)")
                let pictures = filesIn(out).filter { $0.hasSuffix(fileExtension) }
                #expect(pictures.count == (by == "terms" ? 24 : 4))
                #expect(!filesIn(out).contains { $0.hasSuffix(".png") })
                for file in ["schedule.xml", "schedule.json"] {
                    let text = try String(contentsOfFile: out + "/" + file, encoding: .utf8)
                    let named = text.matches(of: /\/[^<>"]+\.(png|jpg|webp)/).map { String($0.output.0) }
                    #expect(!named.isEmpty, "\(file) names no picture")
                    for path in Set(named) {
                        #expect(path.hasSuffix(fileExtension), "\(file) names \(path)")
                        #expect(FileManager.default.fileExists(atPath: path), "\(file) names \(path), not written")
                    }
                }
            }
        }
    }
}
