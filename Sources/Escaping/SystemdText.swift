/// One argument of a systemd unit's command line (`ExecStart=`, systemd.service(5),
/// "Command lines"), double-quoted.
///
/// Works on Unicode scalars: C-style escapes for `\`, `"` and control characters (a C1
/// character as the `\x` escapes of its UTF-8 bytes), `%%` for a literal percent sign
/// (specifiers) and `$$` for a literal dollar sign (variables). systemd expands
/// variables in the arguments but not in the executable's path, so there a dollar sign
/// stays as it is (checked with `systemd-analyze verify`).
public enum SystemdText {
    public static func quote(_ argument: String, isExecutable: Bool = false) -> String {
        var out = "\""
        for scalar in argument.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "%": out += "%%"
            case "$": out += isExecutable ? "$" : "$$"
            case _ where ControlCharacters.isControl(scalar):
                for byte in String(scalar).utf8 {
                    let hex = String(byte, radix: 16)
                    out += "\\x" + (hex.count < 2 ? "0" : "") + hex
                }
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
