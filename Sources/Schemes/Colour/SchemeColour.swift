import Glibc

/// One colour of a scheme: eight bits a channel in sRGB, as every scheme file writes it.
public struct SchemeColour: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#rrggbb` (or `rrggbb`), any case; nil for anything else.
    public init?(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// From linear-light channels; outside 0...1 is clipped (callers map to the gamut first).
    init(linearRed: Double, green: Double, blue: Double) {
        func encoded(_ linear: Double) -> UInt8 {
            let clipped = min(max(linear.isNaN ? 0 : linear, 0), 1)
            let value = clipped <= 0.003_130_8 ? 12.92 * clipped : 1.055 * pow(clipped, 1 / 2.4) - 0.055
            return UInt8((value * 255).rounded())
        }
        self.init(red: encoded(linearRed), green: encoded(green), blue: encoded(blue))
    }

    /// `#rrggbb` in lower case.
    public var hex: String { "#" + hexDigits }

    /// `rrggbb`, as foot writes colours.
    public var hexDigits: String {
        let digits = Array("0123456789abcdef")
        return String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    public var description: String { hex }

    /// The channels as linear light, 0...1 (the sRGB transfer function undone).
    var linear: (red: Double, green: Double, blue: Double) {
        (Self.linear(red), Self.linear(green), Self.linear(blue))
    }

    static func linear(_ channel: UInt8) -> Double {
        let value = Double(channel) / 255
        return value <= 0.040_45 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// WCAG 2's relative luminance, 0 (black) to 1 (white).
    public var luminance: Double {
        let (red, green, blue) = linear
        return 0.2126 * red + 0.7152 * green + 0.0722 * blue
    }

    /// WCAG 2's contrast ratio with another colour, 1 to 21.
    public func contrast(with other: SchemeColour) -> Double {
        let (lighter, darker) = (max(luminance, other.luminance), min(luminance, other.luminance))
        return (lighter + 0.05) / (darker + 0.05)
    }
}
