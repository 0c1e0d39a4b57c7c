import Batch
import Foundation
import TestSupport
import Testing

/// The report as `batch` streams it and as `gather` reads it: one `BatchReport`.
@Suite struct BatchReportTests {
    static let header = BatchReport.Header(
        wallgen: "0.2.0", manifest: "/data/cards.jsonl", folder: "/data/out", rows: 500,
        shard: BatchReport.Shard(index: 0, count: 3), resume: false, started: "2026-11-30T22:10:30Z")

    /// Written row by row from several threads, the file is one JSON document that an
    /// independent reader (JSONSerialization) takes key by key as the docs show it, and
    /// that decodes back to the report written.
    @Test func streamedReportReadsBackWhole() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/.wallgen-report-0-of-3.json"
            let writer = BatchReportWriter(file: try ReportFile(path: path), header: Self.header)
            let awkward = "--background: 'mi\"a\\\n.jpg' \u{2028}🌨️ does not exist"
            let results: [BatchReport.Result] =
                [
                    .done(row: 2, index: 0, output: "en/22-dongzhi.png", milliseconds: 41.234),
                    BatchReport.Result(
                        row: 5, index: 3, output: "users/mia.png", status: .failed, exit: 66, reason: awkward),
                    BatchReport.Result(row: 8, index: 6, output: "zh/10-xiazhi.png", status: .skipped),
                ] + (0..<200).map { .done(row: 10 + $0, index: 7 + $0, output: "many/\($0).png", milliseconds: 1) }
            DispatchQueue.concurrentPerform(iterations: results.count) { writer.add(results[$0]) }
            #expect(!FileManager.default.fileExists(atPath: path), "the report appears only when finished")
            let totals = BatchReport.Totals(done: 201, skipped: 1, failed: 1, seconds: 7.41249, exit: 65)
            try writer.finish(totals)

            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let object = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
            #expect(object["wallgen"] as? String == "0.2.0")
            #expect(object["manifest"] as? String == "/data/cards.jsonl")
            #expect(object["rows"] as? Int == 500)
            #expect((object["shard"] as? [String: Any])?["count"] as? Int == 3)
            #expect(object["resume"] as? Bool == false)
            #expect(object["seconds"] as? Double == 7.412)
            #expect(object["exit"] as? Int == 65)
            let rows = try #require(object["results"] as? [[String: Any]])
            #expect(rows.count == 203)
            let failed = try #require(rows.first { $0["status"] as? String == "failed" })
            #expect(failed["reason"] as? String == awkward)
            #expect(failed["exit"] as? Int == 66)
            #expect(failed["ms"] == nil)
            let first = try #require(rows.first { $0["row"] as? Int == 2 })
            #expect(first["ms"] as? Double == 41.2)
            #expect(first["output"] as? String == "en/22-dongzhi.png")
            // Paths as they are: no escaped slashes.
            #expect(String(decoding: bytes, as: UTF8.self).contains("\"en/22-dongzhi.png\""))

            let decoded = try BatchReport.decode(Array(bytes))
            #expect(decoded.header == Self.header)
            #expect(decoded.totals == totals)
            #expect(Set(decoded.results.map(\.index)) == Set(results.map(\.index)))
            #expect(decoded.results.first { $0.index == 3 } == results[1])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [".wallgen-report-0-of-3.json"])
        }
    }

    /// A document that is not a whole report (a key missing, a status none of the three,
    /// the totals missing) is refused, never half read.
    @Test func aDamagedReportIsRefused() throws {
        let whole = BatchReport(
            header: Self.header,
            results: [.done(row: 2, index: 0, output: "a.png", milliseconds: 3)],
            totals: BatchReport.Totals(done: 1, skipped: 0, failed: 0, seconds: 1, exit: 0))
        let text = String(decoding: try BatchReport.encoder().encode(whole), as: UTF8.self)
        #expect(try BatchReport.decode(Array(text.utf8)) == whole)
        for damaged in [
            text.replacingOccurrences(of: "\"status\":\"done\"", with: "\"status\":\"lost\""),
            text.replacingOccurrences(of: "\"rows\":500,", with: ""),
            text.replacingOccurrences(of: "\"exit\":0,", with: ""),
            String(text.prefix(text.count / 2)),
        ] {
            #expect(throws: (any Error).self, "\(damaged)") { _ = try BatchReport.decode(Array(damaged.utf8)) }
        }
    }
}
