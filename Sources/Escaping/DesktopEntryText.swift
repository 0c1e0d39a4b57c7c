/// One argument of a Desktop Entry's `Exec=` value (Desktop Entry Specification, "The
/// Exec key"): the XDG autostart entry that applies the schedule's picture at login.
///
/// Works on Unicode scalars. An argument is written as it is when it holds none of the
/// spec's reserved characters (space, tab, line feed, `"`, `'`, `\`, `>`, `<`, `~`, `|`,
/// `&`, `;`, `$`, `*`, `?`, `#`, `(`, `)` and `` ` ``), else double-quoted, with `"`,
/// `` ` ``, `$` and `\` taking a backslash inside the quotes. Then, as for every string
/// value of the file, each backslash is doubled (so a literal backslash is four), and `%`
/// is written `%%` (field codes). An `Exec=` line cannot carry a control character (C0
/// or DEL): an argument holding one has no escaped form (nil).
public enum DesktopEntryText {
    public static func execArgument(_ argument: String) -> String? {
        let scalars = argument.unicodeScalars
        guard !scalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        var quoted = ""
        if scalars.isEmpty || scalars.contains(where: isReserved) {
            quoted = "\""
            for scalar in scalars {
                if scalar == "\"" || scalar == "`" || scalar == "$" || scalar == "\\" { quoted += "\\" }
                quoted.unicodeScalars.append(scalar)
            }
            quoted += "\""
        } else {
            quoted = argument
        }
        var out = ""
        for scalar in quoted.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "%": out += "%%"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The characters that make the spec quote an argument.
    private static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`": true
        default: false
        }
    }
}
