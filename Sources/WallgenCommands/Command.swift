import Almanac
import Compositor
import Designs
import Desktop
import Foundation

/// What one invocation does, decided from its arguments.
public enum Command {
    case wallpaper(WallpaperRequest)
    case term(TermRequest)
    case terms(TermsRequest)
    case almanac(AlmanacRequest)
    case devices(DevicesRequest)
    case apply(ApplyRequest)
    case schedule(ScheduleRequest)
    case batch(BatchRequest)
    case inspect(InspectRequest)
    case gather(GatherRequest)
    case plan(PlanRequest)
    case studio(StudioRequest)
    case completions(Shell)
    case manual
    case help(String)
    case version
}

/// A parsed command line: the command and the options every command takes.
public struct Invocation {
    public let command: Command
    let verbose: Bool
    let quiet: Bool

    /// Parses and validates, never runs. `today` decides the default season.
    public static func parse(
        _ arguments: [String], today: CivilDate, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(UsageError) -> Invocation {
        // --verbose and --quiet may also come before the command's name (`wallgen --verbose terms`).
        let leading = arguments.prefix { word in
            CommonOptions.leading.contains { $0.flagName == word || $0.short.map { "-\($0)" } == word }
        }
        let words = arguments.dropFirst(leading.count)
        let name = words.first.flatMap { CommandCatalog.named($0)?.name }
        if name == "help" {
            return Invocation(command: try helpCommand(Array(words.dropFirst())), verbose: false, quiet: false)
        }
        let declaration = name.flatMap(CommandCatalog.named) ?? CommandCatalog.wallpaper
        let rest = Array(leading) + (name == nil ? words : words.dropFirst())
        let parsed = try ArgumentParser.parse(rest, options: declaration.options)
        let verbose = parsed.has(CommonOptions.verbose)
        let quiet = parsed.has(CommonOptions.quiet)
        func invocation(_ command: Command) -> Invocation {
            Invocation(command: command, verbose: verbose, quiet: quiet)
        }
        if parsed.has(CommonOptions.help) { return invocation(.help(HelpPage.text(for: declaration))) }
        switch name {
        case "term":
            var request = try TermOptions.validateTerm(parsed)
            if !parsed.has(CommonOptions.noMetadata) {
                // The term by its pinyin name, however it was typed (冬至, 22, dōngzhì), so
                // every way of asking for a card writes the same bytes.
                var named = try recorded(rest, parsed, adding: formatWords(parsed, request.settings), declaration)
                if !named.positionals.isEmpty { named.positionals = [request.spec.term.slug] }
                request.provenance = Provenance(declaration, named).json
            }
            return invocation(.term(request))
        case "terms":
            var request = try TermOptions.validateTerms(parsed)
            if !parsed.has(CommonOptions.noMetadata) {
                request.provenances = try termsProvenances(parsed, request.specs)
            }
            return invocation(.terms(request))
        case "almanac": return invocation(.almanac(try AlmanacCommand.validate(parsed, today: today)))
        case "apply": return invocation(.apply(try ApplyCommand.validate(parsed, environment: environment)))
        case "schedule":
            return invocation(.schedule(try ScheduleCommand.validate(parsed, today: today, environment: environment)))
        case "batch": return invocation(.batch(try BatchCommand.validate(parsed, environment: environment)))
        case "inspect": return invocation(.inspect(try InspectCommand.validate(parsed)))
        case "gather": return invocation(.gather(try GatherCommand.validate(parsed)))
        case "plan": return invocation(.plan(try PlanCommand.validate(parsed)))
        case "studio": return invocation(.studio(try StudioCommand.validate(parsed)))
        case "devices":
            try CommonOptions.rejectExtra(parsed.positionals)
            if parsed.isGiven(CanvasOptions.monitors), !parsed.has(DevicesTable.here) {
                throw UsageError("--monitors goes with --here")
            }
            return invocation(
                .devices(
                    DevicesRequest(here: parsed.has(DevicesTable.here), monitorsFile: parsed[CanvasOptions.monitors])))
        case "completions": return invocation(.completions(try Shell.named(parsed.positionals)))
        case "man":
            try CommonOptions.rejectExtra(parsed.positionals)
            return invocation(.manual)
        default:
            if parsed.has(WallpaperOptions.version) { return invocation(.version) }
            var request = try WallpaperOptions.validate(parsed, today: today)
            if !parsed.has(CommonOptions.noMetadata) {
                request.provenance = try wallpaperProvenance(rest, parsed, request.settings, today: today)
            }
            return invocation(.wallpaper(request))
        }
    }

    /// A wallpaper's provenance. Without --season or --date the season is today's: the
    /// day is then recorded as --date, so the spec makes the same picture on any day.
    private static func wallpaperProvenance(
        _ arguments: [String], _ parsed: ParsedArguments, _ settings: RenderSettings, today: CivilDate
    ) throws(UsageError) -> String {
        let declaration = CommandCatalog.wallpaper
        let undated = parsed[WallpaperOptions.season] == nil && parsed[WallpaperOptions.date] == nil
        let dateWords = undated ? ["--date", "\(today)"] : []
        return Provenance(
            declaration, try recorded(arguments, parsed, adding: dateWords + formatWords(parsed, settings), declaration)
        )
        .json
    }

    /// A format chosen by the output's extension (`-o card.jpg`) is recorded as `--format`,
    /// since the output is not recorded: so the note says what the file is, its hash tells
    /// a JPEG from a PNG of the same spec, and the command `inspect` prints makes the same
    /// format again.
    private static func formatWords(_ parsed: ParsedArguments, _ settings: RenderSettings) -> [String] {
        let format = settings.encoding.format
        return format == .png || parsed.isGiven(CommonOptions.format) ? [] : ["--format", format.rawValue]
    }

    /// The arguments as recorded: those given, with `words` the note adds (parsed again
    /// only when there are any).
    private static func recorded(
        _ arguments: [String], _ parsed: ParsedArguments, adding words: [String], _ declaration: CommandDeclaration
    ) throws(UsageError) -> ParsedArguments {
        guard !words.isEmpty else { return parsed }
        // In front: after a `--` every word is a positional.
        return try ArgumentParser.parse(words + arguments, options: declaration.options)
    }

    /// Each card of `wallgen terms` recorded as the `wallgen term` command that makes it:
    /// the term's name, then the options the two commands share, as `term` orders them.
    private static func termsProvenances(_ parsed: ParsedArguments, _ specs: [TermCardSpec]) throws(UsageError)
        -> [String?]
    {
        let shared = parsed.canonicalArguments(
            order: CommandCatalog.terms.options,
            excluding: Provenance.notInSpec.union(["season", "jobs", "no-gallery"]))
        var notes: [String?] = []
        for spec in specs {
            let card = try ArgumentParser.parse([spec.term.slug] + shared, options: CommandCatalog.term.options)
            notes.append(Provenance(CommandCatalog.term, card).json)
        }
        return notes
    }

    /// `wallgen help [COMMAND]`.
    private static func helpCommand(_ words: [String]) throws(UsageError) -> Command {
        guard let word = words.first else { return .help(HelpPage.text(for: CommandCatalog.wallpaper)) }
        guard words.count == 1, let declaration = CommandCatalog.named(word) else {
            let suggestion = closest(to: word, in: CommandCatalog.names).map { " (did you mean '\($0)'?)" } ?? ""
            throw UsageError(
                "'help' knows no command '\(words.joined(separator: " "))'\(suggestion); the commands are \(listed(CommandCatalog.names))"
            )
        }
        return .help(HelpPage.text(for: declaration))
    }
}

/// Runs one invocation and returns its exit status. Every failure becomes one line on
/// standard error that names the flag or file and what is wrong.
public enum WallgenCLI {
    public static let version = "wallgen 0.2.0"

    public static func run(_ arguments: [String]) -> ExitCode {
        Console.guardStandardOutput()
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, today: CivilDate.today())
        } catch {
            let name = arguments.first.flatMap { CommandCatalog.named($0)?.name }
            let topic = name.map { "wallgen \($0) --help" } ?? "wallgen --help"
            Console.report("Error: \(error.message)\nRun '\(topic)' for usage.")
            return .usage
        }
        var status = run(invocation)
        if let failure = Console.outputError {
            Console.report("Error: cannot write to standard output: \(failure)")
            if status == .success { status = .ioError }
        }
        if invocation.verbose, let peak = PeakMemory.megabytes {
            Console.report("wallgen: peak memory \(String(format: "%.1f", peak)) MB")
        }
        return status
    }

    static func run(_ invocation: Invocation) -> ExitCode {
        let output = StatusOutput(verbose: invocation.verbose, quiet: invocation.quiet)
        switch invocation.command {
        case .help(let text): Console.print(text)
        case .version: Console.print(version)
        case .devices(let request):
            guard request.here else {
                Console.print(DevicesTable.text)
                return .success
            }
            return DevicesTable.runHere(request, environment: ProcessInfo.processInfo.environment)
        case .completions(let shell): Console.print(Completions.script(for: shell))
        case .manual: Console.print(ManPage.text(version: version))
        case .wallpaper(let request): return ImageCommand.run(request, subject: request.spec.labelText, output)
        case .term(let request):
            return ImageCommand.run(
                request, subject: "\(request.spec.term.name) \(request.spec.term.englishName)", output)
        case .terms(let request): return TermsCommand.run(request, output)
        case .almanac(let request): return AlmanacCommand.run(request)
        case .apply(let request): return ApplyCommand.run(request, output)
        case .schedule(let request): return ScheduleCommand.run(request, output)
        case .batch(let request): return BatchCommand.run(request, output)
        case .inspect(let request): return InspectCommand.run(request)
        case .gather(let request): return GatherCommand.run(request, output)
        case .plan(let request): return PlanCommand.run(request)
        case .studio(let request): return StudioCommand.run(request, output)
        }
        return .success
    }

    /// Megabytes as 10^6 bytes (kB as 10^3), as file managers and the README count them.
    static func formatBytes(_ count: Int) -> String {
        count >= 1_000_000
            ? String(format: "%.2f MB", Double(count) / 1e6)
            : String(format: "%.0f kB", Double(count) / 1e3)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// What a command says on standard error besides errors: the "Wrote …" line (not
/// with --quiet) and stage times (with --verbose).
struct StatusOutput {
    let verbose: Bool
    let quiet: Bool

    func status(_ line: String) {
        if !quiet { Console.report(line) }
    }
}

/// `wallgen devices`: the presets, or with `--here` the connected monitors.
public struct DevicesRequest: Equatable {
    var here = false
    var monitorsFile: String?
}

/// The `wallgen devices` table.
enum DevicesTable {
    static let here = Flag(
        "here", help: "List the connected monitors instead: their output names, sizes in pixels and positions.")
    static let options: [any OptionDeclaration] = [here, CanvasOptions.monitors] + CommonOptions.everywhere

    /// `wallgen devices --here`: each monitor's name, pixels, place in the layout and scale.
    static func runHere(_ request: DevicesRequest, environment: [String: String]) -> ExitCode {
        do {
            let source: MonitorSource
            let monitors: [Monitor]
            if let file = request.monitorsFile {
                (source, monitors) = (.file(path: file), try MonitorDetection.read(path: file))
            } else {
                (source, monitors) = try MonitorDetection.detect(
                    environment: environment, runner: ProcessRunner(environment: environment))
            }
            Console.print(monitorsText(monitors, source: source))
            return .success
        } catch {
            Console.report("Error: \(error)")
            return ErrorReport.exitCode(for: error)
        }
    }

    static func monitorsText(_ monitors: [Monitor], source: MonitorSource) -> String {
        let rows = monitors.map { monitor in
            let name = monitor.name.padding(to: 12)
            let size = "\(monitor.width)x\(monitor.height)".padding(to: 11)
            let place = "at \(monitor.x),\(monitor.y)".padding(to: 15)
            var notes: [String] = []
            if monitor.scale != 1 { notes.append("scale " + String(format: "%g", monitor.scale)) }
            if monitor.isPrimary { notes.append("primary") }
            var row = "  \(name)\(size)\(place)\(notes.joined(separator: ", "))"
            while row.hasSuffix(" ") { row.removeLast() }
            return row
        }
        return (["MONITORS (from \(source.label); use with --device here or --span):"] + rows).joined(separator: "\n")
    }

    static var text: String {
        let rows = DevicePreset.all.map { preset in
            let name = preset.name.padding(to: 20)
            let size = "\(preset.width)x\(preset.height)".padding(to: 11)
            return "  \(name)\(size)\(preset.note)"
        }
        return (["DEVICES (use with --device):"] + rows).joined(separator: "\n")
    }
}

/// Writing one image where the user asked, with the checks both single-image commands share.
enum SingleOutput {
    /// A usage problem with the target that can be seen before any work: image bytes
    /// to a terminal, or a file whose folder is missing.
    static func precheck(_ target: OutputTarget, format: OutputFormat = .png) -> (String, ExitCode)? {
        switch target {
        case .standardOutput where Console.isOutputClosed:
            return ("-o -: standard output is closed; give a file name", .ioError)
        case .standardOutput where isatty(STDOUT_FILENO) != 0:
            return (
                "-o - would write \(format) data to the terminal; redirect it (> file.\(format.fileExtension)) or give a file name",
                .usage
            )
        case .standardOutput:
            return nil
        case .file(let path):
            do {
                try AtomicFileWriter.checkDestination(path)
                return nil
            } catch {
                return ("--output: \(error)", error.exitCode)
            }
        }
    }

    /// One line of where the time went, for --verbose.
    static func describe(_ timings: StageTimings) -> String {
        let stages: [(String, Duration)] = [
            ("read", timings.read), ("decode", timings.decode), ("scale", timings.scale),
            ("composite", timings.composite), ("text", timings.text), ("encode", timings.encode),
        ]
        return "wallgen: "
            + stages.map { "\($0.0) \(String(format: "%.1f", WallgenCLI.seconds($0.1) * 1000)) ms" }
            .joined(separator: ", ")
    }

    static func write(_ bytes: [UInt8], to target: OutputTarget) throws(FileError) {
        switch target {
        case .standardOutput: try Console.standardOutputBytes(bytes)
        case .file(let path): try AtomicFileWriter.write(bytes, to: path)
        }
    }

    /// `--apply`: the desktop to set the written picture on (nil: the one detected).
    struct ApplyAfterwards {
        var desktop: String?
    }

    /// Runs `make`, writes its bytes (in `format`) and reports; `subject` names what was made in the
    /// status line. With `thenApply`, the file is then set as the wallpaper.
    static func run(
        _ target: OutputTarget, format: OutputFormat = .png, subject: String, _ output: StatusOutput,
        thenApply: ApplyAfterwards? = nil,
        _ make: () throws(PipelineError) -> RenderedImage
    ) -> ExitCode {
        if thenApply != nil, target == .standardOutput {
            Console.report("Error: --apply needs a file to set, not -o -\nRun 'wallgen --help' for usage.")
            return .usage
        }
        if let (message, code) = precheck(target, format: format) {
            Console.report("Error: \(message)" + (code == .usage ? "\nRun 'wallgen --help' for usage." : ""))
            return code
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let rendered = try make()
            for warning in rendered.warnings { Console.report(warning) }
            try write(rendered.encoded, to: target)
            if output.verbose { Console.report(Self.describe(rendered.timings)) }
            let place = if case .file(let path) = target { path } else { "standard output" }
            output.status(
                "Wrote \(place): \(subject), \(rendered.image.width)x\(rendered.image.height), "
                    + "\(rendered.format), \(WallgenCLI.formatBytes(rendered.encoded.count)) in "
                    + String(format: "%.2f", WallgenCLI.seconds(clock.now - started)) + " s")
            if let thenApply, case .file(let path) = target {
                let request = ApplyRequest(
                    picture: path, darkPicture: nil, schedule: "", instant: Date(), desktop: thenApply.desktop,
                    dryRun: false)
                return ApplyCommand.run(request, output)
            }
            return .success
        } catch let error as PipelineError {
            Console.report("Error: \(ErrorReport.message(for: error))")
            return ErrorReport.exitCode(for: error)
        } catch let error as FileError {
            Console.report("Error: --output: \(error)")
            return error.exitCode
        } catch {
            Console.report("Error: \(error)")
            return .software
        }
    }
}
