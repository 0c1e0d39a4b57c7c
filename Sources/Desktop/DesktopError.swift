import FoundationEssentials
import Platform

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
    /// The session shows no desktop at all (no display), or one it does not name: said
    /// as what was found, never as if it were a desktop's name.
    case unrecognisedSession(reason: String, valid: [String])
    /// None of the commands that set this desktop's wallpaper is on the PATH; `packages`
    /// are the Debian packages that provide them.
    case setterNotInstalled(desktop: String, lookedFor: [String], packages: [String])
    /// A setter ran and exited with a non-zero status.
    case setterFailed(command: String, status: Int32, standardError: String)
    /// A program could not be started at all.
    case launchFailed(command: String, reason: String)
    /// A picture path a setter cannot pass on safely (KDE refuses `'`, for instance).
    case unsafePath(path: String, reason: String)
    /// A file could not be read, written, renamed or removed.
    case fileFailed(path: String, operation: String, reason: String)
    /// A file given to `apply` that is not a picture wallgen can read.
    case notAPicture(path: String, reason: String)
    /// A dynamic wallpaper given to `apply` where no place is known to read its frame for.
    case dynamicNeedsPlace(path: String, reason: String)
    /// A picture given to `apply` whose format's library (libwebp, libheif) cannot be loaded.
    case pictureLibraryUnavailable(path: String, library: LibraryUnavailable)
    /// A GNOME slideshow (XML) given for a desktop that reads none.
    case slideshowNotRead(path: String, desktop: String)
    /// A monitor named that is not connected.
    case monitorNotConnected(name: String, connected: [String])
    /// A desktop with one picture for every monitor was given pictures for only some.
    case monitorsWithoutPicture(desktop: String, missing: [String])
    /// `--lock-screen` on a desktop whose lock screen wallgen cannot set.
    case noLockScreen(desktop: String, reason: String)
    /// An instant outside the years a schedule covers.
    case outsideSchedule(instant: String, path: String, years: ClosedRange<Int>)
    /// An executable path systemd refuses in `ExecStart=`, however it is quoted.
    case unsafeExecutable(path: String)
    /// A schedule's folder whose path holds a control character, which its files cannot
    /// name (GNOME's slideshow, the units' arguments, the desktop's setter).
    case unsafeScheduleFolder(path: String)
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
        case .unrecognisedSession(let reason, let valid):
            "wallgen cannot tell which desktop to set: \(reason); name it with --desktop: "
                + valid.joined(separator: ", ")
        case .unsupportedDesktop(let detected, let valid):
            "wallgen cannot set the wallpaper of the desktop \"\(detected)\"; name one of: "
                + valid.joined(separator: ", ")
        case .setterNotInstalled(let desktop, let lookedFor, let packages):
            "none of the programs that set the \(desktop) wallpaper is installed (looked for "
                + lookedFor.joined(separator: ", ") + " on PATH; " + SetterPrograms.packageText(packages) + ")"
        case .setterFailed(let command, let status, let standardError):
            "\(command) exited with status \(status)"
                + (standardError.isEmpty ? "" : ": " + standardError.trimmingWhitespace())
        case .launchFailed(let command, let reason):
            "cannot run \(command): \(reason)"
        case .unsafePath(let path, let reason):
            "cannot use the picture \(path): \(reason)"
        case .fileFailed(let path, let operation, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .pictureLibraryUnavailable(let path, let library): "cannot read \(path): \(library)"
        case .notAPicture(let path, let reason):
            "\(path) is not a picture wallgen can read: \(reason)"
        case .dynamicNeedsPlace(let path, let reason):
            "\(path) is a dynamic wallpaper, whose frame depends on the place: \(reason)"
        case .slideshowNotRead(let path, let desktop):
            "\(path) is a GNOME slideshow (XML), which only GNOME, Unity, Cinnamon and MATE read; "
                + "\(desktop) needs a picture (PNG, JPEG, WebP or HEIC)"
        case .monitorNotConnected(let name, let connected):
            "no monitor named \"\(name)\" is connected; the connected ones are "
                + connected.joined(separator: ", ")
        case .monitorsWithoutPicture(let desktop, let missing):
            "\(desktop) shows one picture across all monitors, so every monitor needs one; "
                + "give --monitor NAME=FILE for " + missing.joined(separator: ", ")
        case .noLockScreen(let desktop, let reason):
            "wallgen cannot set the \(desktop) lock screen: \(reason)"
        case .outsideSchedule(let instant, let path, let years):
            "\(instant) is outside the schedule in \(path), which covers "
                + (years.count == 1
                    ? "the year \(years.lowerBound)" : "the years \(years.lowerBound)-\(years.upperBound)")
                + "; make one that covers it with wallgen schedule --from YEAR --years N"
        case .unsafeExecutable(let path):
            "systemd refuses an ExecStart= program whose path holds ', \" or \\ or a control character, "
                + "however it is quoted, and wallgen's is \(path); copy wallgen to a path without them "
                + "(for example /usr/local/bin/wallgen; a link does not help, systemd would be given its target) "
                + "and run it from there"
        case .unsafeScheduleFolder(let path):
            "the schedule's folder \(path) holds a control character, which its slideshow, "
                + "its units and the desktop cannot name; give -o a folder without one"
        case .noMonitors(let source, let reason):
            "no monitors found from \(source): \(reason)"
        case .unreadableMonitors(let source, let reason):
            "cannot read the monitors from \(source): \(reason)"
        }
    }
}
