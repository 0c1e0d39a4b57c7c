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
}
