/// Words for a shell, and for the terminal that shows them: dry runs, the command
/// `inspect` prints, and the completion scripts.
///
/// Works on Unicode scalars. A word of plain characters is left as it is; one holding a
/// control character (C0, DEL, C1) or an invisible or direction-changing mark is written
/// in `$'…'` quoting (bash, zsh, ksh and POSIX.1-2024 read it) with each such scalar as
/// an escape, so a carriage return or an escape sequence cannot move the cursor and hide
/// what follows on screen; any other word is single-quoted.
public enum ShellQuoting {
    /// One argument, quoted only when it needs to be: `'it'\''s'` for `it's`,
    /// `$'a\rb'` for a carriage return.
    public static func quote(_ argument: String) -> String {
        let scalars = argument.unicodeScalars
        if scalars.contains(where: needsEscape) { return ansiQuoted(scalars) }
        let plain = scalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./:=@%+,".unicodeScalars.contains($0)
        }
        if plain && !argument.isEmpty { return argument }
        var out = "'"
        for scalar in scalars {
            if scalar == "'" { out += "'\\''" } else { out.unicodeScalars.append(scalar) }
        }
        return out + "'"
    }

    /// A whole command line.
    public static func line(_ argv: [String]) -> String {
        argv.map(quote).joined(separator: " ")
    }

    /// Text inside a single-quoted zsh `_arguments` spec: the quote closed and reopened,
    /// `[`, `]`, `:` and `\` escaped, control characters dropped.
    public static func zshSpecText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "'": out += "'\\''"
            case "[", "]", ":", "\\":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case _ where needsEscape(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A fish single-quoted string: `\` and `'` escaped, control characters dropped.
    public static func fishQuoted(_ text: String) -> String {
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\", "'":
                out += "\\"
                out.unicodeScalars.append(scalar)
            case _ where needsEscape(scalar): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    /// Control characters, and the marks that hide or reorder text on screen: zero-width
    /// spaces and joiners, bidirectional embeddings, overrides and isolates.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isControl(scalar) || (0x200B...0x200F).contains(scalar.value)
            || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0xFEFF
    }

    private static func ansiQuoted(_ scalars: String.UnicodeScalarView) -> String {
        var out = "$'"
        for scalar in scalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "'": out += "\\'"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x80 && needsEscape(scalar): out += "\\x" + hex(scalar.value, digits: 2)
            case _ where needsEscape(scalar): out += "\\u" + hex(scalar.value, digits: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "'"
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
