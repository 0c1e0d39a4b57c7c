/// A file's path, relative to a page, as the `href` or `src` that links to it.
///
/// Each part is percent-encoded byte by byte from its UTF-8: only letters, digits and
/// `-._~` stay as they are. A colon is always encoded, so no part can be read as a
/// scheme (`javascript:alert(1)` becomes `javascript%3Aalert(1)`, a file beside the
/// page); `?`, `#` and spaces stay part of the name; empty and `.` parts are dropped and
/// a `..` part is encoded, so the link never climbs out of the page's folder. The result
/// holds nothing that HTML would need to escape.
public enum LinkPath {
    public static func relative(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .map { part in part == ".." ? "%2E%2E" : encode(part.utf8) }
            .joined(separator: "/")
    }

    private static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
