import Foundation
import TestSupport
import Testing

/// The bytes of pictures that carry a note, in every format and every way wallgen writes
/// one (one picture, several sizes, batch rows), held against an independent reference:
/// the SHA-256 (sha256sum) of the same commands' files as written by wallgen 0.2.0 at
/// commit 6c5794f, before the note travelled typed from the command to the encoder. The
/// note's own text is checked too, against JSON written here by hand whose hash was
/// computed with Python's hashlib. A change that alters these pictures on purpose (new
/// pixels, a new version number) records its new digests here and says why.
///
/// A PNG's bytes are wallgen's alone (its own deflate). A JPEG's, WebP's or AVIF's are
/// also their encoding library's: their digests hold for the versions they were taken
/// with (`encoders`, as dpkg names them), and with any other the file is checked instead
/// as a whole picture of its size that carries its note, read back by `wallgen inspect`
/// and decoded by Pillow.
@Suite struct NoteBytesTests {
    /// The library each lossy format's bytes depend on, and the version its digests here
    /// were taken with.
    static let encoders: [String: (package: String, version: String)] = [
        "jpg": ("libjpeg62-turbo", "1:2.1.5-2"), "webp": ("libwebp7", "1.2.4-0.2+deb12u1"),
        "avif": ("libaom3", "3.6.0-1+deb12u3"),
    ]

    /// The installed version of a Debian package, nil when it is not installed.
    static func installedVersion(_ package: String) -> String? {
        guard let run = try? runProgram("/usr/bin/dpkg-query", ["-W", "-f", "${Version}", package]), run.status == 0
        else { return nil }
        return run.text
    }
    /// `term 冬至 --size 90x160 -o card.EXT`.
    static let cards: [(file: String, digest: String)] = [
        ("card.png", "1841b591554465931d45f4f09be29f9cfd6909eb3656ce39330b6b8d747b27c2"),
        ("card.jpg", "5295ff482b681661c1f0535daf9d5771cfc73dcdef2e4ce9b04c54961ba2defe"),
        ("card.webp", "08e768cf104d4b184512fadc2cdc1ece0006e5b525a2696d20b675a64563029e"),
        ("card.avif", "3a0fa808a962697c6f681e5012b9efcf349d0c2371ab703269496c16ac0c8a06"),
    ]

    @Test(arguments: cards)
    func aCardInEachFormatIsTheSameFile(file: String, digest: String) throws {
        try withTemporaryFolder { folder in
            let made = try launch(["term", "冬至", "--size", "90x160", "-o", file], in: folder)
            try #require(made.status == 0, "\(made.standardError)")
            try expectDigests(in: folder, [(file, digest)])
        }
    }

    /// Each file's SHA-256, by sha256sum, is the one main's binary wrote; for a lossy file
    /// made with another version of its library than the digest's, the file is checked as
    /// a whole picture of its size with its note instead (see the suite's comment).
    func expectDigests(in folder: String, _ files: [(name: String, digest: String)]) throws {
        for (name, digest) in files {
            let path = folder + "/" + name
            let fileExtension = (name as NSString).pathExtension
            if let encoder = Self.encoders[fileExtension], Self.installedVersion(encoder.package) != encoder.version {
                try expectWholeWithNote(path, because: "\(encoder.package) is not \(encoder.version)")
                continue
            }
            #expect(try LivingWallpaperDefectTests.sha256(path) == digest, "\(name)")
        }
    }

    /// The file decodes (Pillow; an AVIF through libheif's heif-convert first) and carries a
    /// note that `wallgen inspect` reads back as the command that makes it at its size.
    func expectWholeWithNote(_ path: String, because reason: String) throws {
        let inspected = try launch(["inspect", path, "--json"], in: "/")
        #expect(inspected.status == 0, "\(path) (\(reason)): \(inspected.standardError)")
        let note = try JSONSerialization.jsonObject(with: Data(inspected.standardOutput)) as? [String: Any]
        let arguments = note?["args"] as? [String] ?? []
        var readable = path
        if path.hasSuffix(".avif") {
            readable = path + ".png"
            let converted = try runProgram("/usr/bin/heif-convert", [path, readable])
            #expect(converted.status == 0, "\(path) (\(reason)): heif-convert failed")
        }
        let decoded = try runProgram(
            "/usr/bin/python3",
            ["-c", "import sys; from PIL import Image; print('%dx%d' % Image.open(sys.argv[1]).size)", readable])
        #expect(decoded.status == 0, "\(path) (\(reason)) does not decode")
        let size = decoded.text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(arguments.contains(size), "\(path) (\(reason)): the note \(arguments) does not record its size \(size)")
    }

    /// The check that stands in for a digest when a library's version differs works on
    /// each lossy format (so an upgrade meets a working check, not a first run of one).
    @Test(arguments: ["jpg", "webp", "avif"])
    func theStandInCheckWorks(fileExtension: String) throws {
        try withTemporaryFolder { folder in
            let made = try launch(["term", "冬至", "--size", "90x160", "-o", "card." + fileExtension], in: folder)
            try #require(made.status == 0, "\(made.standardError)")
            try expectWholeWithNote(folder + "/card." + fileExtension, because: "the check itself is checked")
        }
    }

    /// The note's text, where the PNG and the JPEG keep it as is: an iTXt chunk's text
    /// after its keyword and three empty fields, a comment after `wallgen `.
    @Test func theNoteIsTheTextWallgenAlwaysWrote() throws {
        let png =
            #"{"wallgen":"0.2.0","command":"term","args":["dongzhi","--size","90x160"],"hash":"a45c57a3915d2c2c5b07ffda0acb0c651a5cc0969c7c5248350fc60de6ff10e2"}"#
        let jpeg =
            #"{"wallgen":"0.2.0","command":"term","args":["dongzhi","--size","90x160","--format","jpeg"],"hash":"0c4d5daa84ff31c97de893dbcb923690b09ff581c9a4c4a54d044d8c012d8c13"}"#
        try withTemporaryFolder { folder in
            for file in ["card.png", "card.jpg"] {
                let made = try launch(["term", "冬至", "--size", "90x160", "-o", file], in: folder)
                try #require(made.status == 0, "\(made.standardError)")
            }
            let pngBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/card.png")))
            let chunk = Array("iTXtwallgen".utf8) + [0, 0, 0, 0, 0] + Array(png.utf8)
            #expect(pngBytes.firstRange(of: chunk) != nil)
            let jpegBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/card.jpg")))
            let comment = Array("wallgen \(jpeg)".utf8)
            let length = comment.count + 2
            #expect(jpegBytes.firstRange(of: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment) != nil)
        }
    }

    /// Each of several sizes records its own size: a WebP pair with a text that needs
    /// escaping in both JSON and XML.
    @Test func severalSizesAreTheSameFiles() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["-s", "autumn", "--size", "120x80", "--size", "90x60", "--text", #"秋 "a" \ b"#, "-o", "w.webp"],
                in: folder)
            try #require(made.status == 0, "\(made.standardError)")
            try expectDigests(
                in: folder,
                [
                    ("w-120x80.webp", "463d0fdf90dfca6f1885aa98321c3a2ec56cb6a48fdf03770fb47efc5687eaae"),
                    ("w-90x60.webp", "e985b3493c6b561a8bda1c77537153f18c5c6eb5a61535b91522caf5ec33f721"),
                ])
        }
    }

    /// Batch rows (their notes come from the row's fields, not a command line) write the
    /// same files, and `--resume` reads those notes back and skips both rows.
    @Test func batchRowsAreTheSameFilesAndResume() throws {
        try withTemporaryFolder { folder in
            let manifest = """
                {"command":"wallpaper","season":"spring","size":"80x50","text":"<x> & 春","output":"rows/spring.jpg"}
                {"command":"term","term":"夏至","size":"40x60","lang":"en","output":"rows/xiazhi.png"}

                """
            try manifest.write(toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            let first = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            try #require(first.status == 0, "\(first.standardError)")
            try expectDigests(
                in: folder,
                [
                    ("out/rows/spring.jpg", "4d0aeb2cc4dd790361aa4c91a740f3d067b4c24c199e33b8e3e2ca60d10f4058"),
                    // A 2:3 card: since the card's shade begins higher on shapes wider than
                    // a phone's (TermCard.shadeUnderText), its pixels are those of fa93f8c.
                    ("out/rows/xiazhi.png", "64e32f102dfbb8b6a02ec0c7b239aef74a8916d79cab737dd4ff9e5e305d6d0a"),
                ])
            let again = try launch(["batch", "m.jsonl", "-o", "out", "--resume"], in: folder)
            #expect(again.status == 0, "\(again.standardError)")
            #expect((again.output + again.standardError).contains("0 rendered, 2 skipped"), "\(again.standardError)")
        }
    }
}
