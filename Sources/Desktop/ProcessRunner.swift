import Escaping
import FoundationEssentials
import Glibc
import Platform

/// What a finished process left: its exit status and everything it wrote.
public struct ProcessOutput: Sendable, Equatable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
}

/// Runs programs by argv, without a shell, and finds them on a PATH.
///
/// The setters and the tests both run external programs; doing it in one place keeps
/// the pipe handling (both pipes drained at once, so a chatty child cannot block) and
/// the error mapping the same everywhere.
public struct ProcessRunner: Sendable {
    /// The environment the children get; also where `PATH` is looked up.
    public var environment: [String: String]

    public init(environment: [String: String] = ProcessEnvironment.variables) {
        self.environment = environment
    }

    /// The full path of the first executable file named `name` in `PATH`, or nil.
    /// A name with a slash is taken as a path and only checked.
    public func find(_ name: String) -> String? {
        let fileManager = FileManager.default
        if name.contains("/") { return fileManager.isExecutableFile(atPath: name) ? name : nil }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT != S_IFDIR,
                fileManager.isExecutableFile(atPath: candidate)
            {
                return candidate
            }
        }
        return nil
    }

    /// Runs `argv` to completion and returns its status and output, whatever the status.
    /// Throws only when the program cannot be found or started.
    public func output(_ argv: [String], input: Data? = nil) throws(DesktopError) -> ProcessOutput {
        let display = ShellQuoting.line(argv)
        guard let name = argv.first else { throw .launchFailed(command: display, reason: "empty command") }
        guard let path = find(name) else { throw .launchFailed(command: display, reason: "\(name) is not on PATH") }
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(
                path: path, arguments: [path] + argv.dropFirst(), environment: environment,
                input: Array(input ?? Data()))
        } catch {
            throw .launchFailed(command: display, reason: error.reason)
        }
        return ProcessOutput(
            status: outcome.status, standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
            standardError: String(decoding: outcome.standardError, as: UTF8.self))
    }

    /// Runs `argv` and returns its standard output; a non-zero exit is `setterFailed`
    /// with the program's own standard error and status.
    @discardableResult
    public func run(_ argv: [String]) throws(DesktopError) -> String {
        let result = try output(argv)
        guard result.status == 0 else {
            throw .setterFailed(
                command: ShellQuoting.line(argv), status: result.status, standardError: result.standardError)
        }
        return result.standardOutput
    }
}
