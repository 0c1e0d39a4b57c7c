import Escaping
import FoundationEssentials
import Platform

/// The monitors in GNOME's `monitors.xml` (`$XDG_CONFIG_HOME/monitors.xml`), which
/// Mutter writes when the displays are arranged in Settings.
///
/// The file holds one `<configuration>` per set of monitors ever connected; the one
/// whose connectors (enabled and `<disabled>`) are exactly the connected ones is in
/// use. Each `<logicalmonitor>` has `x`, `y` (logical pixels unless the
/// configuration's `<layoutmode>` is `physical`), `scale`, `primary`, an optional
/// `<transform><rotation>` (`left` and `right` turn it), and its monitors (more than
/// one when mirrored), each with its connector and `<mode>` in pixels.
public enum GnomeMonitorsXML {
    /// `connected`: the connectors the kernel reports connected, to choose the
    /// configuration in use; nil when unknown (then the file must hold one).
    public static func parse(_ text: String, connected: Set<String>?) throws(DesktopError) -> [Monitor] {
        func refuse(_ reason: String) -> DesktopError { .unreadableMonitors(source: "monitors.xml", reason: reason) }
        guard let root = SimpleXML.parse(text), root.name == "monitors" else {
            throw refuse("not a <monitors> document")
        }
        let configurations = root.children("configuration")
        guard !configurations.isEmpty else { throw refuse("it holds no <configuration>") }
        func connectors(_ configuration: SimpleXML.Element) -> Set<String> {
            Set(configuration.descendants("connector").map(\.text))
        }
        let chosen: SimpleXML.Element
        if configurations.count == 1 {
            chosen = configurations[0]
        } else if let connected, let match = configurations.first(where: { connectors($0) == connected }) {
            chosen = match
        } else {
            let sets = configurations.map { connectors($0).sorted().joined(separator: "+") }
            let known = connected.map { " (connected: " + $0.sorted().joined(separator: ", ") + ")" } ?? ""
            throw refuse(
                "it holds \(configurations.count) configurations (\(sets.joined(separator: "; "))) and none is the connected monitors'\(known)"
            )
        }
        let isPhysical = chosen.children("layoutmode").first?.text == "physical"
        var monitors: [Monitor] = []
        for logical in chosen.children("logicalmonitor") {
            guard let x = Int(logical.value("x") ?? ""), let y = Int(logical.value("y") ?? "") else {
                throw refuse("a <logicalmonitor> has no x or y")
            }
            let scale = Double(logical.value("scale") ?? "1") ?? 1
            let rotation = logical.children("transform").first?.value("rotation") ?? "normal"
            let turned = rotation == "left" || rotation == "right"
            for monitor in logical.children("monitor") {
                guard let connector = monitor.children("monitorspec").first?.value("connector"),
                    let mode = monitor.children("mode").first, let width = Int(mode.value("width") ?? ""),
                    let height = Int(mode.value("height") ?? ""), width > 0, height > 0, scale > 0
                else { throw refuse("a <monitor> has no connector or mode") }
                monitors.append(
                    Monitor(
                        name: connector, width: turned ? height : width, height: turned ? width : height, x: x, y: y,
                        scale: isPhysical ? 1 : scale, isPrimary: logical.value("primary") == "yes"))
            }
        }
        return monitors
    }
}

/// Just enough XML for monitors.xml: elements and their text; attributes, comments,
/// declarations and entities other than the five predefined ones are skipped.
enum SimpleXML {
    final class Element {
        let name: String
        var text = ""
        var elements: [Element] = []

        init(name: String) { self.name = name }

        func children(_ name: String) -> [Element] { elements.filter { $0.name == name } }
        func descendants(_ name: String) -> [Element] {
            elements.flatMap { ($0.name == name ? [$0] : []) + $0.descendants(name) }
        }
        /// The trimmed text of the first child called `name`.
        func value(_ name: String) -> String? { children(name).first?.text }
    }

    static func parse(_ text: String) -> Element? {
        let document = Element(name: "")
        var stack = [document]
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "<") {
            stack[stack.count - 1].text += unescape(rest[..<open])
            rest = rest[open...]
            if rest.hasPrefix("<!--") {
                guard let end = rest.firstRange(of: "-->") else { return nil }
                rest = rest[end.upperBound...]
                continue
            }
            guard let close = rest.firstIndex(of: ">") else { return nil }
            let tag = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let name = tag.dropFirst().trimmingSpaces()
                guard stack.count > 1, stack[stack.count - 1].name == name else { return nil }
                let finished = stack.removeLast()
                finished.text = finished.text.trimmingWhitespace()
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
            guard !name.isEmpty else { return nil }
            let element = Element(name: name)
            stack[stack.count - 1].elements.append(element)
            if !selfClosing { stack.append(element) }
        }
        guard stack.count == 1, document.elements.count == 1 else { return nil }
        return document.elements[0]
    }

    private static func unescape(_ text: Substring) -> String {
        XMLText.unescape(text) ?? String(text)
    }
}
