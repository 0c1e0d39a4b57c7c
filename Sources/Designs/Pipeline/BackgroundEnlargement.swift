import Compositor

/// Spotting a background picture blown up far past its own size.
///
/// A 50x40 picture stretched over a phone screen renders fine but looks like fog; the
/// person chose it and may not know. The render still succeeds: this is a warning.
enum BackgroundEnlargement {
    /// Beyond this many times its size, a picture's softness shows.
    static let limit = 4.0

    /// The warning for `picture` covering `canvas`, or nil when it is enlarged at most `limit` times.
    static func warning(_ picture: DecodedPicture, _ canvas: Image) -> String? {
        guard picture.fullWidth > 0, picture.fullHeight > 0 else { return nil }
        let factor = max(
            Double(canvas.width) / Double(picture.fullWidth), Double(canvas.height) / Double(picture.fullHeight))
        guard factor > limit else { return nil }
        return
            "Warning: the background is \(picture.fullWidth)x\(picture.fullHeight), enlarged \(Int(factor.rounded())) times to cover \(canvas.width)x\(canvas.height); it will look soft"
    }
}
