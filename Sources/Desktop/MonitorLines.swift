/// The simplest way to write a layout down, one monitor per line:
/// `NAME WIDTHxHEIGHT+X+Y`, optionally followed by `scale S` (pixels per layout unit);
/// `#` starts a comment. For `--monitors FILE` when no tool's recording is at hand.
public enum MonitorLines {
    public static func parse(_ text: String) throws(DesktopError) -> [Monitor] {
        var monitors: [Monitor] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.prefix { $0 != "#" }
            let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
            guard !words.isEmpty else { continue }
            func refuse() -> DesktopError {
                .unreadableMonitors(
                    source: "the monitor list",
                    reason: "line \(index + 1) is not 'NAME WIDTHxHEIGHT+X+Y [scale S]': '\(rawLine)'")
            }
            guard words.count == 2 || words.count == 4, let rect = XrandrMonitors.rectangle(words[1]),
                rect.width > 0, rect.height > 0
            else { throw refuse() }
            var scale = 1.0
            if words.count == 4 {
                guard words[2] == "scale", let given = Double(words[3]), given > 0, given.isFinite else {
                    throw refuse()
                }
                scale = given
            }
            monitors.append(
                Monitor(name: words[0], width: rect.width, height: rect.height, x: rect.x, y: rect.y, scale: scale))
        }
        return monitors
    }

    /// `+1920+0`, `-1920+0`, `+0-1080`: two signed offsets.
    static func offsets(_ text: String) -> (Int, Int)? {
        guard let first = text.first, first == "+" || first == "-" else { return nil }
        let rest = text.dropFirst()
        guard let split = rest.firstIndex(where: { $0 == "+" || $0 == "-" }) else { return nil }
        let xText = String(text[text.startIndex..<split])
        let yText = String(rest[split...])
        guard let x = Int(xText.hasPrefix("+") ? String(xText.dropFirst()) : xText),
            let y = Int(yText.hasPrefix("+") ? String(yText.dropFirst()) : yText)
        else { return nil }
        return (x, y)
    }
}
