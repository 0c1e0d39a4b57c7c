/// One stored pixel: sRGB-encoded colour already multiplied by alpha, so each colour
/// byte is at most `a`.
public struct PremultipliedPixel: Hashable, Sendable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    @inlinable
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let transparent = PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)

    /// `value * alpha / 255` rounded to nearest (truncation would darken: 24 where 25 is right).
    @inlinable
    public static func multiply(_ value: UInt8, _ alpha: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: Blend.divideBy255(UInt32(value) &* UInt32(alpha)))
    }

    /// The straight-alpha colour, rounded to nearest; black for a transparent pixel.
    public var unpremultiplied: Color {
        guard a > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func divide(_ c: UInt8) -> UInt8 {
            UInt8(min(255, (UInt32(c) * 255 + UInt32(a) / 2) / UInt32(a)))
        }
        return Color(red: divide(r), green: divide(g), blue: divide(b), alpha: a)
    }

    public var description: String { "(\(r), \(g), \(b), \(a))" }
}
