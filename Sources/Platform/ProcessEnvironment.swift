import Glibc

/// The environment wallgen started with, read once.
///
/// `ProcessInfo.processInfo.environment` builds a new dictionary on every call (about
/// 350,000 instructions for three dozen variables), and a card asked for it seven times
/// before its picture started decoding. wallgen never changes its own environment, so
/// one copy, made on first use, serves every reader. (A test that sets a variable for
/// code already running reads it with `getenv`, as `TestHook` does.)
public enum ProcessEnvironment {
    public static let variables: [String: String] = read(environ)

    /// Where temporary files go: `TMPDIR` when set and not empty, else `/tmp`.
    public static var temporaryFolder: String {
        variables["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// Every `NAME=value` entry of a NULL-terminated list like `environ`. When a name
    /// comes twice, the first counts, as with `getenv`; an entry without `=` names
    /// nothing and is skipped. Bytes that are not UTF-8 become U+FFFD, as in
    /// `ProcessInfo`.
    public static func read(_ entries: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> [String: String] {
        var variables: [String: String] = [:]
        var entry = entries
        while let text = entry.pointee {
            if let equals = strchr(text, Int32(UInt8(ascii: "="))) {
                let nameLength = text.distance(to: equals)
                let name = String(decoding: UnsafeRawBufferPointer(start: text, count: nameLength), as: UTF8.self)
                if variables[name] == nil {
                    variables[name] = String(
                        decoding: UnsafeRawBufferPointer(start: equals + 1, count: strlen(equals + 1)), as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
