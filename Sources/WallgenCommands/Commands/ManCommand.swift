/// `wallgen man`: the manual page in roff, made from every command's declaration.
enum ManCommand: WallgenCommand {
    static let commandName: String? = "man"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Print the manual page (roff), as installed as wallgen(1).",
        overview: "Print wallgen's manual page in roff: man -l <(wallgen man) reads it without installing.",
        usage: [""], options: CommonOptions.everywhere)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) {
        try CommonOptions.rejectExtra(parsed.positionals)
    }

    static func run(_ request: Void, _ output: StatusOutput) {
        Console.print(ManPage.text(version: WallgenCLI.version))
    }
}
