import Almanac
import Compositor
import Designs
import Foundation

/// What one invocation does, decided from its arguments.
enum Command {
    case wallpaper(WallpaperRequest)
    case devices
    case help
    case version

    /// Words that name a command rather than the default wallpaper.
    static let names = ["devices", "help"]

    static func parse(_ arguments: [String], today: CivilDate) throws(UsageError) -> Command {
        if let first = arguments.first, !first.hasPrefix("-") {
            switch first {
            case "devices":
                guard arguments.count == 1 else { throw UsageError("'devices' takes no arguments") }
                return .devices
            case "help":
                return .help
            default:
                break  // reported below as an unexpected argument, with a suggestion
            }
        }
        let parsed = try ArgumentParser.parse(arguments, options: WallpaperOptions.specs)
        if parsed.flags.contains("help") { return .help }
        if parsed.flags.contains("version") { return .version }
        return .wallpaper(try WallpaperOptions.validate(parsed, today: today))
    }
}

/// Runs one invocation and returns its exit status. Every failure becomes one line on
/// standard error that names the flag or file and what is wrong.
enum WallgenCLI {
    static func run(_ arguments: [String]) -> ExitCode {
        let command: Command
        do {
            command = try Command.parse(arguments, today: CivilDate.today())
        } catch {
            report("Error: \(error.message)\nRun 'wallgen --help' for usage.")
            return .usage
        }
        switch command {
        case .help:
            print(Help.wallpaper)
        case .version:
            print(Help.version)
        case .devices:
            print(Help.devices)
        case .wallpaper(let request):
            return makeWallpaper(request)
        }
        return .success
    }

    static func makeWallpaper(_ request: WallpaperRequest) -> ExitCode {
        if case .standardOutput = request.output, isatty(STDOUT_FILENO) != 0 {
            report(
                "Error: -o - would write PNG data to the terminal; redirect it (> file.png) or give a file name\nRun 'wallgen --help' for usage."
            )
            return .usage
        }
        let clock = ContinuousClock()
        let started = clock.now
        do {
            // Fail before rendering when the output obviously cannot be written.
            if case .file(let path) = request.output { try AtomicFileWriter.checkDestination(path) }
            let pipeline = WallpaperPipeline(data: try DataDirectory.locate())
            let wallpaper = try pipeline.render(request.spec)
            switch request.output {
            case .standardOutput:
                try AtomicFileWriter.writeAll(wallpaper.png, to: STDOUT_FILENO, path: "standard output")
            case .file(let path):
                try AtomicFileWriter.write(wallpaper.png, to: path)
                let elapsed = (clock.now - started).components
                let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
                print(
                    "Wrote \(path): \(request.spec.season.displayName), \(request.spec.width)x\(request.spec.height), "
                        + "\(formatBytes(wallpaper.png.count)) in \(String(format: "%.2f", seconds)) s")
            }
            return .success
        } catch let error as PipelineError {
            report("Error: \(ErrorReport.message(for: error))")
            return ErrorReport.exitCode(for: error)
        } catch let error as FileError {
            report("Error: --output: \(error)")
            return error.exitCode
        } catch {
            report("Error: \(error)")
            return .software
        }
    }

    static func report(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func formatBytes(_ count: Int) -> String {
        count >= 1 << 20
            ? String(format: "%.1f MB", Double(count) / 1_048_576)
            : String(format: "%.0f KB", Double(count) / 1024)
    }
}
