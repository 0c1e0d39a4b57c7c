import Escaping

/// The monitors in `swaymsg -t get_outputs`' JSON (sway and other i3-IPC compositors).
///
/// Each active output has `rect` (its place in logical pixels), `scale` and
/// `current_mode` (its own pixels, before `transform`: a monitor at 90 or 270 degrees
/// shows them turned). Inactive outputs are left out.
public enum SwayOutputs {
    public static func parse(_ text: String) throws(DesktopError) -> [Monitor] {
        func refuse(_ reason: String) -> DesktopError {
            .unreadableMonitors(source: "swaymsg -t get_outputs", reason: reason)
        }
        let json: JSONValue
        do {
            json = try JSONValue.parse(Array(text.utf8))
        } catch {
            throw refuse("not JSON (\(error))")
        }
        guard let list = json.array else { throw refuse("not a list of outputs") }
        let outputs = list.compactMap(\.object)
        guard outputs.count == list.count else { throw refuse("not a list of outputs") }
        var monitors: [Monitor] = []
        for output in outputs {
            guard let name = output["name"]?.string else { throw refuse("an output has no name") }
            guard output["active"]?.bool ?? false else { continue }
            guard let rect = output["rect"]?.object, let x = integer(rect["x"]), let y = integer(rect["y"]),
                let logicalWidth = integer(rect["width"]), let logicalHeight = integer(rect["height"])
            else { throw refuse("the output \(name) has no rect") }
            let scale = output["scale"]?.double ?? 1
            var width = Int((Double(logicalWidth) * scale).rounded())
            var height = Int((Double(logicalHeight) * scale).rounded())
            if let mode = output["current_mode"]?.object, let modeWidth = integer(mode["width"]),
                let modeHeight = integer(mode["height"])
            {
                let transform = output["transform"]?.string ?? "normal"
                let turned = transform.hasSuffix("90") || transform.hasSuffix("270")
                (width, height) = turned ? (modeHeight, modeWidth) : (modeWidth, modeHeight)
            }
            guard width > 0, height > 0, scale > 0 else { throw refuse("the output \(name) has an empty size") }
            monitors.append(
                Monitor(
                    name: name, width: width, height: height, x: x, y: y, scale: scale,
                    isPrimary: output["primary"]?.bool ?? false))
        }
        return monitors
    }

    private static func integer(_ value: JSONValue?) -> Int? {
        value?.int
    }
}
