import Foundation
import TestSupport
import Testing

/// A screen the bundled pictures do not serve gets its scene painted at its own size, said
/// in one line, kept in the cache, and found there next time: the same bytes either way.
@Suite struct PaintedSceneryCommandTests {
    @Test func anUltrawideIsPaintedOnceAndKept() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let arguments = ["--season", "winter", "--device", "super-ultrawide", "--label", "on"]
            let first = try launch(arguments + ["-o", "first.png"], in: folder, environment: environment)
            #expect(first.status == 0, "\(first.standardError)")
            #expect(
                first.standardError.contains(
                    "Painting winter for 5120x1440, a shape or size its picture does not serve (once: kept in \(folder)/cache/wallgen/scenery)"
                ), "\(first.standardError)")
            #expect(!first.standardError.contains("looks soft"))
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/wallgen/scenery")
            #expect(kept.count == 1 && kept[0].hasPrefix("winter-5120x1440-r"))
            let again = try launch(arguments + ["-o", "again.png"], in: folder, environment: environment)
            #expect(again.status == 0 && !again.standardError.contains("Painting"), "\(again.standardError)")
            let firstBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/first.png"))
            let againBytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/again.png"))
            #expect(firstBytes == againBytes, "painting or finding it makes the same picture")
            // --quiet says nothing, and a phone the bundled picture serves is not painted.
            let quiet = try launch(
                ["-q", "--season", "winter", "--size", "1280x360", "-o", "quiet.png"], in: folder,
                environment: environment)
            #expect(quiet.status == 0 && quiet.standardError.isEmpty, "\(quiet.standardError)")
            let phone = try launch(["--season", "winter", "-o", "phone.png"], in: folder, environment: environment)
            #expect(phone.status == 0 && !phone.standardError.contains("Painting"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/wallgen/scenery").count == 2)
        }
    }

    /// On a phone, summer's twin trees would be cut from its bundled picture: the scene is
    /// painted with the trees brought in, said so, and kept; winter on the same phone is the
    /// bundled picture.
    @Test func aPhoneThatWouldCutTheSubjectIsPainted() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let summer = try launch(
                ["--season", "summer", "--size", "117x253", "-o", "summer.png"], in: folder, environment: environment)
            #expect(summer.status == 0, "\(summer.standardError)")
            #expect(
                summer.standardError.contains(
                    "Painting summer for 117x253, composed for this shape, which would cut its picture's subject"),
                "\(summer.standardError)")
            let winter = try launch(
                ["--season", "winter", "--size", "117x253", "-o", "winter.png"], in: folder, environment: environment)
            #expect(winter.status == 0 && !winter.standardError.contains("Painting"), "\(winter.standardError)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: folder + "/cache/wallgen/scenery")
            #expect(kept.count == 1 && kept[0].hasPrefix("summer-117x253-r"), "\(kept)")
        }
    }

    /// A painting the process cannot have memory for stops as any pixel buffer does: 75,
    /// the message, nothing written, nothing kept. (6000x6000 is painted in 6 bytes a
    /// pixel and made into an image of 4: 343 MiB, past the 293 MiB allowed here.)
    @Test func aPaintingWithoutMemoryIsARetry() throws {
        try withTemporaryFolder { folder in
            let wallgen = productsFolder.appendingPathComponent("wallgen").path
            let run = try launch(
                [
                    "-c",
                    "export XDG_CACHE_HOME=\"$PWD/cache\"; ulimit -v 300000; exec \"$0\" --size 6000x6000 -o big.png",
                    wallgen,
                ], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 75, "\(run.standardError)")
            #expect(run.standardError.contains("out of memory for a pixel buffer"), "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/big.png"))
            let kept = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/cache/wallgen/scenery")) ?? []
            #expect(kept.isEmpty)
        }
    }
}
