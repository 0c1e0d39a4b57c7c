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

    /// Alpha for each of `count` pixels along the axis, including the colour's alpha.
    ///
    /// Each pixel takes the alpha at its centre; with `run` above 1, each run of `run`
    /// pixels takes the alpha at the run's centre instead, so identical neighbours stay
    /// identical and PNG's filters see zeros. That holds only while the alpha changes by
    /// at most 1/255 across a run, so a held run never steps by more than one level of
    /// the colour (under the dither, a finer step than the eye can find); a steeper
    /// gradient, as on a small canvas, is sampled at every pixel.
    public func alphas(count: Int, heldOver run: Int = 1) -> [Float] {
        let colorAlpha = Double(color.alpha) / 255
        func sample(atCenter center: Double) -> Float { Float(alpha(at: center / Double(count)) * colorAlpha) }
        let changePerRun = steepestSlope * colorAlpha * Double(run) / Double(count)
        guard run > 1, changePerRun <= 1.0 / 255 else {
            return (0..<count).map { sample(atCenter: Double($0) + 0.5) }
        }
        return (0..<count).map { i in
            let start = i / run * run
            return sample(atCenter: Double(start + min(start + run, count)) / 2)
        }
    }

    /// The largest change of stop alpha per unit of position; infinite at a hard step.
    var steepestSlope: Double {
        zip(stops, stops.dropFirst()).reduce(0) { steepest, pair in
            let (low, high) = pair
            let rise = abs(high.alpha - low.alpha)
            guard rise > 0 else { return steepest }
            let span = high.position - low.position
            return span > 0 ? max(steepest, rise / span) : .infinity
        }
    }
}
