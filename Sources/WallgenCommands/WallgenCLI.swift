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
        Console.setUsageTopic(command: Invocation.commandName(in: arguments))
        let invocation: Invocation
        do {
            invocation = try Invocation.parse(arguments, today: CivilDate.today())
        } catch {
            Console.reportUsage(error.message)
            return .usage
        }
        var status = invocation.run()
        if let failure = Console.outputError {
            Console.report("Error: cannot write to standard output: \(failure)")
            if status == .success { status = .ioError }
        }
        if invocation.verbose, let peak = PeakMemory.megabytes {
            Console.report("wallgen: peak memory \(PrintfNumber.format("%.1f", peak)) MB")
        }
        return status
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
