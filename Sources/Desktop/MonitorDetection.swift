import FoundationEssentials
import Glibc
import Platform

/// Where a monitor layout was read from, for messages and `wallgen devices --here`.
public enum MonitorSource: Equatable, Sendable {
    case xrandr
    case sway
    case wlrRandr
    case gnome(path: String)
    case file(path: String)

    public var label: String {
        switch self {
        case .xrandr: "xrandr --query"
        case .sway: "swaymsg -t get_outputs"
        case .wlrRandr: "wlr-randr"
        case .gnome(let path): path
        case .file(let path): path
        }
    }
}

/// Finds the connected monitors: from the session's own tool, chosen by the
/// environment, or from a file holding what one of those tools printed.
public enum MonitorDetection {
    /// The source the session's variables point to: sway's IPC under sway, GNOME's
    /// monitors.xml under GNOME on Wayland, wlr-randr under any other Wayland
    /// compositor, xrandr on X11 (GNOME on X11 included).
    public static func source(environment: [String: String]) throws(DesktopError) -> MonitorSource {
        func present(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").lowercased().split(separator: ":")
        if present("SWAYSOCK") || desktops.contains("sway") { return .sway }
        if present("WAYLAND_DISPLAY") {
            if desktops.contains(where: { $0.hasPrefix("gnome") || $0 == "unity" }) {
                return .gnome(path: UserLocations(environment: environment).configHome + "/monitors.xml")
            }
            return .wlrRandr
        }
        if present("DISPLAY") { return .xrandr }
        throw .noMonitors(
            source: "this session",
            reason:
                "no graphical session (DISPLAY and WAYLAND_DISPLAY are unset); --monitors FILE reads the monitors from a file instead"
        )
    }

    /// The monitors of the running session.
    public static func detect(environment: [String: String], runner: ProcessRunner) throws(DesktopError)
        -> (MonitorSource, [Monitor])
    {
        let source = try source(environment: environment)
        let monitors: [Monitor]
        switch source {
        case .xrandr: monitors = XrandrMonitors.parse(try run(["xrandr", "--query"], runner))
        case .sway: monitors = try SwayOutputs.parse(try run(["swaymsg", "-t", "get_outputs", "--raw"], runner))
        case .wlrRandr: monitors = try WlrRandrOutputs.parse(try run(["wlr-randr"], runner))
        case .gnome(let path):
            monitors = try GnomeMonitorsXML.parse(try readText(path), connected: connectedConnectors())
        case .file(let path): monitors = try read(path: path)
        }
        guard !monitors.isEmpty else { throw .noMonitors(source: source.label, reason: "it lists no enabled monitor") }
        return (source, monitors)
    }

    /// The monitors in a file: what xrandr, swaymsg, wlr-randr printed, a GNOME
    /// monitors.xml, or `NAME WIDTHxHEIGHT+X+Y` lines, told apart by their content.
    public static func read(path: String) throws(DesktopError) -> [Monitor] {
        let monitors = try parse(try readText(path))
        guard !monitors.isEmpty else { throw .noMonitors(source: path, reason: "it lists no enabled monitor") }
        return monitors
    }

    /// The same from text.
    public static func parse(_ text: String) throws(DesktopError) -> [Monitor] {
        let trimmed = text.trimmingWhitespace()
        let lines = trimmed.split(separator: "\n")
        if trimmed.hasPrefix("[") { return try SwayOutputs.parse(trimmed) }
        if trimmed.contains("<monitors") {
            return try GnomeMonitorsXML.parse(trimmed, connected: connectedConnectors())
        }
        if trimmed.hasPrefix("Screen ") || lines.contains(where: { $0.contains(" connected") }) {
            return XrandrMonitors.parse(trimmed)
        }
        if lines.contains(where: { $0.hasPrefix("  Enabled:") || $0.hasPrefix("  Position:") }) {
            return try WlrRandrOutputs.parse(trimmed)
        }
        return try MonitorLines.parse(trimmed)
    }

    /// The connectors the kernel reports connected (`/sys/class/drm/card0-DP-1/status`),
    /// named as Mutter names them (`DP-1`); nil when none can be read.
    static func connectedConnectors(folder: String = "/sys/class/drm") -> Set<String>? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var connected: Set<String> = []
        for entry in entries where entry.hasPrefix("card") && entry.contains("-") {
            guard let status = try? String(contentsOfFile: "\(folder)/\(entry)/status", encoding: .utf8),
                status.trimmingWhitespace() == "connected"
            else { continue }
            connected.insert(String(entry.drop { $0 != "-" }.dropFirst()))
        }
        return connected.isEmpty ? nil : connected
    }

    private static func run(_ argv: [String], _ runner: ProcessRunner) throws(DesktopError) -> String {
        guard runner.find(argv[0]) != nil else {
            throw .noMonitors(source: argv.joined(separator: " "), reason: "\(argv[0]) is not installed (not on PATH)")
        }
        let result = try runner.output(argv)
        guard result.status == 0 else {
            let said = result.standardError.trimmingWhitespace()
            throw .noMonitors(
                source: argv.joined(separator: " "),
                reason: "it exited with status \(result.status)" + (said.isEmpty ? "" : ": \(said)"))
        }
        return result.standardOutput
    }

    /// The text of a layout file: a regular file (a device such as /dev/zero would
    /// never end) of at most `maximumBytes`.
    static let maximumBytes = 4_000_000

    private static func readText(_ path: String) throws(DesktopError) -> String {
        func refuse(_ reason: String) -> DesktopError { .fileFailed(path: path, operation: "read", reason: reason) }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw refuse(errno == ENOENT ? "it does not exist" : String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw refuse(status.st_mode & S_IFMT == S_IFDIR ? "it is a folder" : "it is not a regular file")
        }
        guard status.st_size <= maximumBytes else {
            throw .unreadableMonitors(source: path, reason: "it is larger than \(maximumBytes / 1_000_000) MB")
        }
        guard let file = ReadOnlyFile(path: path) else {
            throw refuse(String(cString: strerror(errno)))
        }
        let data: [UInt8]
        do {
            data = try file.read(upToCount: maximumBytes + 1)
        } catch {
            throw refuse(error.reason)
        }
        guard data.count <= maximumBytes else {
            throw .unreadableMonitors(source: path, reason: "it is larger than \(maximumBytes / 1_000_000) MB")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
