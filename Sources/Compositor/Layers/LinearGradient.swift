/// A colour whose alpha varies linearly between stops along one axis of the canvas.
///
/// Stop positions run from 0 (left or top edge) to 1 (right or bottom edge); a pixel
/// takes the alpha at its centre, `(x + 0.5) / width`. Outside the first and last stop
/// the end alphas hold.
public struct LinearGradient: Sendable, Equatable {
    public enum Axis: Sendable, Equatable {
        /// Alpha varies with x, constant down each column.
        case horizontal
        /// Alpha varies with y, constant along each row.
        case vertical
    }

    public struct Stop: Sendable, Equatable {
        public var position: Double
        public var alpha: Double

        public init(_ position: Double, alpha: Double) {
            self.position = position
            self.alpha = alpha
        }
    }

    public var axis: Axis
    /// The colour's own alpha multiplies every stop's alpha.
    public var color: Color
    /// Sorted by position.
    public var stops: [Stop]

    public init(axis: Axis, color: Color, stops: [Stop]) {
        precondition(!stops.isEmpty, "a gradient needs at least one stop")
        self.axis = axis
        self.color = color
        self.stops = stops.sorted { $0.position < $1.position }
    }

    /// The stop alpha at position `t` (before the colour's alpha is applied).
    public func alpha(at t: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if t <= first.position { return first.alpha }
        if t >= last.position { return last.alpha }
        for (low, high) in zip(stops, stops.dropFirst()) where t <= high.position {
            let span = high.position - low.position
            if span <= 0 { return high.alpha }
            return low.alpha + (high.alpha - low.alpha) * (t - low.position) / span
        }
        return last.alpha
    }

    /// Alpha for each of `count` pixels along the axis, sampled at pixel centres,
    /// including the colour's alpha.
    public func alphas(count: Int) -> [Float] {
        let colorAlpha = Double(color.alpha) / 255
        return (0..<count).map { i in Float(alpha(at: (Double(i) + 0.5) / Double(count)) * colorAlpha) }
    }
}
