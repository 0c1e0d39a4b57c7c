import Escaping
import Platform

/// Who may use the studio: the checks every request passes before any route sees it.
///
/// The page can set the wallpaper and write files, so every request is taken as hostile
/// until it shows, in order:
/// 1. a `Host` naming the loopback at the studio's port (`127.0.0.1`, `localhost`,
///    `[::1]`), so a web page whose name was pointed at 127.0.0.1 (DNS rebinding) is
///    refused even though the browser would send it the cookie;
/// 2. the token, in the query (`?token=…`, swapped for a cookie) or in that cookie, which
///    is `HttpOnly` (no script reads it) and `SameSite=Strict` (no other site's request
///    carries it);
/// 3. under `/api/`, no `Origin` but the page's own, whatever the path, so another page
///    cannot post to the studio even with the cookie.
struct AccessGuard: Sendable {
    let token: StudioToken
    let port: Int

    enum Decision: Equatable {
        case allowed
        /// The token was in the query and was right: answer with a redirect to `location`
        /// (the same path without the token) that sets the cookie.
        case setCookie(location: String)
        case forbidden(String)
    }

    /// The cookie's name carries the port: cookies are shared by every port of a host, and
    /// two studios must not overwrite each other's.
    var cookieName: String { "wallgen-studio-\(port)" }

    /// The loopback names the page may be reached by.
    var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    func decide(path: String, query: String?, host: String?, origin: String?, cookie: String?) -> Decision {
        guard let host, let matched = allowedHosts.first(where: { $0 == host.lowercased() }) else {
            return .forbidden("this address is not the studio's (Host must be 127.0.0.1:\(port) or localhost:\(port))")
        }
        if path.hasPrefix("/api/"), let origin, origin.lowercased() != "http://" + matched {
            return .forbidden("requests from another page are refused")
        }
        if let given = Self.queryValue("token", in: query) {
            guard token.matches(given) else { return .forbidden("wrong token") }
            return .setCookie(location: path)
        }
        if let value = Self.cookieValue(cookieName, in: cookie), token.matches(value) { return .allowed }
        return .forbidden("open the address wallgen studio printed, with its token")
    }

    /// The `Set-Cookie` value given with the token.
    var cookieHeader: String {
        "\(cookieName)=\(token.text); Path=/; HttpOnly; SameSite=Strict"
    }

    /// A `name=value` pair of a query, the value percent-decoded; nil when absent.
    static func queryValue(_ name: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.first == Substring(name) {
                let raw = parts.count > 1 ? String(parts[1]) : ""
                return PercentEncoding.decoded(raw.replacing("+", with: " ")) ?? raw
            }
        }
        return nil
    }

    /// A cookie's value from a `Cookie` header (`a=1; b=2`).
    static func cookieValue(_ name: String, in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0].trimmingSpaces() == name {
                return parts[1].trimmingSpaces()
            }
        }
        return nil
    }
}
