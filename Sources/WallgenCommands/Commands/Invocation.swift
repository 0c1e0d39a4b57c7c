import Almanac
import FoundationEssentials
import Platform

/// A parsed and validated command line: the command, its request, and the options
/// every command takes.
public struct Invocation: Sendable {
    /// The command that runs.
    let command: any WallgenCommand.Type
    /// Its request, as `validate` made it (read it with `request(of:)`).
    let request: any Sendable
    let verbose: Bool
    let quiet: Bool
    private let runRequest: @Sendable (StatusOutput) throws(CommandFailure) -> Void

    init<Command: WallgenCommand>(_ command: Command.Type, _ request: Command.Request, verbose: Bool, quiet: Bool) {
        self.command = command
        self.request = request
        self.verbose = verbose
        self.quiet = quiet
        runRequest = { output throws(CommandFailure) in try Command.run(request, output) }
    }

    /// The request, when this is an invocation of `command`.
    func request<Command: WallgenCommand>(of command: Command.Type) -> Command.Request? {
        ObjectIdentifier(self.command) == ObjectIdentifier(command) ? request as? Command.Request : nil
    }

    /// Runs the command; throws what made it fail.
    func run() throws(CommandFailure) {
        try runRequest(StatusOutput(verbose: verbose, quiet: quiet))
    }

    /// Parses and validates, never runs. `today` decides the default season; it is found
    /// only if a command asks for it.
    /// The command the arguments run, when they name one (`term` in `wallgen -q term 冬至`).
    static func commandName(in arguments: [String]) -> String? {
        arguments.dropFirst(leadingOptions(arguments).count).first.flatMap(CommandRegistry.named)?.commandName
    }

    /// --verbose and --quiet, which may also come before the command's name
    /// (`wallgen --verbose terms`).
    private static func leadingOptions(_ arguments: [String]) -> ArraySlice<String> {
        arguments.prefix { word in
            CommonOptions.leading.contains { $0.flagName == word || $0.short.map { "-\($0)" } == word }
        }
    }

    public static func parse(
        _ arguments: [String], today: @autoclosure @escaping @Sendable () -> CivilDate,
        environment: [String: String] = ProcessEnvironment.variables
    ) throws(CommandFailure) -> Invocation {
        let leading = leadingOptions(arguments)
        let words = arguments.dropFirst(leading.count)
        let named = words.first.flatMap(CommandRegistry.named)
        let command = named ?? WallpaperCommand.self
        let rest = Array(leading) + (named == nil ? words : words.dropFirst())
        return try command.invocation(rest, CommandContext(today: today(), environment: environment))
    }
}
