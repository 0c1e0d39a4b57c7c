import Compositor
import Testing

/// All eight EXIF orientations of one picture must decode to the same upright picture.
@Suite struct OrientationTests {
    /// An asymmetric 64x48 picture: four quadrants of different colours and a dark
    /// square near the top-left corner, so any wrong turn or mirror shows.
    static func upright(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        if (4..<16).contains(x) && (4..<12).contains(y) { return (20, 20, 20) }
        switch (x < 32, y < 24) {
        case (true, true): return (220, 40, 40)
        case (false, true): return (40, 200, 40)
        case (true, false): return (40, 40, 220)
        case (false, false): return (230, 210, 40)
        }
    }

    /// Where display pixel (x, y) is stored, per the EXIF specification's table.
    static func stored(_ orientation: Int, x: Int, y: Int, width w: Int, height h: Int) -> (Int, Int) {
        switch orientation {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (y, h - 1 - x)
        case 7: (w - 1 - y, h - 1 - x)
        case 8: (w - 1 - y, x)
        default: (x, y)
        }
    }

    /// A JPEG whose stored pixels, turned by `orientation`, show the upright picture.
    static func jpeg(orientation: Int) throws -> [UInt8] {
        let (width, height) = (64, 48)
        let (storedWidth, storedHeight) = orientation >= 5 ? (height, width) : (width, height)
        let image = Image(width: storedWidth, height: storedHeight)
        for y in 0..<height {
            for x in 0..<width {
                let (sx, sy) = stored(orientation, x: x, y: y, width: storedWidth, height: storedHeight)
                let (r, g, b) = upright(x: x, y: y)
                image[sx, sy] = PremultipliedPixel(r: r, g: g, b: b, a: 255)
            }
        }
        var bytes = try JPEGEncoder.encode(image, quality: 95)
        // An APP1 Exif segment right after SOI: big-endian TIFF, one IFD entry.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, UInt8(orientation), 0, 0, 0, 0, 0, 0,
        ]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
        return bytes
    }

    @Test(arguments: 1...8) func everyOrientationDecodesUpright(orientation: Int) throws {
        let bytes = try Self.jpeg(orientation: orientation)
        #expect(try ImageDecoder.size(of: bytes) == (64, 48))
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == 64 && image.height == 48)
        // Sample the middle of each region, away from JPEG's blurred edges.
        for (x, y) in [(10, 8), (24, 16), (48, 12), (16, 36), (48, 36)] {
            let (r, g, b) = Self.upright(x: x, y: y)
            let pixel = image[x, y]
            let close =
                abs(Int(pixel.r) - Int(r)) < 12 && abs(Int(pixel.g) - Int(g)) < 12 && abs(Int(pixel.b) - Int(b)) < 12
            #expect(close, "orientation \(orientation) at (\(x), \(y)): \(pixel)")
        }
    }

    @Test func aBrokenExifSegmentIsIgnored() throws {
        var bytes = try Self.jpeg(orientation: 6)
        bytes[12] = 0x00  // corrupt the TIFF byte-order mark
        let image = try ImageDecoder.decode(bytes)
        #expect(image.width == 48 && image.height == 64, "decoded as stored")
    }
}
