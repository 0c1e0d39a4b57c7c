import FoundationEssentials

/// Whether a picture file is whole, and its pixel size, from its container alone: a
/// PNG's IHDR and its last chunk (IEND), a JPEG's frame header and its end marker (EOI),
/// a WebP's RIFF length and its image chunk, an AVIF's boxes filling the file to its end
/// with the image's size property (`ispe`) and its data (`mdat`). Nothing is decoded, so a file cut short or
/// holding no image is found cheaply; damage inside the compressed data is not.
public enum WholePicture {
    /// The width and height of the picture in `bytes` when the file is whole; nil when
    /// it is cut short, holds no image, or is not a PNG, JPEG, WebP or AVIF.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return webp(bytes)
        }
        if bytes.count >= 12, Array(bytes[4..<8]) == Array("ftyp".utf8) { return avif(bytes) }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<(at + count)].reduce(0) { $0 << 8 | Int($1) }
    }

    private static func littleEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
        bytes[at..<(at + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
    }

    /// Every chunk's length fits, the first is IHDR, one IDAT at least, the last IEND.
    private static func png(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var offset = 8
        var size: (Int, Int)?
        var sawData = false
        while offset + 12 <= bytes.count {
            let length = bigEndian(bytes, offset, 4)
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard length <= bytes.count - offset - 12 else { return nil }
            if offset == 8 {
                guard type == "IHDR", length == 13 else { return nil }
                size = (bigEndian(bytes, offset + 8, 4), bigEndian(bytes, offset + 12, 4))
            }
            if type == "IDAT" { sawData = true }
            offset += 12 + length
            if type == "IEND" { return offset == bytes.count && sawData ? size : nil }
        }
        return nil
    }

    /// Segments walked to the first frame header; the file ends with EOI.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count >= 4, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return nil }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            let length = bigEndian(bytes, offset + 2, 2)
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            // SOF0 to SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { return nil }
                return (bigEndian(bytes, offset + 7, 2), bigEndian(bytes, offset + 5, 2))
            }
            if marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// The RIFF length is the file's; chunks fit; a VP8 or VP8L chunk holds the image.
    private static func webp(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard littleEndian(bytes, 4, 4) + 8 == bytes.count else { return nil }
        var offset = 12
        var canvas: (Int, Int)?
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let length = littleEndian(bytes, offset + 4, 4)
            let data = offset + 8
            guard length <= bytes.count - data else { return nil }
            switch type {
            case "VP8X" where length >= 10:
                canvas = (littleEndian(bytes, data + 4, 3) + 1, littleEndian(bytes, data + 7, 3) + 1)
            case "VP8 " where length >= 10:
                guard Array(bytes[(data + 3)..<(data + 6)]) == [0x9D, 0x01, 0x2A] else { return nil }
                let size = (littleEndian(bytes, data + 6, 2) & 0x3FFF, littleEndian(bytes, data + 8, 2) & 0x3FFF)
                return canvas ?? size
            case "VP8L" where length >= 5:
                guard bytes[data] == 0x2F else { return nil }
                let bits = littleEndian(bytes, data + 1, 4)
                let size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
                return canvas ?? size
            default: break
            }
            offset = data + length + (length & 1)
        }
        return nil
    }

    /// ISO base media boxes (ISO/IEC 14496-12) from `start` to `end`: (type, body range),
    /// or nil when a box's size does not fit exactly.
    private static func boxes(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [(String, Range<Int>)]? {
        var found: [(String, Range<Int>)] = []
        var offset = start
        while offset < end {
            guard offset + 8 <= end else { return nil }
            var size = bigEndian(bytes, offset, 4)
            var header = 8
            if size == 1 {
                guard offset + 16 <= end else { return nil }
                size = bigEndian(bytes, offset + 8, 8)
                header = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= header, size <= end - offset else { return nil }
            found.append(
                (
                    String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self),
                    (offset + header)..<(offset + size)
                ))
            offset += size
        }
        return found
    }

    /// The boxes fill the file exactly; the brands name AVIF; `meta` holds an image size
    /// property (`iprp`/`ipco`/`ispe`, the first one: the primary image's, as wallgen
    /// writes it) and an `mdat` follows with the data.
    private static func avif(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard let top = boxes(bytes, 0, bytes.count), let ftyp = top.first, ftyp.0 == "ftyp",
            ftyp.1.count >= 8
        else { return nil }
        let brands = stride(from: ftyp.1.lowerBound, to: ftyp.1.upperBound - 3, by: 4).map {
            String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self)
        }
        guard brands.contains("avif"), top.contains(where: { $0.0 == "mdat" && !$0.1.isEmpty }),
            let meta = top.first(where: { $0.0 == "meta" }), meta.1.count > 4,
            let inMeta = boxes(bytes, meta.1.lowerBound + 4, meta.1.upperBound),
            let iprp = inMeta.first(where: { $0.0 == "iprp" }),
            let ipco = boxes(bytes, iprp.1.lowerBound, iprp.1.upperBound)?.first(where: { $0.0 == "ipco" }),
            let ispe = boxes(bytes, ipco.1.lowerBound, ipco.1.upperBound)?.first(where: { $0.0 == "ispe" }),
            ispe.1.count >= 12
        else { return nil }
        return (bigEndian(bytes, ispe.1.lowerBound + 4, 4), bigEndian(bytes, ispe.1.lowerBound + 8, 4))
    }
}
