import Foundation
import TestSupport
import Testing

/// A batch decodes a picture once for all the rows that share it and their canvas: ten
/// personal cards of 冬至 on two devices decode the term's picture twice (counted by
/// `WALLGEN_TRACE_DECODES`), and each card is still the bytes of the same command alone.
@Suite struct BatchPictureCacheTests {
    @Test func rowsSharingAPictureDecodeItOnce() throws {
        try withTemporaryFolder { folder in
            var rows: [String] = []
            for index in 1...10 {
                let size = index <= 6 ? "90x160" : "160x90"
                rows.append(
                    #"{"command":"term","term":"冬至","size":"\#(size)","text":"冬至快樂 \#(index)","output":"c\#(index).png"}"#
                )
            }
            try (rows.joined(separator: "\n") + "\n").write(
                toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            var environment = ProcessInfo.processInfo.environment
            environment["WALLGEN_TRACE_DECODES"] = "1"
            let batch = try launch(
                ["batch", "m.jsonl", "-o", "out", "--jobs", "1"], in: folder, environment: environment)
            #expect(batch.status == 0, "\(batch.standardError)")
            let decodes = batch.standardError.split(separator: "\n").filter { $0.hasPrefix("wallgen: decode ") }
            #expect(decodes.count == 2, "\(decodes)")
            for (index, size) in [(3, "90x160"), (9, "160x90")] {
                let alone = try launch(
                    ["term", "冬至", "--size", size, "--text", "冬至快樂 \(index)", "-o", "alone.png"], in: folder)
                #expect(alone.status == 0, "\(alone.standardError)")
                let made = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/c\(index).png"))
                #expect(made == (try Data(contentsOf: URL(fileURLWithPath: folder + "/alone.png"))), "row \(index)")
            }
        }
    }
}
