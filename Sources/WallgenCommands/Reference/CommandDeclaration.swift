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
    ///
    /// Its completion and kind, like a section's body, are made when asked for: help,
    /// completions and the studio read them, a run does not. Made with the declaration,
    /// the term command's (24 names folded from their pinyin, and the table of terms)
    /// cost every card about 0.1 ms.
    struct Argument: Sendable {
        let name: String
        let help: String
        private let makeCompletion: @Sendable () -> ValueCompletion
        private let makeKind: @Sendable () -> ValueKind

        var completion: ValueCompletion { makeCompletion() }
        /// The values it takes, as data; by default what its completion offers.
        var kind: ValueKind { makeKind() }

        init(
            name: String, help: String, completion: @autoclosure @escaping @Sendable () -> ValueCompletion,
            kind: (@Sendable () -> ValueKind)? = nil
        ) {
            self.name = name
            self.help = help
            makeCompletion = completion
            makeKind = kind ?? { ValueKind(offeredBy: completion()) }
        }
    }

    /// A titled block printed as it is written (already laid out), made when asked for.
    struct Section: Sendable {
        let title: String
        private let makeBody: @Sendable () -> String

        var body: String { makeBody() }

        init(title: String, body: @autoclosure @escaping @Sendable () -> String) {
            self.title = title
            makeBody = body
        }
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
