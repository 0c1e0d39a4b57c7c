import Compositor
import Foundation
import TestSupport
import Testing

/// `gather --partial` (issue 28 item 7): a batch with a failed row, or a shard that sent
/// no report, still gets its gallery of what was made; what is missing is listed on
/// standard error and on the page, and the status stays the batch's.
@Suite struct GatherPartialTests {
    /// Three rows that render and one whose picture does not exist (row 3).
    static let manifest = """
        {"season": "winter", "size": "24x16", "output": "a.png"}
        {"season": "summer", "size": "24x16", "output": "b.png"}
        {"season": "spring", "size": "24x16", "output": "gone.png", "background": "no-such-photo.jpg"}
        {"command": "term", "term": "冬至", "size": "24x16", "output": "d.png"}

        """

    @Test func aFailedRowLeavesAGalleryOfTheRestAndTheStatus() throws {
        try withTemporaryFolder { folder in
            try Data(Self.manifest.utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            #expect(batch.status != 0, "\(batch.standardError)")

            // Without --partial: the failure and no gallery, as before.
            let strict = try launch(["gather", "out"], in: folder)
            #expect(strict.status == batch.status, "\(strict.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/out/index.html"))
            #expect(strict.standardError.contains("--partial"), "the refusal names --partial: \(strict.standardError)")

            let partial = try launch(["gather", "out", "--partial"], in: folder)
            #expect(partial.status == batch.status, "\(partial.standardError)")
            #expect(partial.standardError.contains("row 3:"), "\(partial.standardError)")
            #expect(partial.standardError.contains("no-such-photo.jpg"), "\(partial.standardError)")
            #expect(partial.standardError.contains("3 of 4"), "\(partial.standardError)")
            // The failed row is reported, as failed: not also among rows in no report.
            #expect(!partial.standardError.contains("in no report"), "\(partial.standardError)")
            let page = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
            for name in ["a.png", "b.png", "d.png"] { #expect(page.contains("src=\"\(name)\""), "\(name)") }
            #expect(!page.contains("src=\"gone.png\""))
            #expect(page.contains("<title>3 of 4 pictures</title>"), "\(page.prefix(600))")
            // The page says what is missing, in words a reader sees.
            let missing = try #require(page.range(of: "Missing"), "the page has no list of what is missing")
            #expect(page[missing.upperBound...].contains("row 3"), "\(page)")
            #expect(page[missing.upperBound...].contains("no-such-photo.jpg"))
            // Three tiles on the sheet, and no fourth: the runs of columns holding anything
            // but the sheet's ground (#1C1C1E), which the gaps between tiles are.
            let sheet = try ImageDecoder.decode(
                [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out/contact-sheet.png"))))
            #expect(Self.tileColumns(sheet).count == 3, "\(Self.tileColumns(sheet))")
        }
    }

    /// The runs of columns of `sheet` in which some pixel is not the sheet's ground.
    static func tileColumns(_ sheet: Image) -> [Range<Int>] {
        func isGround(_ x: Int, _ y: Int) -> Bool {
            let pixel = sheet.pixels + y * sheet.bytesPerRow + x * Image.channels
            return pixel[0] == 0x1C && pixel[1] == 0x1C && pixel[2] == 0x1E
        }
        var runs: [Range<Int>] = []
        var start: Int?
        for x in 0...sheet.width {
            let filled = x < sheet.width && (0..<sheet.height).contains { !isGround(x, $0) }
            if filled, start == nil { start = x }
            if !filled, let first = start {
                runs.append(first..<x)
                start = nil
            }
        }
        return runs
    }

    @Test func aShardWithoutAReportIsListed() throws {
        try withTemporaryFolder { folder in
            try Data(Self.manifest.utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            // Shard 0 of 2 holds rows 1 and 3 (indices 0 and 2): row 3 fails; shard 1 never runs.
            _ = try launch(["batch", "m.jsonl", "-o", "out", "-q", "--shard", "0/2"], in: folder)
            let partial = try launch(["gather", "out", "--partial"], in: folder)
            #expect(partial.status == 65, "a failed row is 65 even with rows in no report: \(partial.standardError)")
            #expect(partial.standardError.contains("no report from shard 1/2"), "\(partial.standardError)")
            #expect(partial.standardError.contains("1 of 4"), "\(partial.standardError)")
            let page = try String(contentsOfFile: folder + "/out/index.html", encoding: .utf8)
            #expect(page.contains("src=\"a.png\""))
            #expect(page.contains("no report from shard 1/2"), "\(page)")
        }
    }

    @Test func onlyShardsMissingIsStatus66() throws {
        try withTemporaryFolder { folder in
            let rows = Self.manifest.split(separator: "\n").filter { !$0.contains("no-such") }.joined(separator: "\n")
            try Data((rows + "\n").utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q", "--shard", "0/2"], in: folder)
            #expect(batch.status == 0, "\(batch.standardError)")
            let partial = try launch(["gather", "out", "--partial"], in: folder)
            #expect(partial.status == 66, "\(partial.standardError)")
            #expect(partial.standardError.contains("2 of 3"), "\(partial.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/out/index.html"))
        }
    }
}
