import Compositor

/// Spotting a picture blown up past its own size.
///
/// A 50x40 picture stretched over a phone screen renders fine but looks like fog; the
/// person chose it and may not know. The render still succeeds: this is a warning.
/// wallgen's own pictures (3200x2400) are painted to be seen at most a little enlarged:
/// past `bundledLimit` (a 5K or 6K monitor, 32:9) they look soft, and the warning names
/// the largest size of the same shape they cover sharply.
enum BackgroundEnlargement {
    /// Beyond this many times its size, a person's own picture looks like fog.
    static let limit = 4.0
    /// Beyond this many times its size, a bundled picture looks soft.
    static let bundledLimit = 1.25

    /// How many times a picture of `picture` pixels is enlarged to cover `canvas`.
    static func factor(_ picture: (width: Int, height: Int), covering canvas: (width: Int, height: Int)) -> Double {
        max(Double(canvas.width) / Double(picture.width), Double(canvas.height) / Double(picture.height))
    }

    /// The largest canvas of `canvas`'s shape that `picture` covers enlarged at most
    /// `bundledLimit` times.
    static func sharpest(_ picture: (width: Int, height: Int), shapeOf canvas: (width: Int, height: Int)) -> (
        width: Int, height: Int
    ) {
        let aspect = Double(canvas.width) / Double(canvas.height)
        let width = min(bundledLimit * Double(picture.width), bundledLimit * Double(picture.height) * aspect)
        return (Int(width.rounded(.down)), Int((width / aspect).rounded(.down)))
    }

    /// One warning for every canvas a bundled picture is enlarged more than
    /// `bundledLimit` times to cover, or nil when none is.
    static func bundledWarning(_ picture: (width: Int, height: Int), canvases: [(width: Int, height: Int)])
        -> String?
    {
        guard picture.width > 0, picture.height > 0 else { return nil }
        let soft = canvases.filter { factor(picture, covering: $0) > bundledLimit }
        guard !soft.isEmpty else { return nil }
        func times(_ value: Double) -> String { String((value * 10).rounded() / 10) }
        let described = soft.map { canvas in
            let sharp = sharpest(picture, shapeOf: canvas)
            // A shape far narrower (or flatter) than the picture's is sharp at no size: its
            // largest sharp canvas would be less than a pixel across.
            let sharpText =
                sharp.width < 1 || sharp.height < 1
                ? "no canvas of that shape is sharp" : "sharp up to \(sharp.width)x\(sharp.height)"
            return "\(canvas.width)x\(canvas.height) (enlarged \(times(factor(picture, covering: canvas))) times; "
                + sharpText + ")"
        }
        return "Warning: wallgen's picture is \(picture.width)x\(picture.height) and looks soft enlarged more than "
            + "\(bundledLimit) times: " + described.joined(separator: ", ")
    }

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
