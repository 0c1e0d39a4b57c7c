/// The formats of the pictures wallgen applies, as far as a desktop's setter cares.
///
/// The Desktop library knows no pixels: what a file holds is found out by the caller
/// (`PictureWork`), which decodes it. A GNOME slideshow is XML and is recognised here.
public enum PictureFormat: String, Sendable, CaseIterable {
    case png, jpeg, webp, heif

    /// The extension a stored copy gets.
    public var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .webp: "webp"
        case .heif: "heic"
        }
    }

    /// The name messages use.
    public var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .heif: "HEIF"
        }
    }
}

/// What a file given to `apply` turned out to be.
public enum PictureKind: Sendable, Equatable {
    case picture(PictureFormat)
    /// A GNOME timed background; `spanned` when wallgen wrote it for one picture across
    /// every monitor (it then says so in a comment, `GnomeTimedBackground.spannedMark`).
    case gnomeSlideshow(spanned: Bool)

    /// Whether `bytes` are a GNOME slideshow: XML whose first element is `<background>`.
    /// Only the start is read; what it lists is for the desktop to load.
    static func slideshow(_ bytes: [UInt8]) -> PictureKind? {
        let start = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var rest = Substring(start)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        rest = rest.drop { $0.isWhitespace }
        guard rest.hasPrefix("<?xml") || rest.hasPrefix("<background") || rest.hasPrefix("<!--") else { return nil }
        // The first element after the declaration and comments.
        var scan = rest
        while let open = scan.firstIndex(of: "<") {
            let tag = scan[open...]
            if tag.hasPrefix("<?") || tag.hasPrefix("<!--") || tag.hasPrefix("<!") {
                let closing = tag.hasPrefix("<!--") ? "-->" : ">"
                guard let end = tag.firstRange(of: closing) else { return nil }
                scan = tag[end.upperBound...]
                continue
            }
            guard tag.hasPrefix("<background") else { return nil }
            return .gnomeSlideshow(spanned: start.contains(GnomeTimedBackground.spannedMark))
        }
        return nil
    }
}
