import Almanac
import FoundationEssentials
import Platform
import Studio

/// A validated `wallgen studio` request.
public struct StudioRequest: Equatable, Sendable {
    var port: Int
    var opensBrowser: Bool
    /// Stop once the page is closed (started from the desktop's menu).
    var untilClosed = false
}

/// `wallgen studio`: the apps' controls as a local page with a live preview.
enum StudioCommand: WallgenCommand {
    /// The ports a person may ask for; 0 lets the system pick a free one.
    static let ports = 0...65535

    static let port = Option(
        "port", .port,
        help:
            "The port to listen on, on 127.0.0.1 only; 0 picks a free one. Over SSH, forward the same port number (see docs/STUDIO.md).",
        default: 0, shown: "0, a free port")
    static let noOpen = Flag(
        "no-open",
        help: "Only print the address; do not open it in the browser (it never is without a graphical session).")

    static let untilClosed = Flag(
        "until-closed",
        help:
            "Stop by itself once its page has been closed for three minutes (or was never opened within five): how the desktop's menu entry starts it, with no terminal to press Ctrl-C in."
    )

    static let options: [any OptionDeclaration] = [port, noOpen, untilClosed] + CommonOptions.everywhere

    static let commandName: String? = "studio"

    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Choose by looking: the apps' controls as a local page with a live preview.",
        overview:
            "Serve a page on 127.0.0.1 with the season app's, the terms viewer's and the engraving preview's controls over a live picture, rendered by the same code as the command line; it shows the equivalent wallgen command, and Save, Apply and Schedule do what that command, wallgen apply and wallgen schedule --install would. The address, with a secret token, is the one line printed on standard output; it is opened in the browser when there is a graphical session, unless --no-open. Ctrl-C stops it. Nothing listens beyond this machine: from another one, forward the port over SSH (docs/STUDIO.md).",
        usage: ["[--port <n>] [--no-open] [--until-closed]"],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen studio
                    wallgen studio --port 8765 --no-open
                    ssh -L 8765:127.0.0.1:8765 host wallgen studio --port 8765 --no-open
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> StudioRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        return StudioRequest(
            port: parsed[required: port], opensBrowser: !parsed.has(noOpen), untilClosed: parsed.has(untilClosed))
    }

    /// Serves until Ctrl-C or SIGTERM: exit 0, the private folder gone. A port that cannot be
    /// listened on is the person's to change (64) when they chose it; civetweb that cannot
    /// be loaded is the installation's (72), whatever the port.
    static func run(_ request: StudioRequest, _ output: StatusOutput) throws(CommandFailure) {
        let engine = WallgenStudioEngine()
        do {
            try StudioServer.run(
                engine: engine, port: request.port, opensBrowser: request.opensBrowser,
                untilClosed: request.untilClosed,
                environment: ProcessEnvironment.variables,
                announce: { Console.print($0) },
                report: { line in if !output.quiet { Console.report(line) } })
        } catch {
            if error.library != nil { throw CommandFailure("\(error)", status: .bundledDataMissing) }
            if request.port == 0 { throw CommandFailure("\(error)", status: .software) }
            throw CommandFailure("--port \(request.port): \(error)", option: "port")
        }
    }
}

extension ValueType where Value == Int {
    /// A TCP port.
    static let port = wholeNumber(
        in: StudioCommand.ports, placeholder: "n",
        notANumber: { flag, text in portMessage(flag, text) }, outside: { flag, text, _ in portMessage(flag, text) })

    /// One message for any port that is not one: text or a number out of range.
    private static func portMessage(_ flag: String, _ text: String) -> String {
        let range = StudioCommand.ports
        return "\(flag) must be a port from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
    }
}

/// The command layer's answers to the studio: controls from the declarations, rendering
/// through the command's parser and pipeline, Apply and Schedule through the commands.
final class WallgenStudioEngine: StudioEngine {
    private let rendering = StudioRendering()
    private let desktop = StudioDesktop()

    var controls: [UInt8] { StudioControls.json(today: CivilDate.today()) }

    var allowList: StudioAllowList { StudioControls.allowList }

    func describe(_ settings: StudioSettings) -> StudioDescription {
        rendering.describe(settings)
    }

    func preview(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8] {
        try rendering.render(settings, preview: (width, height)).bytes
    }

    func picture(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture {
        try rendering.render(settings)
    }

    func scheme(_ settings: StudioSettings, width: Int, height: Int) throws(StudioFailure) -> [UInt8] {
        try rendering.schemeJSON(settings, preview: (width, height))
    }

    func schemeArchive(_ settings: StudioSettings) throws(StudioFailure) -> StudioPicture {
        try rendering.schemeArchive(settings)
    }

    func apply(_ settings: StudioSettings, in folder: String) -> StudioOutcome {
        desktop.apply(settings, in: folder)
    }

    func schedule(_ settings: StudioSettings) -> StudioOutcome {
        desktop.schedule(settings)
    }

    func stop() {
        desktop.stop()
    }
}
