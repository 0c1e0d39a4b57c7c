/// The monitors in `xrandr --query`'s output (X11).
///
/// A connected, enabled output's line carries its place in the screen as
/// `WIDTHxHEIGHT+X+Y` (already turned when the monitor is rotated); the mode marked `*`
/// below it is the monitor's own pixels. They differ when xrandr scales the output
/// (`--scale`), which makes its `scale` (pixels per screen pixel) other than 1. An
/// output that is connected but has no position is switched off and left out.
public enum XrandrMonitors {
    public static func parse(_ text: String) -> [Monitor] {
        var monitors: [Monitor] = []
        // The output being read: name, rectangle, turned on its side, primary.
        var current: (name: String, rect: PixelRect, turned: Bool, primary: Bool)?
        var mode: (width: Int, height: Int)?
        func finish() {
            guard let output = current else { return }
            var pixels = (width: output.rect.width, height: output.rect.height)
            if let mode { pixels = output.turned ? (mode.height, mode.width) : mode }
            let scale = output.rect.width > 0 ? Double(pixels.width) / Double(output.rect.width) : 1
            monitors.append(
                Monitor(
                    name: output.name, width: pixels.width, height: pixels.height, x: output.rect.x, y: output.rect.y,
                    scale: scale, isPrimary: output.primary))
            current = nil
            mode = nil
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let words = line.split(separator: " ")
            if line.first == " " || line.first == "\t" {
                // A mode line: "   1920x1080     60.00*+  50.00"; the current one has a '*'.
                guard current != nil, words.dropFirst().contains(where: { $0.contains("*") }),
                    let size = words.first.flatMap({ size(String($0)) })
                else { continue }
                mode = size
                continue
            }
            finish()
            guard words.count >= 2, words[1] == "connected" else { continue }
            let rest = words.dropFirst(2)
            guard let geometry = rest.lazy.compactMap({ rectangle(String($0)) }).first else { continue }
            // The rotation word follows the geometry, before the parenthesis.
            let afterGeometry = rest.drop { rectangle(String($0)) == nil }.dropFirst()
            let rotation = afterGeometry.first.map(String.init) ?? ""
            current = (
                String(words[0]), geometry, rotation == "left" || rotation == "right", rest.contains("primary")
            )
        }
        finish()
        return monitors
    }

    /// `1920x1080` (a mode name may end in `i` for interlaced).
    static func size(_ word: String) -> (width: Int, height: Int)? {
        let parts = word.split(separator: "x", maxSplits: 1)
        guard parts.count == 2, let width = Int(parts[0]),
            let height = Int(parts[1].prefix { $0.isASCII && $0.isNumber })
        else { return nil }
        return (width, height)
    }

    /// `2560x1440+1920+0` (X11 positions are never negative, but `-` is read too).
    static func rectangle(_ word: String) -> PixelRect? {
        guard let size = word.firstIndex(where: { $0 == "+" || $0 == "-" }),
            let dimensions = Self.size(String(word[..<size])), word[..<size].allSatisfy({ $0 != "i" })
        else { return nil }
        let offsets = MonitorLines.offsets(String(word[size...]))
        guard let (x, y) = offsets else { return nil }
        return PixelRect(x: x, y: y, width: dimensions.width, height: dimensions.height)
    }
}
