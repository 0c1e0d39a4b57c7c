import FoundationEssentials
import Platform

/// The monitors in `wlr-randr`'s output (wlroots compositors: Hyprland, river, labwc…).
///
/// Each output starts at the margin (`DP-1 "Dell Inc. …"`), followed by indented
/// properties: `Enabled`, the modes (the current one marked `current`), `Position`
/// (logical pixels, may be negative), `Transform` and `Scale`. Disabled outputs are
/// left out.
public enum WlrRandrOutputs {
    public static func parse(_ text: String) throws(DesktopError) -> [Monitor] {
        struct Output {
            var name: String
            var enabled = true
            var mode: (Int, Int)?
            var position = (0, 0)
            var transform = "normal"
            var scale = 1.0
        }
        var outputs: [Output] = []
        for line in text.split(separator: "\n") {
            if let first = line.first, !first.isWhitespace {
                outputs.append(Output(name: String(line.split(separator: " ")[0])))
                continue
            }
            guard !outputs.isEmpty else { continue }
            let trimmed = line.trimmingSpaces()
            if trimmed.hasPrefix("Enabled:") {
                outputs[outputs.count - 1].enabled = trimmed.hasSuffix("yes")
            } else if trimmed.hasPrefix("Position:") {
                let numbers = trimmed.dropFirst("Position:".count).split(separator: ",").compactMap {
                    Int($0.trimmingSpaces())
                }
                if numbers.count == 2 { outputs[outputs.count - 1].position = (numbers[0], numbers[1]) }
            } else if trimmed.hasPrefix("Transform:") {
                outputs[outputs.count - 1].transform = trimmed.dropFirst("Transform:".count)
                    .trimmingSpaces()
            } else if trimmed.hasPrefix("Scale:") {
                outputs[outputs.count - 1].scale =
                    Double(trimmed.dropFirst("Scale:".count).trimmingSpaces()) ?? 1
            } else if trimmed.contains(" px,"), trimmed.contains("current"),
                let size = XrandrMonitors.size(String(trimmed.prefix { $0 != " " }))
            {
                outputs[outputs.count - 1].mode = (size.width, size.height)
            }
        }
        var monitors: [Monitor] = []
        for output in outputs where output.enabled {
            guard let (width, height) = output.mode, output.scale > 0 else {
                throw .unreadableMonitors(
                    source: "wlr-randr", reason: "the output \(output.name) is enabled but has no current mode")
            }
            let turned = output.transform.hasSuffix("90") || output.transform.hasSuffix("270")
            monitors.append(
                Monitor(
                    name: output.name, width: turned ? height : width, height: turned ? width : height,
                    x: output.position.0, y: output.position.1, scale: output.scale))
        }
        return monitors
    }
}
