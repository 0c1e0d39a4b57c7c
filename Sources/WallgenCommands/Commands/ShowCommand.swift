import Compositor
import Desktop
import Files
import FoundationEssentials
import Glibc
import Platform
import TerminalGraphics

/// A validated `wallgen show`.
public struct ShowRequest: Equatable, Sendable {
    var paths: [String]
    /// nil: found from the environment and the terminal's answers.
    var preview: PreviewProtocol?
}

/// `wallgen show FILE…` and `--preview`: the picture in the terminal, in the best protocol
/// it speaks (`TerminalProbe`), fitted to its window less a row.
enum ShowCommand {
    static let previewProtocol = Option(
        "protocol",
        .choice([
            "auto": PreviewProtocol?.none, "kitty": .kitty, "iterm": .iterm, "sixel": .sixel, "blocks": .blocks,
        ]),
        help:
            "How to draw: kitty's graphics, iTerm2's inline images, sixel, Unicode half blocks, or auto (what the terminal says it can). Given, the bytes are written even when standard output is not a terminal, sized from COLUMNS and LINES (else 80x24).",
        default: nil, shown: "auto")
    static let options: [any OptionDeclaration] = [previewProtocol] + CommonOptions.everywhere

    static func validate(_ parsed: ParsedArguments) throws(CommandFailure) -> ShowRequest {
        guard !parsed.positionals.isEmpty else { throw CommandFailure("'show' needs a picture to show") }
        return ShowRequest(paths: parsed.positionals, preview: parsed[required: previewProtocol])
    }

    static func run(_ request: ShowRequest) throws(CommandFailure) {
        let environment = ProcessEnvironment.variables
        let geometry: TerminalGeometry
        let preview: Drawing
        if let window = TerminalWindow.geometry(of: STDOUT_FILENO) {
            (preview, geometry) = detect(environment, window: window, asked: request.preview)
        } else if let asked = request.preview {
            geometry = TerminalWindow.geometry(environment: environment)
            preview = Drawing(preview: asked, throughTmux: false)
        } else {
            throw CommandFailure(
                "standard output is not a terminal, so there is nowhere to show the picture; give --protocol kitty, iterm, sixel or blocks to write its bytes anyway",
                option: "protocol")
        }
        for path in request.paths {
            if request.paths.count > 1 { Console.print(path) }
            try show(path, as: preview, in: geometry, environment: environment)
        }
    }

    /// Shows each picture once, after it is written (`--preview`); where standard output
    /// is no terminal, says so once and shows nothing.
    static func preview(_ paths: [String]) {
        guard let geometry = TerminalWindow.geometry(of: STDOUT_FILENO) else {
            Console.report("--preview: standard output is not a terminal; nothing is shown (see wallgen show)")
            return
        }
        let environment = ProcessEnvironment.variables
        let (preview, window) = detect(environment, window: geometry, asked: nil)
        for path in paths {
            // The picture is written: a preview that fails is said, and the run goes on.
            do {
                try show(path, as: preview, in: window, environment: environment)
            } catch {
                Console.report("Warning: --preview: \(error.message)")
            }
        }
    }

    /// The protocol (the one asked for, else the one the environment names, else the one
    /// the terminal's answers name) and the window, its pixels asked of the terminal
    /// (`CSI 16 t`, `CSI 14 t`) where `TIOCGWINSZ` gave none and the protocol draws pixels.
    static func detect(_ environment: [String: String], window: TerminalGeometry, asked: PreviewProtocol?) -> (
        Drawing, TerminalGeometry
    ) {
        let passthrough = environment["TMUX"] != nil && tmuxPassesThrough(environment)
        let found = TerminalProbe.fromEnvironment(environment, tmuxPassthrough: passthrough)
        // Inside tmux, a protocol asked for goes through its passthrough where that is on.
        var known =
            asked.map { Drawing(preview: $0, throughTmux: passthrough && $0 != .blocks) }
            ?? found.map { Drawing(preview: $0.preview, throughTmux: $0.throughTmux) }
        if known?.preview == .kitty, known?.throughTmux == false, isLocalKitty(environment) {
            known?.byFile = true
        }
        let knowsPixels = window.pixelWidth > 0 && window.pixelHeight > 0
        // tmux answers no query for the terminal it runs in.
        if let known, knowsPixels || known.preview == .blocks || environment["TMUX"] != nil { return (known, window) }
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else {
            return (known ?? Drawing(preview: TerminalProbe.fromReplies([]).preview, throughTmux: false), window)
        }
        defer { close(terminal) }
        let replies = TerminalProbe.ask(
            terminal, queries: known == nil ? TerminalProbe.queries : TerminalProbe.sizeQueries)
        let pixels = TerminalProbe.pixelSize(fromReplies: replies, columns: window.columns, rows: window.rows)
        let drawing = known ?? Drawing(preview: TerminalProbe.fromReplies(replies).preview, throughTmux: false)
        return (drawing, window.withPixels(pixels))
    }

    /// A protocol, and whether its bytes go through tmux's passthrough.
    struct Drawing {
        let preview: PreviewProtocol
        let throughTmux: Bool
        /// kitty itself on this machine: the picture goes as a temporary file it reads and
        /// removes, not as its bytes through the terminal.
        var byFile = false
    }

    /// kitty on this machine (its own variable, no SSH session between), where a picture
    /// may go as a file.
    static func isLocalKitty(_ environment: [String: String]) -> Bool {
        (environment["KITTY_WINDOW_ID"] != nil || environment["TERM"] == "xterm-kitty")
            && ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].allSatisfy { environment[$0] == nil }
    }

    /// The fitted picture written to a temporary file kitty reads and removes, and the
    /// sequence that hands it over; a file that cannot be written throws, and the bytes go
    /// the usual way.
    static func kittyFile(_ picture: Image, _ geometry: TerminalGeometry) throws -> [UInt8] {
        let png = try TerminalPreview.fittedPNG(of: picture, in: geometry)
        let path = try ScratchFile.named("wallgen-tty-graphics-protocol", holding: png)
        return KittyGraphics.sequence(temporaryFile: path)
    }

    /// Whether the tmux this runs in passes sequences on (`allow-passthrough` on, or `all`
    /// in tmux 3.4), as `tmux show-options -Apv` says for this pane.
    static func tmuxPassesThrough(_ environment: [String: String]) -> Bool {
        guard
            let answer = try? ProcessRunner(environment: environment).output([
                "tmux", "show-options", "-Apv", "allow-passthrough",
            ])
        else { return false }
        let value = answer.standardOutput.trimmingWhitespace()
        return answer.status == 0 && (value == "on" || value == "all")
    }

    /// Writes one picture's bytes.
    static func show(
        _ path: String, as drawing: Drawing, in geometry: TerminalGeometry, environment: [String: String]
    ) throws(CommandFailure) {
        let picture = try PictureInput.decoded(path)
        do {
            let bytes =
                try (drawing.byFile ? try? kittyFile(picture, geometry) : nil)
                ?? TerminalPreview.bytes(
                    of: picture, as: drawing.preview, in: geometry,
                    trueColour: TerminalWindow.hasTrueColour(environment))
            try Console.standardOutputBytes(drawing.throughTmux ? TmuxPassthrough.wrap(bytes) : bytes)
        } catch let error as FileError {
            throw CommandFailure("standard output: \(error)", status: error.exitCode)
        } catch {
            throw CommandFailure("'\(path)': \(error)", status: .software)
        }
    }
}

/// `wallgen show` as one of wallgen's commands (see `CommandRegistry`).
extension ShowCommand: WallgenCommand {
    static let commandName: String? = "show"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Show pictures in the terminal.",
        overview:
            "Draw each picture in the terminal, fitted to its window less one row and never enlarged, in the best way the terminal has: kitty's graphics protocol (kitty, WezTerm, Ghostty), iTerm2's inline images, sixel (xterm -ti vt340, foot, mlterm, Konsole) with a palette fitted to the picture, or Unicode half blocks in 24-bit colour (256 colours where COLORTERM does not say truecolor). Which is found from the environment, then by asking the terminal (its name, and whether it draws sixel) for at most 0.3 s, its mode put back on every way out. Inside tmux, through its passthrough (allow-passthrough on) to the terminal it runs in where tmux's variables name it (kitty, WezTerm, Ghostty, iTerm2); else half blocks. The commands that make pictures take --preview to show each once it is written.",
        usage: ["<picture>... [--protocol <kitty|iterm|sixel|blocks|auto>]"],
        arguments: [.init(name: "picture", help: "A JPEG, PNG, WebP, HEIC or AVIF.", completion: .file)],
        options: options,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen show winter.png
                    wallgen --season winter --preview
                    wallgen show --protocol sixel 22-dongzhi.png > dongzhi.six
                    """)
        ])

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> ShowRequest {
        try validate(parsed)
    }

    static func run(_ request: ShowRequest, _ output: StatusOutput) throws(CommandFailure) {
        try run(request)
    }
}
