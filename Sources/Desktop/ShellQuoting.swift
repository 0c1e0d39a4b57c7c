import Foundation

/// Quotes argv for a POSIX shell, so a dry run prints lines a user can paste.
public enum ShellQuoting {
    /// One argument, quoted only when it needs to be: `'it'\''s'` for `it's`.
    public static func quote(_ argument: String) -> String {
        let plain = argument.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                || "-_./:=@%+,".unicodeScalars.contains($0)
        }
        if plain && !argument.isEmpty { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// A whole command line.
    public static func line(_ argv: [String]) -> String {
        argv.map(quote).joined(separator: " ")
    }
}
