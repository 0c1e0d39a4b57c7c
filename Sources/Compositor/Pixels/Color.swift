import FoundationEssentials
import Glibc

/// A colour as people write it: sRGB components and a straight (not premultiplied) alpha.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let black = Color(red: 0, green: 0, blue: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8,
            digits.allSatisfy(\.isHexDigit),
            let value = UInt32(digits, radix: 16)
        else { return nil }
        let rgba = digits.count == 6 ? value << 8 | 0xFF : value
        self.init(
            red: UInt8(rgba >> 24), green: UInt8(rgba >> 16 & 0xFF),
            blue: UInt8(rgba >> 8 & 0xFF), alpha: UInt8(rgba & 0xFF))
    }

    /// `#RRGGBB`, with `AA` appended when not opaque.
    public var description: String {
        let hex = [red, green, blue] + (alpha == 255 ? [] : [alpha])
        return "#" + hex.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
    }

    /// The same colour with its alpha scaled by `opacity` (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        var copy = self
        copy.alpha = UInt8((Double(alpha) * min(max(opacity, 0), 1)).rounded())
        return copy
    }

    /// Premultiplied form, rounded to nearest.
    public var premultiplied: PremultipliedPixel {
        PremultipliedPixel(
            r: PremultipliedPixel.multiply(red, alpha), g: PremultipliedPixel.multiply(green, alpha),
            b: PremultipliedPixel.multiply(blue, alpha), a: alpha)
    }

    /// Relative luminance (WCAG / sRGB), 0 for black to 1 for white, ignoring alpha.
    public var luminance: Double {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
