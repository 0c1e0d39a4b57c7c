/// wallgen's exit statuses as a Markdown table, made from `ExitCode` for the README and
/// `docs/OPTIONS.md` (the same words `--help` and the manual print).
enum ExitStatusTable {
    static var markdown: String {
        let rows = ExitCode.allCases.map { code in
            "| \(code.rawValue) | \(OptionsTable.cell(sentence(code.meaning))) |"
        }
        return (["| Status | Meaning |", "| --- | --- |"] + rows).joined(separator: "\n")
    }

    /// `done` as a table cell reads it: `Done.`
    private static func sentence(_ meaning: String) -> String {
        meaning.prefix(1).uppercased() + meaning.dropFirst() + "."
    }
}
