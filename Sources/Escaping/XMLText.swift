/// Text and attribute values in XML 1.0: the XMP packet a WebP carries its note in, and
/// GNOME's slideshow and background-properties files.
///
/// Works on Unicode scalars. The five markup characters become entities; tab, line feed
/// and carriage return become character references, so no reader normalises them away;
/// any other control character (C0, DEL, C1), which XML 1.0 cannot carry or discourages,
/// and the noncharacters U+FFFE and U+FFFF, become U+FFFD. The file never holds a
/// control character.
public enum XMLText {
    public static func escape(_ text: String) -> String {
        MarkupText.escape(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t", "\n", "\r": "&#\(scalar.value);"
            case "\u{FFFE}", "\u{FFFF}": "\u{FFFD}"
            default: nil
            }
        }
    }

    /// Undoes XML escaping, by Unicode scalar: the five named entities and numeric
    /// character references. An unknown or broken reference makes the whole value
    /// unreadable (nil).
    public static func unescape(_ text: Substring) -> String? {
        var out = ""
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "&" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            var name = ""
            var ended = false
            while let next = scalars.next() {
                if next == ";" {
                    ended = true
                    break
                }
                name.unicodeScalars.append(next)
                if name.unicodeScalars.count > 10 { return nil }
            }
            guard ended else { return nil }
            switch name {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            default:
                guard name.hasPrefix("#") else { return nil }
                let digits = name.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                guard let value, let decoded = Unicode.Scalar(value) else { return nil }
                out.unicodeScalars.append(decoded)
            }
        }
        return out
    }
}
