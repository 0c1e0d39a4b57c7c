/// Writes JavaScript string literals, for the script KDE Plasma runs.
///
/// Escaping works on Unicode scalars: everything outside printable ASCII becomes
/// `\uXXXX` (a pair of them above U+FFFF), so the script is ASCII whatever the path,
/// and U+2028 and U+2029, which end a line in older engines' strings, cannot break it.
public enum JavaScriptText {
    /// `"…"` holding `text` exactly.
    public static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 { out += "\\u" + hex4(unit) }
            }
        }
        return out + "\""
    }

    private static func hex4(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }
}
