import Foundation
import TestSupport
import Testing

/// `--vertical` refuses scripts that stacking would break, with a message that says why.
@Suite struct VerticalTextCommandTests {
    @Test(arguments: [
        (["--text", "مرحبا", "--vertical"], "Arabic letters would not join"),
        (["term", "dongzhi", "--text", "مرحبا", "--vertical"], "Arabic letters would not join"),
        (["--text", "שלום", "--vertical"], "Hebrew runs right to left"),
    ])
    func joinedOrRightToLeftTextIsRefused(arguments: [String], reason: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(arguments + ["--size", "200x400", "-o", "out.png"], in: folder)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "--vertical sets Chinese and Japanese top to bottom; \(reason) — drop --vertical"),
            "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
    }

    /// The same words across the page are fine.
    @Test func arabicAcrossThePageIsDrawn() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["--text", "مرحبا", "--size", "200x400", "-o", "out.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
