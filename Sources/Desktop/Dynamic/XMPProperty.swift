import Escaping

/// A simple property's value in an XMP packet, written either as an attribute of
/// `rdf:Description` (`ns:name="value"`) or as an element (`<ns:name>value</ns:name>`),
/// the two forms writers use. Only what the dynamic-wallpaper formats need: a prefixed
/// name and a text value, XML entities undone.
enum XMPProperty {
    static func value(of name: String, in packet: String) -> String? {
        if let attribute = attributeValue(of: name, in: packet) { return attribute }
        guard let open = packet.firstRange(of: "<\(name)>"),
            let close = packet[open.upperBound...].firstRange(of: "</\(name)>")
        else { return nil }
        return XMLText.unescape(packet[open.upperBound..<close.lowerBound])
    }

    /// Scanned on Unicode scalars, so a combining mark after a quote cannot hide it.
    private static func attributeValue(of name: String, in packet: String) -> String? {
        let scalars = Array(packet.unicodeScalars)
        let wanted = Array(name.unicodeScalars)
        func isSpace(_ scalar: Unicode.Scalar) -> Bool { [" ", "\t", "\n", "\r"].contains(scalar) }
        var position = 0
        while position + wanted.count <= scalars.count {
            defer { position += 1 }
            guard scalars[position..<position + wanted.count].elementsEqual(wanted),
                position == 0 || isSpace(scalars[position - 1])
            else { continue }
            var cursor = position + wanted.count
            while cursor < scalars.count, isSpace(scalars[cursor]) { cursor += 1 }
            guard cursor < scalars.count, scalars[cursor] == "=" else { continue }
            cursor += 1
            while cursor < scalars.count, isSpace(scalars[cursor]) { cursor += 1 }
            guard cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" else { continue }
            let quote = scalars[cursor]
            guard let end = scalars[(cursor + 1)...].firstIndex(of: quote) else { return nil }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[(cursor + 1)..<end])
            return XMLText.unescape(text[...])
        }
        return nil
    }
}
