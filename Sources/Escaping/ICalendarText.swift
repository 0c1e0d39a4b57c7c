/// The text rules of iCalendar (RFC 5545 §3.1 and §3.3.11): escaping TEXT values and
/// folding long content lines.
///
/// Kept apart from the feed so the two rules can be tested on their own, at their edges.
public enum ICalendarText {
    /// Escapes a TEXT value: backslash, semicolon, comma and line breaks (§3.3.11), by
    /// Unicode scalar.
    ///
    /// A CR LF or a lone CR counts as one line break, so text from any platform reads back
    /// with the same lines. Any other control character but a tab, which TEXT may not
    /// hold (§3.3.11, CONTROL), becomes U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\r": out += "\\n"
            case "\n": if !previousWasCR { out += "\\n" }
            case "\t": out.unicodeScalars.append(scalar)
            case _ where ControlCharacters.isControl(scalar): out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Folds one content line (without its CR LF) into lines of at most 75 octets,
    /// each continuation starting with a space (§3.1), never splitting a UTF-8 sequence.
    public static func fold(_ line: String) -> String {
        var result = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let width = String(scalar).utf8.count
            if octets + width > 75 {
                result += "\r\n "
                octets = 1
            }
            result.unicodeScalars.append(scalar)
            octets += width
        }
        return result
    }
}
