/// A colour whose alpha varies between stops along one axis of the canvas.
///
/// Stop positions run from 0 (left or top edge) to 1 (right or bottom edge); a pixel
/// takes the alpha at its centre, `(x + 0.5) / width`. Outside the first and last stop
/// the end alphas hold.
public struct LinearGradient: Sendable, Hashable {
    /// How alpha goes from one stop to the next.
    public enum Easing: Sendable, Hashable {
        /// A straight line, as CAGradientLayer and CSS draw it. Where a ramp meets a
        /// flat stretch its slope jumps, and the eye sees a faint line there (a Mach
        /// band), plainest on a pale sky.
        case linear
        /// Smoothstep, `3f² - 2f³` of the way `f` from one stop to the next: the same
        /// alpha at each stop and halfway, no slope at either end, so a ramp fades into
        /// a flat stretch without a line. The steepest point is 1.5 times the linear slope.
        case smooth
    }

    public enum Axis: Sendable, Hashable {
        /// Alpha varies with x, constant down each column.
        case horizontal
        /// Alpha varies with y, constant along each row.
        case vertical
    }

    public struct Stop: Sendable, Hashable {
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
    public var easing: Easing

    public init(axis: Axis, color: Color, stops: [Stop], easing: Easing = .linear) {
        precondition(!stops.isEmpty, "a gradient needs at least one stop")
        self.axis = axis
        self.color = color
        self.stops = stops.sorted { $0.position < $1.position }
        self.easing = easing
    }

    /// The stop alpha at position `t` (before the colour's alpha is applied).
    public func alpha(at t: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if t <= first.position { return first.alpha }
        if t >= last.position { return last.alpha }
        for (low, high) in zip(stops, stops.dropFirst()) where t <= high.position {
            let span = high.position - low.position
            if span <= 0 { return high.alpha }
            let along = (t - low.position) / span
            let eased = easing == .smooth ? along * along * (3 - 2 * along) : along
            return low.alpha + (high.alpha - low.alpha) * eased
        }
        return last.alpha
    }

    /// Alpha for each of `count` pixels along the axis, including the colour's alpha.
    ///
    /// Each pixel takes the alpha at its centre; with `run` above 1, each run of `run`
    /// pixels across which the alpha changes by at most 1/255 takes the alpha at the
    /// run's centre instead, so identical neighbours stay identical and PNG's filters
    /// see zeros. A held run is then about one level of the colour at most from its
    /// neighbours (under the dither, a finer step than the eye can find); steeper runs,
    /// as on a small canvas or across a hard step, are sampled at every pixel.
    public func alphas(count: Int, heldOver run: Int = 1) -> [Float] {
        let colorAlpha = Double(color.alpha) / 255
        func value(at position: Double) -> Double { alpha(at: position / Double(count)) * colorAlpha }
        guard run > 1 else { return (0..<count).map { Float(value(at: Double($0) + 0.5)) } }
        var result: [Float] = []
        result.reserveCapacity(count)
        var start = 0
        while start < count {
            let end = min(start + run, count)
            // The run's two edges and its pixel centres.
            let samples = [Double(start), Double(end)] + (start..<end).map { Double($0) + 0.5 }
            let values = samples.map(value(at:))
            if values.max()! - values.min()! <= 1.0 / 255 {
                let held = Float(value(at: Double(start + end) / 2))
                result += repeatElement(held, count: end - start)
            } else {
                result += values.dropFirst(2).map(Float.init)
            }
            start = end
        }
        return result
    }
}
