import Foundation
import TestSupport
import Testing

/// The note of how a picture was made, in every format and every way of making several
/// pictures: what `inspect` reads back from JPEG, WebP and AVIF files, the format an extension
/// chose recorded as `--format`, each of several sizes noted as if asked for alone, and
/// batch rows writing the format their output names and resuming over it.
@Suite struct ProvenanceFormatsTests {
    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// The `spec hash:` line `inspect` prints for a file.
    func specHash(_ file: String, in folder: String) throws -> String {
        let inspected = try launch(["inspect", file], in: folder)
        try #require(inspected.status == 0, "\(inspected.standardError)")
        let line = try #require(inspected.output.split(separator: "\n").first { $0.hasPrefix("spec hash: ") })
        return String(line.dropFirst("spec hash: ".count))
    }

    /// The bytes a file of the format starts with (an AVIF's box size comes first).
    static func starts(_ bytes: [UInt8], as format: String) -> Bool {
        switch format {
        case "jpeg": bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case "webp": bytes.starts(with: Array("RIFF".utf8))
        default: bytes.dropFirst(4).starts(with: Array("ftypavif".utf8))
        }
    }

    /// `-o card.jpg` writes a JPEG whose note says `--format jpeg`; the command `inspect`
    /// prints, run again, writes the same bytes. The same for WebP and AVIF.
    @Test(arguments: [("card.jpg", "jpeg"), ("card.webp", "webp"), ("card.avif", "avif")])
    func inspectReadsEveryFormat(file: String, format: String) throws {
        try withTemporaryFolder { folder in
            let made = try launch(["term", "冬至", "--size", "90x160", "-o", file], in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(Self.starts(try bytes(folder + "/" + file), as: format))
            let inspected = try launch(["inspect", file], in: folder)
            #expect(inspected.status == 0, "\(inspected.standardError)")
            let command = try #require(inspected.output.split(separator: "\n").first)
            #expect(command == "command: wallgen term dongzhi --size 90x160 --format \(format)")
            let again = try launch(
                [
                    "term", "dongzhi", "--size", "90x160", "--format", format, "-o",
                    "again.\(file.split(separator: ".")[1])",
                ],
                in: folder)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try bytes(folder + "/" + file) == bytes(folder + "/again.\(file.split(separator: ".")[1])"))
        }
    }

    /// Each of several sizes made in one run records its own size, with the same spec hash
    /// as that size asked for alone.
    @Test func severalSizesAreNotedOneByOne() throws {
        try withTemporaryFolder { folder in
            let several = try launch(
                ["-s", "summer", "--size", "120x80", "--device", "iphone-se", "-o", "w.png"], in: folder)
            #expect(several.status == 0, "\(several.standardError)")
            let alone = try launch(["-s", "summer", "--size", "120x80", "-o", "alone.png"], in: folder)
            #expect(alone.status == 0, "\(alone.standardError)")
            #expect(try specHash("w-120x80.png", in: folder) == specHash("alone.png", in: folder))
            let phone = try launch(["inspect", "w-750x1334.png"], in: folder)
            #expect(phone.output.hasPrefix("command: wallgen --season summer --size 750x1334\n"), "\(phone.output)")
        }
    }

    /// A batch row's output extension chooses its format, as on the command line; a rerun
    /// with --resume finds the JPEG's, WebP's and AVIF's notes and skips them; a row asking for
    /// two sizes is refused before anything renders.
    @Test func batchRowsWriteTheirFormatAndResume() throws {
        try withTemporaryFolder { folder in
            let manifest = """
                {"command":"term","term":"冬至","size":"60x100","output":"cards/dongzhi.jpg"}
                {"command":"wallpaper","season":"spring","size":"80x50","output":"spring.webp"}
                {"command":"term","term":"夏至","size":"40x60","quality":"70","output":"cards/xiazhi.avif"}

                """
            try manifest.write(toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            let first = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            #expect(first.status == 0, "\(first.standardError)")
            #expect(try bytes(folder + "/out/cards/dongzhi.jpg").starts(with: [0xFF, 0xD8, 0xFF]))
            #expect(try bytes(folder + "/out/spring.webp").starts(with: Array("RIFF".utf8)))
            #expect(Self.starts(try bytes(folder + "/out/cards/xiazhi.avif"), as: "avif"))
            let resumed = try launch(["batch", "m.jsonl", "-o", "out", "--resume"], in: folder)
            #expect(resumed.status == 0, "\(resumed.standardError)")
            #expect(
                resumed.standardError.contains("0 rendered, 3 skipped, 0 failed of 3 rows"), "\(resumed.standardError)")

            try #"{"season":"winter","size":["80x50","50x80"],"output":"w.png"}"#.write(
                toFile: folder + "/two.jsonl", atomically: true, encoding: .utf8)
            let two = try launch(["batch", "two.jsonl", "-o", "two"], in: folder)
            #expect(two.status == 65)
            #expect(two.standardError.contains("row 1: a row makes one picture"), "\(two.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/two/w.png"))
        }
    }
}
