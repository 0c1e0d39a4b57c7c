import Foundation

/// Everything the Desktop library can refuse or fail at, each with what the user needs
/// to put it right.
///
/// One enum for the library, so the command line maps each case to one message line
/// and an exit code.
public enum DesktopError: Error, Equatable, CustomStringConvertible {
    /// A span of years that is empty or leaves the years the almanac computes.
    case yearsOutOfRange(from: Int, count: Int, supported: ClosedRange<Int>)
    /// A picture size key that is not `WIDTHxHEIGHT`.
    case invalidSizeKey(String)
    /// A schedule with no slides, where at least one is needed.
    case emptySchedule
    /// `schedule.json` that cannot be read back; `reason` says what was wrong.
    case unreadableSchedule(path: String, reason: String)
    /// No desktop could be recognised, or the one named is not one wallgen can set.
    case unsupportedDesktop(detected: String, valid: [String])
    /// None of the commands that set this desktop's wallpaper is on the PATH.
    case setterNotInstalled(desktop: String, lookedFor: [String])
    /// A setter ran and exited with a non-zero status.
    case setterFailed(command: String, status: Int32, standardError: String)
    /// A program could not be started at all.
    case launchFailed(command: String, reason: String)
    /// A picture path a setter cannot pass on safely (KDE refuses `'`, for instance).
    case unsafePath(path: String, reason: String)
    /// A file could not be read, written, renamed or removed.
    case fileFailed(path: String, operation: String, reason: String)
    /// No monitor could be found: no session, no tool, or the tool listed none.
    case noMonitors(source: String, reason: String)
    /// A monitor list (a tool's output or a file) that cannot be read.
    case unreadableMonitors(source: String, reason: String)

    public var description: String {
        switch self {
        case .yearsOutOfRange(let from, let count, let supported):
            if count < 1 {
                "a schedule needs at least one year, not \(count)"
            } else {
                "the years \(from)-\(from + count - 1) are outside the supported years "
                    + "\(supported.lowerBound)-\(supported.upperBound)"
            }
        case .invalidSizeKey(let key):
            "the picture size \"\(key)\" is not WIDTHxHEIGHT (for example 1920x1080)"
        case .emptySchedule:
            "the schedule has no slides"
        case .unreadableSchedule(let path, let reason):
            "cannot read the schedule \(path): \(reason)"
        case .unsupportedDesktop(let detected, let valid):
            "wallgen cannot set the wallpaper of the desktop \"\(detected)\"; name one of: "
                + valid.joined(separator: ", ")
        case .setterNotInstalled(let desktop, let lookedFor):
            "none of the programs that set the \(desktop) wallpaper is installed (looked for "
                + lookedFor.joined(separator: ", ") + " on PATH)"
        case .setterFailed(let command, let status, let standardError):
            "\(command) exited with status \(status)"
                + (standardError.isEmpty ? "" : ": " + standardError.trimmingCharacters(in: .whitespacesAndNewlines))
        case .launchFailed(let command, let reason):
            "cannot run \(command): \(reason)"
        case .unsafePath(let path, let reason):
            "cannot use the picture \(path): \(reason)"
        case .fileFailed(let path, let operation, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .noMonitors(let source, let reason):
            "no monitors found from \(source): \(reason)"
        case .unreadableMonitors(let source, let reason):
            "cannot read the monitors from \(source): \(reason)"
        }
    }
}
