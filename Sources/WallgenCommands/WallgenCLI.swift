import Almanac
import Compositor
import FoundationEssentials
import Platform

/// Runs one invocation and returns its exit status. Every failure becomes one line on
/// standard error that names the flag or file and what is wrong.
public enum WallgenCLI {
    public static let version = "wallgen 0.2.0"

    public static func run(_ arguments: [String]) -> ExitCode {
        Console.guardStandardOutput()
        // A pixel buffer the machine cannot give is a retry (more memory, a smaller canvas).
        OutOfMemory.exitStatus = ExitCode.tryAgain.rawValue
        if CommandRegistry.drawsText(arguments) { FontLibraries.loadAhead() }
        // A mistake found while a command runs points to that command's help too.
        let help = Invocation.commandName(in: arguments).map { "wallgen \($0) --help" } ?? "wallgen --help"
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, today: CivilDate.today())
        } catch {
            say(error, help: help)
            return error.status
        }
        var status = ExitCode.success
        do {
            try invocation.run()
        } catch {
            say(error, help: help)
            status = error.status
        }
        if let failure = Console.outputError {
            Console.report("Error: cannot write to standard output: \(failure)")
            if status == .success { status = .ioError }
        }
        if invocation.verbose, let peak = PeakMemory.megabytes {
            Console.report("wallgen: peak memory \(PrintfNumber.format("%.1f", peak)) MB")
        }
        return status
    }

    /// Says a failure on standard error, the one place any is said: its message, its
    /// further lines, and for a mistake in the command line where to read how the
    /// command is used (`help`, the running command's own).
    static func say(_ failure: CommandFailure, help: String) {
        Console.report("Error: \(failure.message)")
        for line in failure.details { Console.report("Error: \(line)") }
        if let conclusion = failure.conclusion { Console.report(conclusion) }
        if failure.status == .usage { Console.report("Run '\(help)' for usage.") }
    }

    /// Megabytes as 10^6 bytes (kB as 10^3), as file managers and the README count them.
    static func formatBytes(_ count: Int) -> String {
        count >= 1_000_000
            ? PrintfNumber.format("%.2f MB", Double(count) / 1e6)
            : PrintfNumber.format("%.0f kB", Double(count) / 1e3)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
