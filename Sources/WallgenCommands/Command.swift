import Almanac
import Compositor
import Designs
import Foundation

/// What one invocation does, decided from its arguments.
public enum Command {
    case wallpaper(WallpaperRequest)
    case term(TermRequest)
    case terms(TermsRequest)
    case almanac(AlmanacRequest)
    case devices
    case help(String)
    case version

    /// Words that name a command rather than the default wallpaper.
    static let names = ["almanac", "devices", "help", "term", "terms"]

    public static func parse(_ arguments: [String], today: CivilDate) throws(UsageError) -> Command {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "devices":
            guard rest.isEmpty else { throw UsageError("'devices' takes no arguments") }
            return .devices
        case "help":
            switch rest.first {
            case "term": return .help(Help.term)
            case "terms": return .help(Help.terms)
            case "almanac": return .help(Help.almanac)
            default: return .help(Help.wallpaper)
            }
        case "term":
            let parsed = try ArgumentParser.parse(rest, options: TermOptions.termSpecs)
            if parsed.flags.contains("help") { return .help(Help.term) }
            return .term(try TermOptions.validateTerm(parsed))
        case "terms":
            let parsed = try ArgumentParser.parse(rest, options: TermOptions.termsSpecs)
            if parsed.flags.contains("help") { return .help(Help.terms) }
            return .terms(try TermOptions.validateTerms(parsed))
        case "almanac":
            let parsed = try ArgumentParser.parse(rest, options: AlmanacCommand.specs)
            if parsed.flags.contains("help") { return .help(Help.almanac) }
            return .almanac(try AlmanacCommand.validate(parsed, today: today))
        default:
            let parsed = try ArgumentParser.parse(arguments, options: WallpaperOptions.specs)
            if parsed.flags.contains("help") { return .help(Help.wallpaper) }
            if parsed.flags.contains("version") { return .version }
            return .wallpaper(try WallpaperOptions.validate(parsed, today: today))
        }
    }
}

/// Runs one invocation and returns its exit status. Every failure becomes one line on
/// standard error that names the flag or file and what is wrong.
public enum WallgenCLI {
    public static func run(_ arguments: [String]) -> ExitCode {
        // --verbose works with every command: stage times and peak memory on stderr.
        let verbose = arguments.contains("--verbose")
        let status = run(arguments.filter { $0 != "--verbose" }, verbose: verbose)
        if verbose, let peak = PeakMemory.megabytes {
            report("wallgen: peak memory \(String(format: "%.1f", peak)) MB")
        }
        return status
    }

    static func run(_ arguments: [String], verbose: Bool) -> ExitCode {
        let command: Command
        do {
            command = try Command.parse(arguments, today: CivilDate.today())
        } catch {
            let topic =
                ["term", "terms", "almanac"].contains(arguments.first ?? "")
                ? "wallgen \(arguments[0]) --help" : "wallgen --help"
            report("Error: \(error.message)\nRun '\(topic)' for usage.")
            return .usage
        }
        switch command {
        case .help(let text):
            print(text)
        case .version:
            print(Help.version)
        case .devices:
            print(Help.devices)
        case .wallpaper(let request):
            return WallpaperCommand.run(request, verbose: verbose)
        case .term(let request):
            return TermCommand.run(request, verbose: verbose)
        case .terms(let request):
            return TermsCommand.run(request)
        case .almanac(let request):
            return AlmanacCommand.run(request)
        }
        return .success
    }

    static func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func formatBytes(_ count: Int) -> String {
        count >= 1 << 20
            ? String(format: "%.1f MB", Double(count) / 1_048_576)
            : String(format: "%.0f KB", Double(count) / 1024)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// Writing one PNG where the user asked, with the checks both single-image commands share.
enum SingleOutput {
    /// A usage problem with the target that can be seen before any work: PNG bytes
    /// to a terminal, or a file whose folder is missing.
    static func precheck(_ target: OutputTarget) -> (String, ExitCode)? {
        switch target {
        case .standardOutput where isatty(STDOUT_FILENO) != 0:
            return ("-o - would write PNG data to the terminal; redirect it (> file.png) or give a file name", .usage)
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

    static func write(_ png: [UInt8], to target: OutputTarget) throws(FileError) {
        switch target {
        case .standardOutput: try AtomicFileWriter.writeAll(png, to: STDOUT_FILENO, path: "standard output")
        case .file(let path): try AtomicFileWriter.write(png, to: path)
        }
    }

    /// Runs `make`, writes its PNG and reports; `describe` gives the success line's subject.
    static func run(
        _ target: OutputTarget, subject: String, verbose: Bool, _ make: () throws(PipelineError) -> RenderedImage
    ) -> ExitCode {
        if let (message, code) = precheck(target) {
            WallgenCLI.report("Error: \(message)" + (code == .usage ? "\nRun 'wallgen --help' for usage." : ""))
            return code
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            let rendered = try make()
            try write(rendered.png, to: target)
            if verbose { WallgenCLI.report(Self.describe(rendered.timings)) }
            if case .file(let path) = target {
                print(
                    "Wrote \(path): \(subject), \(rendered.image.width)x\(rendered.image.height), "
                        + "\(WallgenCLI.formatBytes(rendered.png.count)) in "
                        + String(format: "%.2f", WallgenCLI.seconds(clock.now - started)) + " s")
            }
            return .success
        } catch let error as PipelineError {
            WallgenCLI.report("Error: \(ErrorReport.message(for: error))")
            return ErrorReport.exitCode(for: error)
        } catch let error as FileError {
            WallgenCLI.report("Error: --output: \(error)")
            return error.exitCode
        } catch {
            WallgenCLI.report("Error: \(error)")
            return .software
        }
    }
}
