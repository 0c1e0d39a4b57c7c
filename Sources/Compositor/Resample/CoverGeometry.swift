/// A rectangle in continuous source-pixel coordinates: pixel `i` covers `[i, i + 1)`.
public struct SourceRect: Equatable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var description: String { "(\(x), \(y), \(width) x \(height))" }
}

/// Aspect-fill ("cover") geometry, as an iOS image view with `.scaleAspectFill` does it.
public enum CoverGeometry {
    /// The part of a `sourceWidth` x `sourceHeight` picture that fills a `targetWidth` x
    /// `targetHeight` canvas when scaled uniformly until both sides are covered.
    ///
    /// The overflow is cropped; `focus` places the crop (0.5, 0.5 keeps the centre,
    /// 0 keeps the left or top edge, 1 the right or bottom edge).
    public static func crop(
        sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int,
        focusX: Double = 0.5, focusY: Double = 0.5
    ) -> SourceRect {
        let scale = self.scale(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, targetWidth: targetWidth,
            targetHeight: targetHeight)
        let width = min(Double(sourceWidth), Double(targetWidth) / scale)
        let height = min(Double(sourceHeight), Double(targetHeight) / scale)
        return SourceRect(
            x: (Double(sourceWidth) - width) * min(max(focusX, 0), 1),
            y: (Double(sourceHeight) - height) * min(max(focusY, 0), 1),
            width: width, height: height)
    }

    /// Output pixels per source pixel for a cover fit (above 1 means enlarging).
    public static func scale(sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int)
        -> Double
    {
        max(Double(targetWidth) / Double(sourceWidth), Double(targetHeight) / Double(sourceHeight))
    }
}
