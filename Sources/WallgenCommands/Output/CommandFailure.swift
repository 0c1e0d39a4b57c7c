/// Why a command failed: the option it concerns, what is wrong, and the exit status.
///
/// Every command throws this, from reading its words to writing its last file, and
/// `WallgenCLI` says it in one place: `Error: ` and the message on standard error, the
/// further lines after it, and for a mistake in the command line (status 64) the running
/// command's own help to read. The studio shows the message beside the control of
/// `option`, never finding the option in the words.
public struct CommandFailure: Error, Equatable {
    /// What is wrong, as one line; it names the flag or file itself (`--alpha must be…`,
    /// `--output: …`).
    public let message: String
    /// The option the failure is in (its long name, `alpha`), when it is in one.
    public private(set) var option: String?
    public let status: ExitCode
    /// Lines said after the message, each as an error of its own (a batch's failed rows).
    public var details: [String] = []
    /// A last line said as it is, after the errors (`Nothing was rendered.`).
    public var conclusion: String?

    /// A failure of `status`, by default a mistake in the command line (64).
    init(
        _ message: String, option: String? = nil, status: ExitCode = .usage, details: [String] = [],
        conclusion: String? = nil
    ) {
        self.message = message
        self.option = option
        self.status = status
        self.details = details
        self.conclusion = conclusion
    }

    /// Several errors of one status: the first is the message, the rest its details.
    init(lines: [String], status: ExitCode, conclusion: String? = nil) {
        self.init(
            lines.first ?? "failed", status: status, details: Array(lines.dropFirst()), conclusion: conclusion)
    }

    /// The same failure, said to be in `option` unless it already names where it is.
    func about(_ option: String) -> CommandFailure {
        var failure = self
        if failure.option == nil { failure.option = option }
        return failure
    }

    /// The same failure said as `--option`'s (`--scheme: 'x.png': …`): a file that option
    /// brought in failed.
    func under(_ option: String) -> CommandFailure {
        CommandFailure(
            "--\(option): \(message)", option: option, status: status, details: details, conclusion: conclusion)
    }

    /// A problem in what `--option` names (`--output: …`, `--scheme: …`), with its status.
    static func `in`(_ option: String, _ problem: any Error, status: ExitCode) -> CommandFailure {
        CommandFailure("--\(option): \(problem)", option: option, status: status)
    }
}
