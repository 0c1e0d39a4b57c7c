/// One command as its help, the manual and the completions describe it.
struct CommandDeclaration: Sendable {
    /// A word after `wallgen` (`term`); nil for the wallpaper command, which needs none.
    let name: String?
    /// One line for the list of commands.
    let summary: String
    /// What the command does, one or more paragraphs.
    let overview: String
    /// Usage lines after `wallgen` (and the name).
    let usage: [String]
    let arguments: [Argument]
    /// Its options and the groups it includes, in the order help lists them.
    let items: [any OptionListItem]
    /// Every option, groups spelt out: what the parser, help and the note read.
    let options: [any OptionDeclaration]
    /// Further sections: examples, tables, notes.
    let sections: [Section]

    /// A word that is not an option.
    struct Argument: Sendable {
        let name: String
        let help: String
        let completion: ValueCompletion
        /// The values it takes, as data; by default what its completion offers.
        let kind: ValueKind

        init(name: String, help: String, completion: ValueCompletion, kind: ValueKind? = nil) {
            self.name = name
            self.help = help
            self.completion = completion
            self.kind = kind ?? ValueKind(offeredBy: completion)
        }
    }

    /// A titled block printed as it is written (already laid out).
    struct Section: Sendable {
        let title: String
        let body: String
    }

    init(
        name: String?, summary: String, overview: String, usage: [String], arguments: [Argument] = [],
        options: [any OptionListItem], sections: [Section] = []
    ) {
        self.name = name
        self.summary = summary
        self.overview = overview
        self.usage = usage
        self.arguments = arguments
        self.items = options
        self.options = options.flatMap(\.declarations)
        self.sections = sections
    }

    /// `wallgen term`, as a person types it.
    var invocation: String { name.map { "wallgen \($0)" } ?? "wallgen" }
}
