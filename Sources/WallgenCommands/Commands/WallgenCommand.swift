import Almanac
import Platform

/// One wallgen command: its declaration (what help, the manual and the completions say
/// of it) and its steps, parse → validate → run.
///
/// Each command is one type, listed once in `CommandRegistry.all`. Adding a command is a
/// new file holding such a type and one line in that list; `--help`, `wallgen help`,
/// `wallgen man`, the completions and the options tables follow from the declaration.
protocol WallgenCommand: Sendable {
    /// The checked request `validate` makes and `run` takes.
    associatedtype Request: Sendable

    /// The word after `wallgen` that names it (`term`); nil for the wallpaper command.
    /// Its declaration says it too: this is for finding the command without building
    /// every declaration on the way, which a card's start-up would otherwise pay for.
    static var commandName: String? { get }

    /// Its name, summary, overview, usage, arguments, options and sections.
    static var declaration: CommandDeclaration { get }

    /// Whether it draws text (a wallpaper's label, a card's lines): the font libraries are
    /// then loaded on a thread of their own while its words are parsed
    /// (`FontLibraries.loadAhead`). False unless the command says so.
    static var drawsText: Bool { get }

    /// Checks the parsed words and builds the request; never runs anything.
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> Request

    /// Runs a checked request; a failure is thrown, and `WallgenCLI` says it and exits
    /// with its status.
    static func run(_ request: Request, _ output: StatusOutput) throws(CommandFailure)

    /// The words after the command's name made into an invocation. By default they are
    /// split by the declaration's options, then answered with the help (`--help`), the
    /// version (`--version`) or the validated request.
    static func invocation(_ words: [String], _ context: CommandContext) throws(CommandFailure) -> Invocation
}

extension WallgenCommand {
    static var drawsText: Bool { false }

    static func invocation(_ words: [String], _ context: CommandContext) throws(CommandFailure) -> Invocation {
        let parsed = try ArgumentParser.parse(words, options: declaration.options)
        let verbose = parsed.isGiven(CommonOptions.verbose)
        let quiet = parsed.isGiven(CommonOptions.quiet)
        if parsed.isGiven(CommonOptions.help) {
            return Invocation(HelpCommand.self, HelpPage.text(for: declaration), verbose: verbose, quiet: quiet)
        }
        if parsed.isGiven(CommonOptions.version) {
            return Invocation(HelpCommand.self, WallgenCLI.version, verbose: verbose, quiet: quiet)
        }
        return Invocation(Self.self, try validate(parsed, context), verbose: verbose, quiet: quiet)
    }
}

/// What validation may need besides the parsed words: the day (it decides the default
/// season) and the environment (default folders, a job engine's shard).
struct CommandContext: Sendable {
    /// The day, found the first time a command asks: a card by its name never does, and
    /// finding it reads the local zone's rules (`/etc/localtime`) before the card's
    /// picture can start decoding.
    var today: CivilDate { day.value }
    var environment: [String: String]
    private let day: OnceFound<CivilDate>

    init(today: @autoclosure @escaping @Sendable () -> CivilDate, environment: [String: String]) {
        day = OnceFound(today)
        self.environment = environment
    }
}
