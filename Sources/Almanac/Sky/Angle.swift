/// Conversions between the degrees the sky's formulas are written in and the radians
/// the C library's trigonometry takes.
enum Angle {
    /// Degrees to radians, after reducing to one turn so that large arguments (a mean
    /// longitude after centuries) keep their precision.
    static func radians(_ degrees: Double) -> Double {
        degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
    }

    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }

    /// An angle in degrees brought into 0 ..< 360.
    static func normalized(_ degrees: Double) -> Double {
        let wrapped = degrees.truncatingRemainder(dividingBy: 360)
        return wrapped < 0 ? wrapped + 360 : wrapped
    }

    /// An angle in degrees brought into -180 ..< 180.
    static func signed(_ degrees: Double) -> Double {
        let wrapped = normalized(degrees)
        return wrapped >= 180 ? wrapped - 360 : wrapped
    }
}
