/// The Content-Security-Policy wallgen's pages carry: the gallery's, written into its file
/// as a `<meta>` element, and the studio's, sent by its server as a header.
///
/// Nothing may load but the page's own pictures (`img-src 'self'`), and no script or
/// style runs but the page's own: a file page's named by its SHA-256, a served page's
/// files from its own server. An attribute or a link that slipped through escaping still
/// could not run script, and a `javascript:` link is refused by the browser. A page needs
/// no network beyond that (`default-src 'none'`), has no base to change and no form to
/// send.
public enum ContentSecurityPolicy {
    /// The `<meta http-equiv>` element for a page whose only script and style are the
    /// exact texts of its `<script>` and `<style>` elements (either may be absent).
    public static func metaElement(script: String? = nil, style: String? = nil) -> String {
        "<meta http-equiv=\"Content-Security-Policy\" content=\"" + policy(script: script, style: style) + "\">"
    }

    /// The policy of a page written to a file, its script and style inline.
    public static func policy(script: String? = nil, style: String? = nil) -> String {
        policy(script: script.map(Code.inline) ?? .none, style: style.map(Code.inline) ?? .none, served: false)
    }

    /// The policy of the page wallgen's own server sends (the studio), as its header: the
    /// script and style are files of that server, the page fetches from it (`connect-src
    /// 'self'`) and shows the pictures it gets as `blob:` and `data:` URLs, and no other
    /// page may frame it (`frame-ancestors`, which only a header can say).
    public static let servedPage = policy(script: .sameOrigin, style: .sameOrigin, served: true)

    /// Where a page's script or style comes from.
    enum Code {
        /// It has none.
        case none
        /// The exact text of its own element, named by its SHA-256.
        case inline(String)
        /// Files of the server that served the page.
        case sameOrigin

        var source: String {
            switch self {
            case .none: "'none'"
            case .inline(let text): "'sha256-\(SHA256.base64Digest(of: Array(text.utf8)))'"
            case .sameOrigin: "'self'"
            }
        }
    }

    static func policy(script: Code, style: Code, served: Bool) -> String {
        var directives = [
            "default-src 'none'", served ? "img-src 'self' blob: data:" : "img-src 'self'", "style-src \(style.source)",
            "script-src \(script.source)",
        ]
        if served { directives.append("connect-src 'self'") }
        directives += ["base-uri 'none'", "form-action 'none'"]
        if served { directives.append("frame-ancestors 'none'") }
        return directives.joined(separator: "; ")
    }
}
