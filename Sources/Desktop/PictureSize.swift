/// A picture's size as the schedule keys it: `1920x1080`.
///
/// GNOME picks among several sizes of one slide by the monitor's, so the key must parse
/// into numbers before it is written into a slideshow.
public struct PictureSize: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let width: Int
    public let height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Parses `WIDTHxHEIGHT` (decimal, each 1...65535).
    public init(key: String) throws(DesktopError) {
        let parts = key.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let width = Int(parts[0]), let height = Int(parts[1]), (1...65535).contains(width),
            (1...65535).contains(height)
        else { throw .invalidSizeKey(key) }
        self.init(width: width, height: height)
    }

    public var key: String { "\(width)x\(height)" }
    public var description: String { key }

    public static func < (a: PictureSize, b: PictureSize) -> Bool {
        (a.width, a.height) < (b.width, b.height)
    }
}
