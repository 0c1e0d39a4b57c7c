import Escaping
import Platform

/// Who may use the studio: the checks every request passes before any route sees it.
///
/// The page can set the wallpaper and write files, so every request is taken as hostile
/// until it shows, in order:
/// 1. one `Host`, naming the loopback at the studio's port (`127.0.0.1`, `localhost`,
///    `[::1]`), so a web page whose name was pointed at 127.0.0.1 (DNS rebinding) is
///    refused; and at most one `Origin` (a second is never taken for the first);
/// 2. under `/api/`, no `Origin` but the page's own, so another page cannot post to the
///    studio;
/// 3. under `/api/`, the token in the `X-Wallgen-Token` header. The page keeps it in its
///    tab's sessionStorage, which no other origin (another port of 127.0.0.1 included) can
///    read, and sends it itself; it is never a cookie, because a browser sends a cookie
///    for 127.0.0.1 to every port there, to any local server the person visits. A header
///    of its own also means no other site's page can send a request carrying it.
///
/// The page's three files carry no secret and are served on the Host check alone; the
/// launcher's `POST /launch` is its route's to check (the token arrives in its form).
struct AccessGuard: Sendable {
    let token: StudioToken
    let port: Int

    /// The header every API request carries the token in.
    static let tokenHeader = "X-Wallgen-Token"

    enum Decision: Equatable {
        case allowed
        /// Refused for who is asking (403).
        case forbidden(String)
        /// Refused for how it is asked (400): a header twice, a path that is not one.
        case badRequest(String)
    }

    /// What the guard reads of a request.
    struct Request {
        var method: String
        var path: RequestPath
        /// Every `Host` and `Origin` sent, in order (one of each at most is allowed).
        var hosts: [String]
        var origins: [String]
        var token: String?
    }

    /// The loopback names the page may be reached by.
    var allowedHosts: [String] { ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"] }

    /// The paths served without the token: the page, which holds no secret.
    static let openPaths: Set<String> = ["/", "/studio.js", "/studio.css", "/launch"]

    func decide(_ request: Request) -> Decision {
        if case .malformed(let reason) = request.path { return .badRequest(reason) }
        guard request.hosts.count <= 1, request.origins.count <= 1 else {
            return .badRequest("a request may carry one Host and one Origin")
        }
        guard let host = request.hosts.first, let matched = allowedHosts.first(where: { $0 == host.lowercased() })
        else {
            return .forbidden("this address is not the studio's (Host must be 127.0.0.1:\(port) or localhost:\(port))")
        }
        guard case .plain(let path) = request.path, Self.openPaths.contains(path) else {
            if let origin = request.origins.first, origin.lowercased() != "http://" + matched {
                return .forbidden("requests from another page are refused")
            }
            guard let given = request.token, token.matches(given) else {
                return .forbidden("open the address wallgen studio printed, with its token")
            }
            return .allowed
        }
        return .allowed
    }

    /// A `name=value` pair of a query or a form body, the value percent-decoded; nil when absent.
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
}
