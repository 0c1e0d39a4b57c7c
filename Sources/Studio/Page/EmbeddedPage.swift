/// The page, compiled into the binary (`.embedInCode` in Package.swift), so `wallgen`
/// stays one file: nothing else is ever served as a file.
enum EmbeddedPage {
    struct Asset {
        let mediaType: String
        let bytes: [UInt8]
    }

    /// Every path that serves a part of the page; any other path is 404.
    static let assets: [String: Asset] = [
        "/": Asset(mediaType: "text/html; charset=utf-8", bytes: PackageResources.studio_html),
        "/studio.css": Asset(mediaType: "text/css; charset=utf-8", bytes: PackageResources.studio_css),
        "/studio.js": Asset(mediaType: "text/javascript; charset=utf-8", bytes: PackageResources.studio_js),
    ]

    /// The page loads only its own script and style and talks only to its own server;
    /// pictures come from the server or from blobs the page made of its answers.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; "
        + "form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
}
