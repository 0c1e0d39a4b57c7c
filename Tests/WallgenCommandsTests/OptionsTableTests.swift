import Foundation
import Testing

@testable import WallgenCommands

/// The README's options table is made from the declarations; this fails when they drift.
/// `WALLGEN_UPDATE_README=1 swift test --filter OptionsTableTests` writes the table afresh.
@Suite struct OptionsTableTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md").path
    static let begin = "<!-- options table: made from the declarations by the tests; do not edit -->"
    static let end = "<!-- end of options table -->"

    @Test func readmeTableMatchesTheDeclarations() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.begin), "README.md has no options table marker")
        let stop = try #require(text.range(of: Self.end), "README.md has no end-of-table marker")
        let current = String(text[start.upperBound..<stop.lowerBound])
        let made = "\n" + OptionsTable.markdown(for: WallpaperCommand.declaration) + "\n"
        if ProcessInfo.processInfo.environment["WALLGEN_UPDATE_README"] == "1" {
            try (text[..<start.upperBound] + made + text[stop.lowerBound...]).write(
                toFile: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            current == made,
            "README's options table drifted: run WALLGEN_UPDATE_README=1 swift test --filter OptionsTableTests")
    }

    @Test func everyOptionOfTheWallpaperIsARow() {
        let table = OptionsTable.markdown(for: WallpaperCommand.declaration)
        for flag in ["--season", "--alpha", "--label", "--output", "--verbose", "--quiet", "--help"] {
            #expect(table.contains("`\(flag)`"), "no row for \(flag)")
        }
        // A `|` inside help text would split a cell.
        let row = table.split(separator: "\n").first { $0.contains("`--compression`") }
        #expect(row?.contains("`fast\\|default\\|small`") == true)
    }
}
