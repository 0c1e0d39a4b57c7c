import Desktop
import Files
import FoundationEssentials
import Platform
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
    private let running = Mutex<[ChildProcess]?>([])
    /// The studio's own binary, held open from its start: Apply and Schedule run this very
    /// file, even after an upgrade replaced it on disk.
    private let program = OwnExecutable()

    /// The page's command with `--apply`, made at the screen's own size (the page's
    /// device and size are its preview's), written into `folder`; the uploaded picture is
    /// given by where it lies.
    func apply(_ settings: StudioSettings, in folder: String) -> StudioOutcome {
        do {
            var words = try Self.applyArguments(settings)
            let shown = StudioRendering.commandLine(words)
            if let file = settings.backgroundFile, let index = words.firstIndex(of: "--background"),
                index + 1 < words.count
            {
                words[index + 1] = file
            }
            let name = try StudioRendering.request(settings).fileName
            return run(
                words + ["-o", folder + "/" + (name == "-" ? "wallpaper.png" : FilePath.name(of: name))], shown: shown)
        } catch {
            return StudioOutcome(command: "wallgen --apply", status: ExitCode.usage.rawValue, output: error.message)
        }
    }

    /// The options that set the canvas: Apply and Schedule make their pictures at the
    /// screen's own size, whatever the page previews.
    static let canvasOptions: Set<String> = [CanvasOptions.sizes.long, CanvasOptions.devices.long]

    /// `wallgen … --apply` for the page's settings, without its canvas.
    static func applyArguments(_ settings: StudioSettings) throws(StudioFailure) -> [String] {
        try StudioRendering.arguments(settings, leaving: canvasOptions) + ["--apply"]
    }

    /// Installs and starts the schedule; the outcome says whether its timer now runs, as
    /// the user's systemd answers (`systemctl --user is-active`), so the page never says
    /// "Done" for a schedule that will not change anything.
    func schedule(_ settings: StudioSettings) -> StudioOutcome {
        var outcome = run(Self.scheduleArguments(settings).words)
        guard outcome.status == 0 else { return outcome }
        let runner = ProcessRunner(environment: ProcessEnvironment.variables)
        let timer = ScheduleUnitNames.terms.timer
        outcome.running = (try? runner.output(["systemctl", "--user", "is-active", "--quiet", timer]).status) == 0
        return outcome
    }

    /// `schedule --install` with the page's options that `schedule` takes (the card's
    /// language, the dark style, the format), and the page's options it cannot carry. Its
    /// pictures are made at the screen's own size (the page's canvas is its preview's). A
    /// term schedule takes no season rule or hemisphere (those go with `--by seasons`).
    static func scheduleArguments(_ settings: StudioSettings) -> (words: [String], drops: [String]) {
        let takes = Set(ScheduleCommand.declaration.options.map(\.long)).subtracting([
            SeasonRuleOptions.rule.long, SeasonRuleOptions.hemisphere.long,
        ])
        .subtracting(canvasOptions)
        var words = ["schedule", "--install", "--enable"]
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
                if canvasOptions.contains(name) { continue }
                drops.append("--" + name)
            default: break
            }
        }
        return (words, drops)
    }

    /// Runs `wallgen WORDS`, collecting standard output and error together; the outcome
    /// names `shown`, the command as the page shows it (else WORDS).
    private func run(_ words: [String], shown: String? = nil) -> StudioOutcome {
        let command = shown ?? StudioRendering.commandLine(words)
        let path = program?.runnablePath ?? ScheduleCommand.executablePath()
        let name = program?.path ?? ScheduleCommand.executablePath()
        // Started under the lock, so stop() either sees it or refuses it.
        let started = running.withLock { list -> Result<ChildProcess, SpawnFailure>? in
            guard list != nil else { return nil }
            let result = Result { () throws(SpawnFailure) -> ChildProcess in
                try ChildProcess.start(
                    path: path, arguments: [name] + words, environment: ProcessEnvironment.variables, input: [],
                    output: .merged)
            }
            if case .success(let child) = result { list?.append(child) }
            return result
        }
        let child: ChildProcess
        switch started {
        case nil:
            return StudioOutcome(command: command, status: ExitCode.software.rawValue, output: "the studio is stopping")
        case .failure(let error)?:
            return StudioOutcome(command: command, status: ExitCode.software.rawValue, output: "cannot run: \(error)")
        case .success(let started)?: child = started
        }
        let outcome = child.finish()
        running.withLock { list in list?.removeAll { $0 === child } }
        return StudioOutcome(
            command: command, status: outcome.status,
            output: String(decoding: outcome.standardOutput, as: UTF8.self))
    }

    /// Ends what is still running (its own clean-up removes its half-written files) and waits for it.
    func stop() {
        let processes = running.withLock { list in
            defer { list = nil }
            return list ?? []
        }
        for child in processes {
            child.terminate()
            child.waitUntilReaped()
        }
    }
}
