import Foundation
import TestSupport
import Testing

/// Text that is short to count but enormous to draw is refused from its scalars,
/// quickly and within a small address space.
@Suite struct TextBombTests {
    /// Runs wallgen under `ulimit -v 400000` (400 MB of address space): a run that
    /// tried to allocate gigabytes would die instead of reporting. Each decode of a
    /// picture is traced (WALLGEN_TRACE_DECODES), so a test can see that a refusal came
    /// before any picture was decoded.
    private func runLimited(_ arguments: [String], expectFiles: [String] = []) throws -> RunResult {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let wallgen = productsFolder.appendingPathComponent("wallgen").path
        let trace = "export WALLGEN_TRACE_DECODES=1; "
        // AddressSanitizer reserves terabytes of address space for its shadow memory, so
        // under Scripts/sanitize (which sets ASAN_OPTIONS) the address limit is left off.
        let sanitized = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil
        let limit = sanitized ? "" : "ulimit -v 400000; "
        let run = try launch(
            ["-c", trace + limit + "exec \"$0\" \"$@\"", wallgen] + arguments + [
                "--size", "300x600", "-o", "out.png",
            ],
            in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(filesIn(folder) == expectFiles)
        return run
    }

    static let bombs: [(name: String, text: String, message: String)] = [
        (
            "one letter and 10,000 combining accents", "a" + String(repeating: "\u{301}", count: 10_000),
            "character 1 of the text is 10001 Unicode code points joined into one"
        ),
        (
            "18,000 emoji joined by ZWJ", Array(repeating: "👩", count: 18_000).joined(separator: "\u{200D}"),
            "character 1 of the text is 35999 Unicode code points joined into one"
        ),
    ]

    @Test(arguments: 0..<2) func oneCharacterBombsAreRefused(_ index: Int) throws {
        let bomb = Self.bombs[index]
        #expect(bomb.text.count == 1, "\(bomb.name) should be one character")
        let run = try runLimited(["--text", bomb.text])
        #expect(run.status == 65, "\(bomb.name): \(run.status) \(run.standardError.prefix(300))")
        #expect(run.standardError.contains(bomb.message), "\(run.standardError.prefix(300))")
        #expect(run.standardError.contains("above the limit of 32 per character"))
        // Refused from its scalars, before the picture was decoded.
        #expect(!run.standardError.contains("wallgen: decode "), "\(run.standardError.prefix(300))")
    }

    /// 131,000 letters let through by a raised --max-chars: refused by the total.
    @Test func longTextIsRefusedByItsTotal() throws {
        let run = try runLimited(["--text", String(repeating: "a", count: 131_000), "--max-chars", "1000000"])
        #expect(run.status == 65, "\(run.standardError.prefix(300))")
        #expect(
            run.standardError.contains("the text has 131000 Unicode code points, above the limit of 1024"),
            "\(run.standardError.prefix(300))")
        #expect(!run.standardError.contains("wallgen: decode "), "\(run.standardError.prefix(300))")
    }

    /// Just under the limits still draws: a 1,000-letter line and the longest real
    /// clusters (an emoji family with skin tones, a Tibetan stack).
    @Test func textWithinTheLimitsIsDrawn() throws {
        let run = try runLimited(
            ["--text", String(repeating: "ab", count: 500), "--max-chars", "1000", "--label-position", "center"],
            expectFiles: ["out.png"])
        #expect(run.status == 0, "\(run.standardError.prefix(300))")
        // The trace this file's refusals rely on: a drawn label's picture is decoded.
        #expect(run.standardError.contains("wallgen: decode "), "\(run.standardError.prefix(300))")
    }
}
