import Almanac
import Compositor
import Desktop
import Escaping
import FoundationEssentials
import Platform

/// A validated `wallgen inspect`.
public struct InspectRequest: Equatable, Sendable {
    var path: String
    var json: Bool
}

/// `wallgen inspect FILE`: how a picture was made, from the note wallgen wrote into it,
/// and the command that makes it again.
enum InspectCommand {
    static let json = Flag(
        "json", help: "Print the note as stored: one JSON object (wallgen, command, args, hash).")
    static let options: [any OptionDeclaration] = [json] + CommonOptions.everywhere

    static func validate(_ parsed: ParsedArguments) throws(CommandFailure) -> InspectRequest {
        guard let path = parsed.positionals.first else {
            throw CommandFailure("'inspect' needs a picture wallgen made")
        }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        return InspectRequest(path: path, json: parsed.has(json))
    }

    static func run(_ request: InspectRequest) throws(CommandFailure) {
        let path = request.path
        do {
            try FileReader.checkReadable(path, expecting: .picture)
        } catch {
            // The file's own message names it.
            throw CommandFailure("\(error)", status: PictureInput.status(of: error))
        }
        var listedFrames = false
        switch dynamicLines(path) {
        case .success(let lines):
            for line in lines { Console.print(line) }
            listedFrames = !lines.isEmpty
        case .failure(let problem):
            throw CommandFailure("'\(path)': \(problem)", status: .dataError)
        }
        let found: Provenance?
        do {
            found = try PictureNote.read(path)
        } catch {
            let status: ExitCode = if case .libraryUnavailable = error { .bundledDataMissing } else { .dataError }
            throw CommandFailure("'\(path)': \(error)", status: status)
        }
        guard let provenance = found else {
            // A dynamic wallpaper another program made is described by its frames.
            if listedFrames { return }
            throw CommandFailure(
                "'\(path)' has no wallgen note: it was made with --no-metadata, by another program, or edited since",
                status: .dataError)
        }
        if request.json {
            // Written again by wallgen's own JSON writer: the same text for any note
            // wallgen made, and no control character for one it did not.
            Console.print(provenance.json)
            return
        }
        // The note is data: its words are shown escaped, and shown as a command only when
        // they parse, with the command's own parser, as a picture and nothing else.
        if let refusal = remakeRefusal(provenance) {
            throw CommandFailure(
                "'\(path)': its note's arguments (\(ShellQuoting.line(provenance.commandArguments))) "
                    + "do not describe a picture: \(refusal); not shown as a command", status: .dataError)
        }
        Console.print("command: " + ShellQuoting.line(["wallgen"] + provenance.commandArguments))
        Console.print("made by: wallgen \(ShellQuoting.quote(provenance.version))")
        Console.print("spec hash: \(provenance.hash)")
        if let sky = skyLine(provenance) { Console.print(sky) }
        if provenance.version != Provenance.currentVersion {
            Console.report(
                "Warning: made by wallgen \(ShellQuoting.quote(provenance.version)), this is \(Provenance.currentVersion): the pixels may differ"
            )
        }
    }

    /// "41.5°".
    static func degrees(_ value: Double) -> String { PrintfNumber.format("%.1f", value) + "°" }

    /// A dynamic wallpaper's frames (Apple's HEIC, KDE's AVIF), one line each:
    /// its Sun and its time of day as the metadata says, light or dark; none for any other
    /// picture; damaged metadata is a failure naming the property and key.
    static func dynamicLines(_ path: String) -> Result<[String], DynamicWallpaperFile.Problem> {
        guard let bytes = try? FileReader.read(path) else { return .success([]) }
        let file: DynamicWallpaperFile
        do {
            guard let found = try DynamicWallpaperFile.read(bytes) else { return .success([]) }
            file = found
        } catch .libraryUnavailable {
            return .success([])
        } catch {
            return .failure(error)
        }
        let timing = file.timing
        func number(_ index: Int?) -> String { index.map { "frame \($0 + 1)" } ?? "none" }
        var lines = [
            "dynamic: \(file.kind.rawValue) dynamic wallpaper, \(file.count) pictures; light: \(number(timing.light)), dark: \(number(timing.dark))"
        ]
        let times = Dictionary(timing.times.map { ($0.index, $0.fraction) }, uniquingKeysWith: { first, _ in first })
        func clock(_ fraction: Double) -> String {
            let minutes = Int((fraction * 1440).rounded())
            return (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "")
                + "\(minutes % 60)"
        }
        for frame in timing.solar {
            let time = times[frame.index].map { ", from \(clock($0))" } ?? ""
            lines.append(
                "frame \(frame.index + 1): the Sun at \(degrees(frame.altitude)) altitude, \(degrees(frame.azimuth)) azimuth\(time); \(frame.isDark ? "dark" : "light")"
            )
        }
        if timing.solar.isEmpty {
            for (fraction, index) in timing.times { lines.append("frame \(index + 1): from \(clock(fraction))") }
        }
        return .success(lines)
    }

    /// "sky: …": the Sun and the Moon the picture was painted under, when its note asks
    /// for a sky (`--at`, `--place`); nil otherwise.
    static func skyLine(_ provenance: Provenance) -> String? {
        guard
            let invocation = try? Invocation.parse(
                provenance.commandArguments, today: CivilDate.today(), environment: [:])
        else { return nil }
        let sky =
            invocation.request(of: WallpaperCommand.self)?.sky ?? invocation.request(of: TermCommand.self)?.sky
        guard let sky else { return nil }
        let view = Sky.view(at: sky.instant, from: sky.place)
        let lit = PrintfNumber.format("%.0f", view.moonIllumination * 100)
        return
            "sky: \(sky.place) at \(ISOStamp.localStamp(sky.instant, in: sky.zone)): the Sun \(degrees(view.sun.altitude)) up, "
            + "azimuth \(degrees(view.sun.azimuth)); the Moon \(degrees(view.moon.altitude)) up, azimuth "
            + "\(degrees(view.moon.azimuth)), \(lit)% lit"
    }

    /// Why the note's arguments are no command that makes its picture, or nil when they
    /// are: they must parse as the note's own command (`wallpaper` or `term`) and ask for
    /// no action (`--apply`, `--desktop`), as a note wallgen wrote always does.
    static func remakeRefusal(_ provenance: Provenance) -> String? {
        let arguments = provenance.commandArguments
        if let action = arguments.first(where: { ["--apply", "--desktop", "--uninstall", "--install"].contains($0) }) {
            return "\(ShellQuoting.quote(action)) is an action"
        }
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, today: CivilDate.today(), environment: [:])
        } catch {
            return "they do not parse (\(error.message))"
        }
        switch PictureCommand(named: provenance.command) {
        case .wallpaper?:
            if let request = invocation.request(of: WallpaperCommand.self), request.applyAfterwards == nil {
                return nil
            }
        case .term?:
            if let request = invocation.request(of: TermCommand.self), request.applyAfterwards == nil { return nil }
        case nil: break
        }
        return "they name another command than \(provenance.command)"

    }

}

/// `wallgen inspect` as one of wallgen's commands (see `CommandRegistry`).
extension InspectCommand: WallgenCommand {
    static let commandName: String? = "inspect"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "How a picture was made, and the command that makes it again.",
        overview:
            "Print the note wallgen writes into every picture it makes (unless --no-metadata): the command and its options, wallgen's version and the SHA-256 of the spec. Running the printed command (with -o) makes the same picture again, byte for byte, with the same version.",
        usage: ["<picture> [--json]"],
        arguments: [
            .init(
                name: "picture",
                help: "A \(OutputFormat.listed(OutputFormat.allCases.map(\.description))) wallgen made.",
                completion: .file)
        ],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> InspectRequest
    {
        try validate(parsed)
    }

    static func run(_ request: InspectRequest, _ output: StatusOutput) throws(CommandFailure) {
        try run(request)
    }
}
