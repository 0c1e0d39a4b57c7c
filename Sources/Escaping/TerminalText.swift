/// A status or error line for a terminal, when it may hold text from data (an output
/// name from a manifest, a reason from a report).
///
/// Works on Unicode scalars: a control character other than a line feed or tab, and the
/// marks that hide or reorder text (zero-width, bidirectional), are shown as escapes
/// (`\r`, `\x1B`, `\u009B`, `\u202E`), so no name can move the cursor, clear the
/// screen or hide the rest of a line. Everything else is kept.
public enum TerminalText {
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && ShellQuoting.needsEscape($0) })
        else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case "\r": out += "\\r"
            case _ where ShellQuoting.needsEscape(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out +=
                    scalar.value < 0x80
                    ? "\\x" + (hex.count < 2 ? "0" : "") + hex
                    : "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
