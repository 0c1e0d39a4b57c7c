/// How a camera says its picture is to be turned for display (the EXIF Orientation
/// tag): phones store the sensor's rows as they come and record the turn instead.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case normal = 1
    case mirrored = 2
    case rotated180 = 3
    case flipped = 4
    case transposed = 5
    case rotatedClockwise = 6
    case transversed = 7
    case rotatedCounterclockwise = 8

    /// Whether width and height swap for display.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation recorded in a JPEG's Exif segment, if any. Reads only up to the
    /// first scan, with every offset checked against the data.
    public static func read(jpeg bytes: UnsafeBufferPointer<UInt8>) -> ExifOrientation? {
        var index = 2
        while index + 4 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            if marker == 0xE1, let value = fromExif(bytes, start: index + 4, end: index + 2 + length) {
                return value
            }
            index += 2 + length
        }
        return nil
    }

    /// Parses the TIFF structure inside an APP1 "Exif\0\0" payload for tag 0x0112.
    private static func fromExif(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> ExifOrientation? {
        let signature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]  // "Exif\0\0"
        guard end - start >= 14, Array(bytes[start..<(start + 6)]) == signature else { return nil }
        let tiff = start + 6
        let littleEndian: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        func read16(_ offset: Int) -> Int? {
            guard offset >= tiff, offset + 2 <= end else { return nil }
            let (a, b) = (Int(bytes[offset]), Int(bytes[offset + 1]))
            return littleEndian ? a | b << 8 : a << 8 | b
        }
        func read32(_ offset: Int) -> Int? {
            guard let high = read16(littleEndian ? offset + 2 : offset),
                let low = read16(littleEndian ? offset : offset + 2)
            else { return nil }
            return high << 16 | low
        }
        guard read16(tiff + 2) == 42, let ifd = read32(tiff + 4), let count = read16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let offset = tiff + ifd + 2 + 12 * entry
            guard let tag = read16(offset) else { return nil }
            if tag == 0x0112 {
                guard read16(offset + 2) == 3, let value = read16(offset + 8) else { return nil }
                return ExifOrientation(rawValue: value)
            }
        }
        return nil
    }

    /// The picture as it is meant to be seen.
    public func apply(to image: Image) -> Image {
        guard self != .normal else { return image }
        let (width, height) = (image.width, image.height)
        let output = swapsAxes ? Image(width: height, height: width) : Image(width: width, height: height)
        for y in 0..<output.height {
            let row = output.row(y)
            for x in 0..<output.width {
                let (sx, sy) = source(x: x, y: y, width: width, height: height)
                (row + 4 * x).update(from: image.row(sy) + 4 * sx, count: 4)
            }
        }
        return output
    }

    /// The stored pixel shown at display position (x, y).
    private func source(x: Int, y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch self {
        case .normal: (x, y)
        case .mirrored: (w - 1 - x, y)
        case .rotated180: (w - 1 - x, h - 1 - y)
        case .flipped: (x, h - 1 - y)
        case .transposed: (y, x)
        case .rotatedClockwise: (y, h - 1 - x)
        case .transversed: (w - 1 - y, h - 1 - x)
        case .rotatedCounterclockwise: (w - 1 - y, x)
        }
    }
}
