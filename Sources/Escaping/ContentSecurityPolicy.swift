/// The Content-Security-Policy wallgen's pages carry, as a `<meta>` element.
///
/// Nothing may load but the page's own pictures (`img-src 'self'`), and no script or
/// style runs but the page's own, named by its SHA-256: an attribute or a link that
/// slipped through escaping still could not run script, and a `javascript:` link is
/// refused by the browser. The page needs no network (`default-src 'none'`), has no
/// base to change and no form to send.
public enum ContentSecurityPolicy {
    /// The `<meta http-equiv>` element for a page whose only script and style are the
    /// exact texts of its `<script>` and `<style>` elements (either may be absent).
    public static func metaElement(script: String? = nil, style: String? = nil) -> String {
        "<meta http-equiv=\"Content-Security-Policy\" content=\"" + policy(script: script, style: style) + "\">"
    }

    /// The policy itself.
    public static func policy(script: String? = nil, style: String? = nil) -> String {
        func source(_ text: String?) -> String {
            text.map { "'sha256-\(SHA256.base64Digest(of: Array($0.utf8)))'" } ?? "'none'"
        }
        return "default-src 'none'; img-src 'self'; style-src \(source(style)); script-src \(source(script)); "
            + "base-uri 'none'; form-action 'none'"
    }
}
