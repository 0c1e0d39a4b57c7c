/// Every command wallgen has, each listed once: the parser finds commands here, and
/// help, the manual and the completions list them in this order.
enum CommandRegistry {
    /// The wallpaper first: it runs when no command is named.
    static let all: [any WallgenCommand.Type] = [
        WallpaperCommand.self,
        TermCommand.self,
        TermsCommand.self,
        AlmanacCommand.self,
        SkyCommand.self,
        DynamicCommand.self,
        ApplyCommand.self,
        ScheduleCommand.self,
        KDEPackageCommand.self,
        BatchCommand.self,
        GatherCommand.self,
        PlanCommand.self,
        InspectCommand.self,
        ShowCommand.self,
        SchemeCommand.self,
        StudioCommand.self,
        DevicesCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
        HelpCommand.self,
    ]

    /// Every command's declaration, in the order of `all`.
    static var declarations: [CommandDeclaration] { all.map { $0.declaration } }

    /// The words that name a command rather than the wallpaper's options.
    static var names: [String] { all.compactMap { $0.commandName } }

    /// The command a word names, or nil; an option (`--version`, `-o`) names none. No
    /// declaration is built on the way: the wallpaper's, first in the list, is the
    /// largest, and a card does not need it.
    static func named(_ name: String) -> (any WallgenCommand.Type)? {
        guard !name.hasPrefix("-") else { return nil }
        return all.first { $0.commandName == name }
    }

    /// Whether `words` ask a command that draws text to run, judged before they are
    /// parsed: the command the first names, or the wallpaper's options; not when they ask
    /// for help or the version (a `-h` that is a value only skips the loading ahead).
    static func drawsText(_ words: [String]) -> Bool {
        guard !words.contains(where: { ["--help", "-h", "--version"].contains($0) }) else { return false }
        guard let first = words.first, let command = named(first) else { return WallpaperCommand.drawsText }
        return command.drawsText
    }
}
