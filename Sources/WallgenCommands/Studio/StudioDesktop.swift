import Foundation
import Studio
import Synchronization

/// Apply and Schedule from the page, done as the command line does them: by running this
/// same binary as `wallgen apply FILE` and `wallgen schedule --install …`, and handing the
/// page their exit status and what they printed (which tells how to enable the timer).
///
/// This is the one place to re-point when apply and schedule gain an entry point that
/// reports to its caller instead of to standard error: in-process, `ApplyCommand.run`
/// writes its messages where the page cannot read them.
final class StudioDesktop: Sendable {
    /// What is running now, to be ended if the studio stops first; nil once it has stopped.
    private let running = Mutex<[Process]?>([])

    func apply(file: String) -> StudioOutcome {
        run(["apply", file])
    }

    func schedule(_ settings: StudioSettings) -> StudioOutcome {
        run(Self.scheduleArguments(settings).words)
    }

    /// `schedule --install` with the page's options that `schedule` takes (its canvas, the
    /// card's language, the dark style, the format), and the page's options it cannot carry.
    /// A term schedule takes no season rule or hemisphere (those go with `--by seasons`).
    static func scheduleArguments(_ settings: StudioSettings) -> (words: [String], drops: [String]) {
        let takes = Set(ScheduleCommand.declaration.options.map(\.long)).subtracting([
            SeasonRuleOptions.rule.long, SeasonRuleOptions.hemisphere.long,
        ])
        var words = ["schedule", "--install"]
        var drops: [String] = []
        var seen = Set<String>()
        let order = ScheduleCommand.declaration.options.map(\.long) + settings.options.keys.sorted()
        for name in order where !seen.contains(name) {
            seen.insert(name)
            switch settings.options[name] {
            case .flag(true)? where takes.contains(name): words.append("--" + name)
            case .text(let value)? where !value.isEmpty && takes.contains(name):
                words += value.hasPrefix("-") ? ["--\(name)=\(value)"] : ["--" + name, value]
            case .flag(true)?, .text(_)?:
                if case .text("")? = settings.options[name] { continue }
                drops.append("--" + name)
            default: break
            }
        }
        return (words, drops)
    }

    /// Runs `wallgen WORDS`, collecting standard output and error together.
    private func run(_ words: [String]) -> StudioOutcome {
        let command = StudioRendering.commandLine(words)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ScheduleCommand.executablePath())
        process.arguments = words
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        // Started under the lock, so stop() either sees it or refuses it.
        let started: Result<Void, any Error>? = running.withLock { list in
            guard list != nil else { return nil }
            do {
                try process.run()
            } catch {
                return .failure(error)
            }
            list?.append(process)
            return .success(())
        }
        switch started {
        case nil:
            return StudioOutcome(command: command, status: ExitCode.software.rawValue, output: "the studio is stopping")
        case .failure(let error)?:
            return StudioOutcome(command: command, status: ExitCode.software.rawValue, output: "cannot run: \(error)")
        case .success?: break
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        running.withLock { list in list?.removeAll { $0 === process } }
        return StudioOutcome(
            command: command, status: process.terminationStatus, output: String(decoding: output, as: UTF8.self))
    }

    /// Ends what is still running (its own clean-up removes its half-written files) and waits for it.
    func stop() {
        let processes = running.withLock { list in
            defer { list = nil }
            return list ?? []
        }
        for process in processes where process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
