import Compositor

/// A picture as the bytes that show it in a terminal: fitted to the window
/// (`TerminalGeometry.fit`), resampled to that size (Lanczos-3), and written in `preview`'s
/// protocol. Transparent parts show as over black.
public enum TerminalPreview {
    public static func bytes(
        of picture: Image, as preview: PreviewProtocol, in geometry: TerminalGeometry, trueColour: Bool = true
    ) throws(ImageEncodingError) -> [UInt8] {
        let placement = geometry.fit(width: picture.width, height: picture.height, for: preview)
        let fitted = fitted(picture, placement)
        switch preview {
        case .kitty:
            let png = try OutputEncoding.png(.fast).encode(fitted)
            return KittyGraphics.sequence(png: png)
        case .iterm:
            let png = try OutputEncoding.png(.fast).encode(fitted)
            return ITermInlineImage.sequence(png: png, width: placement.width, height: placement.height)
        case .sixel:
            return Sixel.sequence(fitted)
        case .blocks:
            return HalfBlocks.sequence(fitted, trueColour: trueColour)
        }
    }

    /// The picture fitted to the window as a PNG, for kitty to read from a file.
    public static func fittedPNG(of picture: Image, in geometry: TerminalGeometry) throws(ImageEncodingError)
        -> [UInt8]
    {
        let placement = geometry.fit(width: picture.width, height: picture.height, for: .kitty)
        return try OutputEncoding.png(.fast).encode(fitted(picture, placement))
    }

    private static func fitted(_ picture: Image, _ placement: TerminalGeometry.Placement) -> Image {
        guard placement.width != picture.width || placement.height != picture.height else { return picture }
        return Resampler.resample(
            picture, crop: SourceRect(x: 0, y: 0, width: Double(picture.width), height: Double(picture.height)),
            width: placement.width, height: placement.height)
    }
}
