import CImaging
import TestSupport
import Testing

/// PNG's Up filter to RGB, as wallgen's default PNG preset writes every opaque row, by
/// the portable loops (pack, then filter) and by the one-pass AVX2 loop, against the
/// filter written out here from the specification (section 9.2: each byte minus the
/// byte above it, modulo 256; the first row's "above" is zeros).
@Suite struct PNGUpFilterTests {
    /// Rows `rows` of `pixels` (RGBA, `width` wide) filtered by wg_png_filter_rows: the
    /// output and whether it called them opaque. The 32 bytes after the output must be
    /// left as they were.
    func filtered(_ pixels: [UInt8], width: Int, rows: Range<Int>, vectorized: Bool) -> (bytes: [UInt8], opaque: Bool) {
        let size = rows.count * (1 + 3 * width)
        var output = [UInt8](repeating: 0xA5, count: size + 32)
        var opaque: Int32 = -1
        var message = [CChar](repeating: 0, count: 256)
        let status = wg_png_filter_rows(
            pixels, 4 * width, UInt32(width), UInt32(rows.lowerBound), UInt32(rows.upperBound), 0, 2, &output,
            &opaque, vectorized ? 1 : 0, &message, message.count)
        #expect(status == WG_OK)
        #expect(output[size...].allSatisfy { $0 == 0xA5 }, "written past the output, width \(width)")
        return (Array(output[..<size]), opaque == 1)
    }

    func expected(_ pixels: [UInt8], width: Int, rows: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        for y in rows {
            bytes.append(2)
            for x in 0..<width {
                for channel in 0..<3 {
                    let here = pixels[4 * (y * width + x) + channel]
                    let above = y == 0 ? 0 : pixels[4 * ((y - 1) * width + x) + channel]
                    bytes.append(here &- above)
                }
            }
        }
        return bytes
    }

    /// Widths around the eight-pixel steps and the two pixels left at the end, a card's
    /// width, bands from the top and from inside the picture; every pixel random and
    /// opaque, then one pixel in the band made translucent, which must be reported.
    @Test func bothWaysGiveTheSpecificationsBytes() {
        var random = SplitMix64(seed: 92)
        let ways = wg_cpu_supports_x86_64_v3() == 1 ? [false, true] : [false]
        for width in Array(1...41) + [1170] {
            let height = 6
            var pixels = (0..<(4 * width * height)).map { index in
                index % 4 == 3 ? 255 : UInt8.random(in: 0...255, using: &random)
            }
            for rows in [0..<height, 2..<5] {
                for vectorized in ways {
                    let result = filtered(pixels, width: width, rows: rows, vectorized: vectorized)
                    #expect(
                        result.bytes == expected(pixels, width: width, rows: rows),
                        "width \(width), rows \(rows), vectorized \(vectorized)")
                    #expect(result.opaque, "width \(width), rows \(rows), vectorized \(vectorized)")
                }
            }
            let translucent = 4 * (3 * width + Int.random(in: 0..<width, using: &random)) + 3
            pixels[translucent] = 254
            for vectorized in ways {
                #expect(!filtered(pixels, width: width, rows: 2..<5, vectorized: vectorized).opaque)
                #expect(filtered(pixels, width: width, rows: 4..<6, vectorized: vectorized).opaque)
            }
        }
    }
}
