/// Text in a roff document (the man macros): the manual page `wallgen man` writes.
///
/// Works on Unicode scalars: a backslash becomes `\e`, a hyphen `\-` (a minus sign,
/// which people copy from options), a line that would start with `.` or `'` (a request)
/// starts with `\&` instead, and a control character other than a line feed or tab is
/// dropped.
public enum RoffText {
    public static func escape(_ text: String) -> String {
        var out = ""
        var lineStart = true
        for scalar in text.unicodeScalars {
            if lineStart && (scalar == "." || scalar == "'") { out += "\\&" }
            lineStart = scalar == "\n"
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            case _ where ControlCharacters.isControl(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
