/// Text and quoted attribute values in an HTML page.
///
/// Works on Unicode scalars: a `"` followed by a combining mark is one Swift
/// `Character`, and an escaper that compared `Character`s let it through and ended the
/// attribute. Every scalar that can end an element or an attribute (`&`, `<`, `>`, `"`,
/// `'`, and the backtick old browsers quoted with) becomes a character reference; a
/// control character other than tab, line feed and carriage return, which HTML calls a
/// parse error, becomes U+FFFD. Everything else, combining marks included, is kept.
public enum HTMLText {
    public static func escape(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "`": out += "&#96;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where ControlCharacters.isControl(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// What the escapers call a control character: C0 (U+0000–U+001F), DEL and C1
/// (U+0080–U+009F, which terminals read as commands too: U+009B is CSI).
enum ControlCharacters {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
