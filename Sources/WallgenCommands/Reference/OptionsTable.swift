/// Every command's options as Markdown: `docs/OPTIONS.md`, made from the declarations of
/// `CommandRegistry.all` and kept in step with them by `OptionsTableTests`.
enum OptionsTable {
    /// The whole of `docs/OPTIONS.md`: the commands, then each one's usage, arguments and
    /// options, then the exit statuses.
    static func document() -> String {
        let declarations = CommandRegistry.declarations
        var lines = [
            "# wallgen's commands and options",
            "",
            "<!-- Made from the command declarations by the tests; do not edit. After changing a declaration:",
            "     WALLGEN_UPDATE_DOCS=1 swift test --filter OptionsTableTests -->",
            "",
            "Every command and every option, as `wallgen COMMAND --help` and `man wallgen` list them.",
            "With no command, wallgen makes a season wallpaper.",
            "",
            "| Command | What it does |",
            "| --- | --- |",
        ]
        lines += declarations.map { "| [`\($0.invocation)`](#\(anchor($0))) | \(cell($0.summary)) |" }
        for command in declarations {
            lines += ["", "## \(command.invocation)", "", command.overview, "", "```"]
            lines += command.usage.map { ([command.invocation] + ($0.isEmpty ? [] : [$0])).joined(separator: " ") }
            lines.append("```")
            if !command.arguments.isEmpty {
                lines += ["", "| Argument | What it is |", "| --- | --- |"]
                lines += command.arguments.map { "| `\(cell($0.name))` | \(cell($0.help)) |" }
            }
            if !command.options.isEmpty { lines += ["", markdown(for: command)] }
        }
        lines += ["", "## Exit statuses", "", ExitStatusTable.markdown]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command's options as a table: names, value, default, help.
    static func markdown(for command: CommandDeclaration) -> String {
        var rows = ["| Option | Value | Default | What it does |", "| --- | --- | --- | --- |"]
        for option in command.options {
            let names = (option.short.map { "`-\($0)`, " } ?? "") + "`\(option.flagName)`"
            let value = option.valueName.map { "`\(cell($0))`" } ?? ""
            let help = option.help + (option.isRepeatable ? " May be given more than once." : "")
            rows.append("| \(names) | \(value) | \(cell(option.defaultText ?? "")) | \(cell(help)) |")
        }
        return rows.joined(separator: "\n")
    }

    /// The heading's anchor as GitHub and most Markdown readers make it: `wallgen term`
    /// is `#wallgen-term`.
    static func anchor(_ command: CommandDeclaration) -> String {
        command.invocation.replacing(" ", with: "-")
    }

    /// Text safe in a table cell: a `|` would end it.
    static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}
