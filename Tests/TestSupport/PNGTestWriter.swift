/// A minimal PNG writer for tests, independent of libpng: it stores scanlines
/// uncompressed (deflate "stored" blocks) with filter 0, and can interlace (Adam7),
/// so the decoder can be fed every colour type and bit depth the format allows.
public struct PNGTestWriter {
    public enum ColorType: UInt8, Sendable {
        case gray = 0
        case rgb = 2
        case palette = 3
        case grayAlpha = 4
        case rgba = 6

        public var channels: Int {
            switch self {
            case .gray, .palette: 1
            case .grayAlpha: 2
            case .rgb: 3
            case .rgba: 4
            }
        }
    }

    public let width: Int
    public let height: Int
    public let bitDepth: Int
    public let colorType: ColorType
    public var interlaced = false
    /// PLTE entries (RGB).
    public var palette: [(UInt8, UInt8, UInt8)] = []
    /// Raw tRNS chunk data, if any.
    public var transparency: [UInt8]? = nil
    /// More chunks, written before the image data.
    public var extraChunks: [(type: String, data: [UInt8])] = []
    /// Sample values per pixel, `channels` of them, each below 2^bitDepth.
    public let samples: (Int, Int) -> [Int]

    public init(
        width: Int, height: Int, bitDepth: Int, colorType: ColorType, samples: @escaping (Int, Int) -> [Int]
    ) {
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.colorType = colorType
        self.samples = samples
    }

    public func encode() -> [UInt8] {
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        header += [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
        file += Self.chunk("IHDR", header)
        if !palette.isEmpty { file += Self.chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if let transparency { file += Self.chunk("tRNS", transparency) }
        for extra in extraChunks { file += Self.chunk(extra.type, extra.data) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        file += Self.chunk("IEND", [])
        return file
    }

    /// The filtered (filter type 0) scanlines of the image, or of each Adam7 pass.
    private func scanlines() -> [UInt8] {
        guard interlaced else { return rows(xs: Array(0..<width), ys: Array(0..<height)) }
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.flatMap { (x0, y0, dx, dy) in
            rows(xs: Array(stride(from: x0, to: width, by: dx)), ys: Array(stride(from: y0, to: height, by: dy)))
        }
    }

    private func rows(xs: [Int], ys: [Int]) -> [UInt8] {
        guard !xs.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for y in ys {
            bytes.append(0)
            var bits: [Int] = []
            for x in xs { bits += samples(x, y) }
            if bitDepth == 16 {
                for value in bits { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }
            } else if bitDepth == 8 {
                bytes += bits.map { UInt8($0) }
            } else {
                // Pack sub-byte samples most significant bits first, padding the last byte.
                var accumulator = 0, filled = 0
                for value in bits {
                    accumulator = accumulator << bitDepth | value
                    filled += bitDepth
                    if filled == 8 {
                        bytes.append(UInt8(accumulator))
                        (accumulator, filled) = (0, 0)
                    }
                }
                if filled > 0 { bytes.append(UInt8(accumulator << (8 - filled))) }
            }
        }
        return bytes
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// A zlib stream of stored (uncompressed) deflate blocks.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out += [
                final, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF),
            ]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }
}
