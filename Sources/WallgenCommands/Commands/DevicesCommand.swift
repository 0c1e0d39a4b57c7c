import Designs
import Desktop
import FoundationEssentials
import Platform

/// `wallgen devices`: the presets, or with `--here` the connected monitors.
public struct DevicesRequest: Equatable, Sendable {
    var here = false
    var monitorsFile: String?
}

/// `wallgen devices`: the device presets `--device` takes, or with `--here` the
/// connected monitors.
enum DevicesCommand: WallgenCommand {
    static let here = Flag(
        "here", help: "List the connected monitors instead: their output names, sizes in pixels and positions.")

    static let commandName: String? = "devices"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "List the device names --device accepts, or the connected monitors.",
        overview:
            "List the device names --device accepts, with their sizes in pixels; with --here, the connected monitors (from xrandr on X11, swaymsg on sway, wlr-randr on other wlroots compositors, monitors.xml on GNOME under Wayland) as --device here and --span see them.",
        usage: ["", "--here [--monitors <file>]"],
        options: [here, CanvasOptions.monitors] + CommonOptions.everywhere)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> DevicesRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        if parsed.isGiven(CanvasOptions.monitors), !parsed.has(here) {
            throw CommandFailure("--monitors goes with --here", option: "monitors")
        }
        return DevicesRequest(here: parsed.has(here), monitorsFile: parsed[CanvasOptions.monitors])
    }

    static func run(_ request: DevicesRequest, _ output: StatusOutput) throws(CommandFailure) {
        guard request.here else {
            Console.print(text)
            return
        }
        try runHere(request, environment: ProcessEnvironment.variables)
    }

    /// `wallgen devices --here`: each monitor's name, pixels, place in the layout and scale.
    static func runHere(_ request: DevicesRequest, environment: [String: String]) throws(CommandFailure) {
        do {
            let source: MonitorSource
            let monitors: [Monitor]
            if let file = request.monitorsFile {
                (source, monitors) = (.file(path: file), try MonitorDetection.read(path: file))
            } else {
                (source, monitors) = try MonitorDetection.detect(
                    environment: environment, runner: ProcessRunner(environment: environment))
            }
            Console.print(monitorsText(monitors, source: source))
        } catch {
            throw CommandFailure("\(error)", status: ErrorReport.exitCode(for: error))
        }
    }

    static func monitorsText(_ monitors: [Monitor], source: MonitorSource) -> String {
        let rows = monitors.map { monitor in
            let name = monitor.name.padding(to: 12)
            let size = "\(monitor.width)x\(monitor.height)".padding(to: 11)
            let place = "at \(monitor.x),\(monitor.y)".padding(to: 15)
            var notes: [String] = []
            if monitor.scale != 1 { notes.append("scale " + PrintfNumber.format("%g", monitor.scale)) }
            if monitor.isPrimary { notes.append("primary") }
            var row = "  \(name)\(size)\(place)\(notes.joined(separator: ", "))"
            while row.hasSuffix(" ") { row.removeLast() }
            return row
        }
        return (["MONITORS (from \(source.label); use with --device here or --span):"] + rows).joined(separator: "\n")
    }

    static var text: String {
        let rows = DevicePreset.all.map { preset in
            let name = preset.name.padding(to: 20)
            let size = "\(preset.width)x\(preset.height)".padding(to: 11)
            return "  \(name)\(size)\(preset.note)"
        }
        return (["DEVICES (use with --device):"] + rows).joined(separator: "\n")
    }
}
