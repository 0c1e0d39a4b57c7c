/// A command's options as a Markdown table, for the README and docs.
enum OptionsTable {
    static func markdown(for command: CommandDeclaration) -> String {
        var rows = ["| Option | Value | Default | What it does |", "| --- | --- | --- | --- |"]
        for option in command.options {
            let names = (option.short.map { "`-\($0)`, " } ?? "") + "`\(option.flagName)`"
            let value = option.valueName.map { "`\(cell($0))`" } ?? ""
            rows.append("| \(names) | \(value) | \(cell(option.defaultText ?? "")) | \(cell(option.help)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// Text safe in a table cell: a `|` would end it.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}
