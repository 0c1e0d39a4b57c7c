import Escaping

/// A request's path, percent-decoded by the studio itself and taken as it is: never
/// cleaned into another path, never cut at a NUL.
enum RequestPath: Equatable {
    /// A path the studio may answer: `/`, `/studio.js`, `/api/controls`…
    case plain(String)
    /// A path with `.`, `..` or empty segments (`/../x`, `/%2e%2e/x`, `//x`): answered as the
    /// unknown path it is (404), never cleaned into a known one.
    case unclean
    /// Not a path at all (400): a malformed escape, bytes that are not UTF-8, a NUL or
    /// another control character (`/api/controls%00x` is not `/api/controls`).
    case malformed(String)

    init(raw: String) {
        guard let decoded = PercentEncoding.decoded(raw) else {
            self = .malformed("the path has a malformed escape or is not UTF-8")
            return
        }
        if decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            self = .malformed("the path holds a control character")
            return
        }
        guard decoded.hasPrefix("/") else {
            self = .malformed("the path does not start with /")
            return
        }
        let segments = decoded.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        // `/` alone is one empty segment; anywhere else an empty one is `//`.
        if decoded != "/", segments.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            self = .unclean
            return
        }
        self = .plain(decoded)
    }
}
