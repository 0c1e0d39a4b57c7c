import Foundation
import TestSupport
import Testing

/// Issue 47, item 5: `gather` and `batch --resume` read the outputs as mappings, one at a
/// time, and their container check walks a bounded number of boxes: memory stays flat
/// however large the pictures are, and a crafted file of millions of tiny boxes is refused
/// without listing them.
@Suite struct GatherMemoryTests {
    /// A file whose PNG chunks are whole (IHDR, one IDAT of `dataBytes`, IEND), which is
    /// all the container check reads: as large as a big picture, cheap to make.
    static func largePNG(dataBytes: Int) -> Data {
        func chunk(_ type: String, _ body: Data) -> Data {
            var bytes = Data()
            var length = UInt32(body.count).bigEndian
            bytes.append(Data(bytes: &length, count: 4))
            bytes.append(Data(type.utf8))
            bytes.append(body)
            bytes.append(Data([0, 0, 0, 0]))
            return bytes
        }
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(chunk("IHDR", Data([0, 0, 0, 24, 0, 0, 0, 16, 8, 2, 0, 0, 0])))
        file.append(chunk("IDAT", Data(repeating: 0x55, count: dataBytes)))
        file.append(chunk("IEND", Data()))
        return file
    }

    /// An "AVIF": `ftyp` naming avif, then nothing but 8-byte empty boxes to `totalBytes`.
    static func tinyBoxesAVIF(totalBytes: Int) -> Data {
        var file = Data([0, 0, 0, 16]) + Data("ftypavif".utf8) + Data([0, 0, 0, 0])
        let box = Data([0, 0, 0, 8]) + Data("free".utf8)
        file.reserveCapacity(totalBytes)
        while file.count + 8 <= totalBytes { file.append(box) }
        return file
    }

    /// Makes a batch of `rows` tiny wallpapers in `folder/o`.
    static func makeBatch(rows: Int, in folder: String) throws {
        let manifest = (0..<rows).map { "{\"season\":\"winter\",\"size\":\"24x16\",\"output\":\"p\($0).png\"}" }
        try Data((manifest.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
        let batch = try launch(["batch", "m.jsonl", "-o", "o", "-q"], in: folder)
        #expect(batch.status == 0, "\(batch.standardError)")
    }

    /// Twelve outputs of 16 MiB each (192 MiB in all, which the old gather held at
    /// once): checked and laid on the sheet within 80 MB.
    @Test func gatherOfLargePicturesStaysFlat() throws {
        try withTemporaryFolder { folder in
            try Self.makeBatch(rows: 12, in: folder)
            let large = Self.largePNG(dataBytes: 16 << 20)
            for row in 0..<12 { try large.write(to: URL(fileURLWithPath: folder + "/o/p\(row).png")) }
            let gathered = try measuredRun(["gather", "o"], in: folder)
            #expect(gathered.status == 0, "\(gathered.standardError)")
            #expect(gathered.standardError.contains("All 12 rows are done"), "\(gathered.standardError)")
            #expect(gathered.peakMegabytes < 80, "gather's peak: \(gathered.peakMegabytes) MB")
        }
    }

    /// A 64 MiB "AVIF" of eight million empty boxes in place of an output: gather says the
    /// row's output holds no picture (65), and `--resume` renders the row again, each
    /// without listing the boxes.
    @Test func aContainerOfTinyBoxesIsRefusedCheaply() throws {
        try withTemporaryFolder { folder in
            try Self.makeBatch(rows: 1, in: folder)
            try Self.tinyBoxesAVIF(totalBytes: 64 << 20).write(to: URL(fileURLWithPath: folder + "/o/p0.png"))
            let gathered = try measuredRun(["gather", "o", "--no-gallery"], in: folder)
            #expect(gathered.status == 65, "\(gathered.standardError)")
            #expect(
                gathered.standardError.contains("row 1: p0.png is cut short or holds no picture"),
                "\(gathered.standardError)")
            #expect(gathered.peakMegabytes < 60, "gather's peak: \(gathered.peakMegabytes) MB")
            let resumed = try measuredRun(["batch", "m.jsonl", "-o", "o", "--resume"], in: folder)
            #expect(resumed.status == 0, "\(resumed.standardError)")
            #expect(resumed.standardError.contains("1 rendered, 0 skipped"), "\(resumed.standardError)")
            #expect(resumed.peakMegabytes < 60, "--resume's peak: \(resumed.peakMegabytes) MB")
            let header = try Data(contentsOf: URL(fileURLWithPath: folder + "/o/p0.png")).prefix(4)
            #expect(header == Data([0x89, 0x50, 0x4E, 0x47]), "the row was made again as a PNG")
        }
    }
}
