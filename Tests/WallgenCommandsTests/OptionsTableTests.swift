import Foundation
import Testing

@testable import WallgenCommands

/// docs/OPTIONS.md and the README's exit statuses are made from the declarations and
/// `ExitCode`; these fail when the files drift from them.
/// `WALLGEN_UPDATE_DOCS=1 swift test --filter OptionsTableTests` writes both afresh.
@Suite struct OptionsTableTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let optionsDocument = root.appendingPathComponent("docs/OPTIONS.md").path
    static let readme = root.appendingPathComponent("README.md").path
    static let exitBegin = "<!-- exit statuses: made from ExitCode by the tests; do not edit -->"
    static let exitEnd = "<!-- end of exit statuses -->"
    static var updating: Bool { ProcessInfo.processInfo.environment["WALLGEN_UPDATE_DOCS"] == "1" }
    static let advice = "run WALLGEN_UPDATE_DOCS=1 swift test --filter OptionsTableTests"

    @Test func optionsDocumentMatchesTheDeclarations() throws {
        let made = OptionsTable.document()
        if Self.updating {
            try made.write(toFile: Self.optionsDocument, atomically: true, encoding: .utf8)
            return
        }
        let current = try String(contentsOfFile: Self.optionsDocument, encoding: .utf8)
        #expect(current == made, "docs/OPTIONS.md drifted from the declarations: \(Self.advice)")
    }

    @Test func readmeExitStatusesMatchExitCode() throws {
        let text = try String(contentsOfFile: Self.readme, encoding: .utf8)
        let start = try #require(text.range(of: Self.exitBegin), "README.md has no exit-status marker")
        let stop = try #require(text.range(of: Self.exitEnd), "README.md has no end-of-exit-statuses marker")
        let made = "\n" + ExitStatusTable.markdown + "\n"
        if Self.updating {
            try (text[..<start.upperBound] + made + text[stop.lowerBound...]).write(
                toFile: Self.readme, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[start.upperBound..<stop.lowerBound]) == made, "README's exit statuses drifted: \(Self.advice)")
    }

    /// Every status wallgen can return has a row, with its number written out here, not
    /// taken from `ExitCode`: a status added without its documentation fails.
    @Test func everyExitStatusHasARow() {
        let table = ExitStatusTable.markdown
        let statuses = [0, 64, 65, 66, 69, 70, 72, 73, 74, 75]
        #expect(ExitCode.allCases.map(\.rawValue) == statuses.map(Int32.init))
        for status in statuses {
            #expect(table.contains("\n| \(status) | "), "no row for \(status)")
        }
        #expect(table.contains("| 0 | Done. |"))
    }

    /// Each command has its section, and each of its options a row in it.
    @Test func everyCommandAndOptionIsInTheDocument() {
        let document = OptionsTable.document()
        let sections = document.components(separatedBy: "\n## ")
        for command in CommandRegistry.declarations {
            let section = sections.first { $0.hasPrefix(command.invocation + "\n") }
            #expect(section != nil, "no section for \(command.invocation)")
            #expect(document.contains("(#\(OptionsTable.anchor(command)))"), "no link to \(command.invocation)")
            for option in command.options {
                #expect(
                    section?.contains("`\(option.flagName)` |") == true,
                    "\(command.invocation): no row for \(option.flagName)")
            }
        }
        for flag in ["--season", "--alpha", "--label", "--output", "--lang", "--shard", "--install", "--tz"] {
            #expect(document.contains("`\(flag)`"), "no row for \(flag)")
        }
        #expect(document.contains("## wallgen kde-package\n"))
    }

    @Test func aBarInHelpStaysInItsCell() {
        let table = OptionsTable.markdown(for: WallpaperCommand.declaration)
        let row = table.split(separator: "\n").first { $0.contains("`--compression`") }
        #expect(row?.contains("`fast\\|default\\|small`") == true)
        for row in table.split(separator: "\n") {
            // Five unescaped bars: four cells.
            let bars = row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            #expect(bars == 5, "a cell split: \(row)")
        }
    }
}
