import CZlib
import Compositor
import TestSupport
import Testing

/// The zlib stream inside wallgen's PNGs, checked with zlib itself rather than with the
/// decoder wallgen uses: bands compressed on their own must join into one stream that
/// inflates to exactly the rows the format expects, with a matching Adler-32 and nothing
/// after its end. libdeflate's bands are walked and re-ended by wallgen, so every kind
/// of block it writes (stored for noise, fixed codes for short bands, dynamic codes for
/// pictures) is made here, over enough bands that the re-ended streams finish at every
/// bit position within a byte.
@Suite struct PNGStreamTests {
    /// Concatenated IDAT data of a PNG.
    static func idat(_ png: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if png[(offset + 4)..<(offset + 8)].elementsEqual(Array("IDAT".utf8)) {
                data += png[(offset + 8)..<(offset + 8 + length)]
            }
            offset += 12 + length
        }
        return data
    }

    /// The scanlines an opaque image must inflate to with the Up filter: RGB, each row
    /// led by filter type 2 and holding its difference from the row above.
    static func upRows(_ image: Image) -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<image.height {
            rows.append(2)
            for x in 0..<image.width {
                let pixel = image[x, y]
                let above = y > 0 ? image[x, y - 1] : PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)
                rows += [pixel.r &- above.r, pixel.g &- above.g, pixel.b &- above.b]
            }
        }
        return rows
    }

    /// Inflates with zlib's `uncompress`, which fails on a bad Adler-32, a stream that
    /// ends early, or one that does not end; also fails if anything follows the end.
    static func inflate(_ stream: [UInt8], expectedSize: Int) -> [UInt8]? {
        var output = [UInt8](repeating: 0, count: expectedSize + 1)
        var size = uLong(output.count)
        var consumed = uLong(stream.count)
        guard uncompress2(&output, &size, stream, &consumed) == Z_OK, consumed == uLong(stream.count) else {
            return nil
        }
        return Array(output.prefix(Int(size)))
    }

    /// Forty bands of 128 rows, each band a different mix: noise (stored blocks), flat
    /// colour with one bright pixel a row (short data, fixed codes) and a noisy gradient
    /// (dynamic codes).
    static func mixedBands(width: Int) -> Image {
        var random = SplitMix64(seed: 77)
        let image = Image(width: width, height: 40 * 128)
        for y in 0..<image.height {
            let kind = (y / 128) % 3
            for x in 0..<width {
                let pixel: PremultipliedPixel
                switch kind {
                case 0:
                    pixel = PremultipliedPixel(
                        r: .random(in: 0...255, using: &random), g: .random(in: 0...255, using: &random),
                        b: .random(in: 0...255, using: &random), a: 255)
                case 1:
                    let value: UInt8 = x == y % width ? 255 : 40
                    pixel = PremultipliedPixel(r: value, g: value, b: 90, a: 255)
                default:
                    let value = UInt8(truncatingIfNeeded: x * 3 + y / 4 + Int.random(in: 0...3, using: &random))
                    pixel = PremultipliedPixel(r: value, g: value &+ UInt8(y % 128), b: 255 - value, a: 255)
                }
                image[x, y] = pixel
            }
        }
        return image
    }

    @Test(arguments: [PNGEncodingOptions.fast, .standard, .small])
    func bandsJoinIntoOneStreamOfTheExactRows(options: PNGEncodingOptions) throws {
        for width in [1, 5, 37] {
            let image = Self.mixedBands(width: width)
            let expected = Self.upRows(image)
            let png = try PNGEncoder.encode(image, options: options)
            let rows = try #require(Self.inflate(Self.idat(png), expectedSize: expected.count), "width \(width)")
            #expect(rows == expected, "width \(width)")
        }
    }
}
