/// `wallgen help [COMMAND]`: the help of wallgen or of the command named. Its request is
/// the text to print, which is also how `--help` and `--version` are answered.
enum HelpCommand: WallgenCommand {
    static let commandName: String? = "help"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Show the help of wallgen or of a command.",
        overview: "Show the help of wallgen, or of the command named.", usage: ["[<command>]"],
        arguments: [
            .init(
                name: "command", help: "A command's name.",
                // Every other command's name: this declaration is not made yet while it is read.
                completion: .words(
                    CommandRegistry.all.filter { $0 != HelpCommand.self }.compactMap { $0.commandName }
                        + ["help"]))
        ],
        options: [])

    /// The words after `help` are command names, not options: they are not parsed.
    /// `--verbose` and `--quiet` given before `help` are left out.
    static func invocation(_ words: [String], _ context: CommandContext) throws(CommandFailure) -> Invocation {
        let leading = CommonOptions.leading.flatMap { [$0.flagName] + ($0.short.map { ["-\($0)"] } ?? []) }
        let names = Array(words.drop { leading.contains($0) })
        return Invocation(HelpCommand.self, try text(for: names), verbose: false, quiet: false)
    }

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> String {
        try text(for: parsed.positionals)
    }

    static func run(_ text: String, _ output: StatusOutput) {
        Console.print(text)
    }

    /// The help of wallgen (no words) or of the one command named.
    static func text(for words: [String]) throws(CommandFailure) -> String {
        guard let word = words.first else { return HelpPage.text(for: WallpaperCommand.declaration) }
        guard words.count == 1, let command = CommandRegistry.named(word) else {
            let names = CommandRegistry.names
            let suggestion = closest(to: word, in: names).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandFailure(
                "'help' knows no command '\(words.joined(separator: " "))'\(suggestion); the commands are \(listed(names))"
            )
        }
        return HelpPage.text(for: command.declaration)
    }
}
