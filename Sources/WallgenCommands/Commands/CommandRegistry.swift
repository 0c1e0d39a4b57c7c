/// Every command wallgen has, each listed once: the parser finds commands here, and
/// help, the manual and the completions list them in this order.
enum CommandRegistry {
    /// The wallpaper first: it runs when no command is named.
    static let all: [any WallgenCommand.Type] = [
        WallpaperCommand.self,
        TermCommand.self,
        TermsCommand.self,
        AlmanacCommand.self,
        ApplyCommand.self,
        ScheduleCommand.self,
        KDEPackageCommand.self,
        BatchCommand.self,
        GatherCommand.self,
        PlanCommand.self,
        InspectCommand.self,
        StudioCommand.self,
        DevicesCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
        HelpCommand.self,
    ]

    /// Every command's declaration, in the order of `all`.
    static var declarations: [CommandDeclaration] { all.map { $0.declaration } }

    /// The words that name a command rather than the wallpaper's options.
    static var names: [String] { declarations.compactMap(\.name) }

    /// The command a word names, or nil. An option (`--version`, `-o`) names none: it is
    /// answered without building every command's declaration, which is most of what
    /// `wallgen --version` would otherwise do.
    static func named(_ name: String) -> (any WallgenCommand.Type)? {
        guard !name.hasPrefix("-") else { return nil }
        return all.first { $0.declaration.name == name }
    }
}
