/// JSON strings as wallgen writes them (notes, reports, schedules, the pages' data).
///
/// Works on Unicode scalars. `"` and `\` are escaped, and so is every control character
/// (C0, DEL and C1) and U+2028/U+2029, as `\n`, `\t` or `\u00XX`: the text stays one line,
/// and a note printed by `inspect --json` cannot send a terminal a command. `inScript`
/// also writes `<`, `>` and `&` as `\u` escapes, for JSON inside a page's `<script>`
/// element, which nothing in the text can then close.
public enum JSONText {
    public static func quoted(_ text: String, inScript: Bool = false) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where inScript && (scalar == "<" || scalar == ">" || scalar == "&"): out += unicodeEscape(scalar)
            case "\u{2028}", "\u{2029}": out += unicodeEscape(scalar)
            case _ where ControlCharacters.isControl(scalar): out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `\u00XX`, in lowercase hexadecimal.
    private static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
