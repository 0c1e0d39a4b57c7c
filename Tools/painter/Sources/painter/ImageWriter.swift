import Foundation

/// Writes the canvas as a binary PPM (P6), the simplest lossless format that
/// any converter reads, so the painter needs no image library.
enum ImageWriter {
    /// Quantizes to 8 bits with a triangular dither of about one step. Big
    /// smooth skies otherwise break into visible bands; the dither is a pure
    /// function of the pixel position, so output stays byte-identical.
    static func writePPM(_ canvas: Canvas, to path: String) throws {
        let header = Array("P6\n\(canvas.width) \(canvas.height)\n255\n".utf8)
        let count = canvas.width * canvas.height
        var bytes = [UInt8](repeating: 0, count: header.count + count * 3)
        for (i, b) in header.enumerated() { bytes[i] = b }
        let base = header.count
        bytes.withUnsafeMutableBufferPointer { out in
            canvas.forEachRow(0..<canvas.height, columns: canvas.width) { y in
                for x in 0..<canvas.width {
                    let c = canvas.pixels[y * canvas.width + x]
                    let o = base + (y * canvas.width + x) * 3
                    for k in 0..<3 {
                        let d = hashUnit(x, y, 0xD17E_0000 &+ UInt32(2 * k))
                            + hashUnit(x, y, 0xD17E_0001 &+ UInt32(2 * k)) - 1
                        let v = clamp01(c[k]) * 255 + d * 0.75
                        out[o + k] = UInt8(min(max(v.rounded(), 0), 255))
                    }
                }
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
