import FoundationEssentials

/// Whether a picture file is whole, and its pixel size, from its container alone: a
/// PNG's IHDR and its last chunk (IEND), a JPEG's frame header and its end marker (EOI),
/// a WebP's RIFF length and its image chunk, an AVIF's boxes filling the file to its end
/// with the image's size property (`ispe`) and its data (`mdat`). Nothing is decoded, so a file cut short or
/// holding no image is found cheaply; damage inside the compressed data is not.
///
/// The check reads the headers in place and keeps nothing it walks: a mapped file
/// (`FileBytes`) is touched only where its headers are, and a container of a million
/// tiny boxes or chunks is given up on after `maxParts`, not listed.
public enum WholePicture {
    /// The most chunks, segments or boxes walked in one container before the file is
    /// taken for no picture wallgen wrote: its PNGs have a few hundred chunks at most.
    public static let maxParts = 1 << 16

    /// The width and height of the picture in `bytes` when the file is whole; nil when
    /// it is cut short, holds no image, or is not a PNG, JPEG, WebP or AVIF.
    public static func size(of bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { size(of: $0) }
    }

    /// The same for a file's bytes, mapped or held (`FileBytes`); nil too when a mapped
    /// file was cut short while it was read.
    public static func size(of file: FileBytes) -> (width: Int, height: Int)? {
        let found = file.withUnsafeBufferPointer { size(of: $0) }
        return file.wasCutShort ? nil : found
    }

    /// The same for bytes borrowed in place.
    public static func size(of bytes: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
        let reader = Reader(bytes: bytes)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(reader) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(reader) }
        if bytes.count >= 12, reader.tag(0) == "RIFF", reader.tag(8) == "WEBP" { return webp(reader) }
        if bytes.count >= 12, reader.tag(4) == "ftyp" { return avif(reader) }
        return nil
    }

    /// Numbers and four-letter tags read at offsets the caller has checked.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var count: Int { bytes.count }

        func bigEndian(_ at: Int, _ length: Int) -> Int {
            bytes[at..<(at + length)].reduce(0) { $0 << 8 | Int($1) }
        }

        func littleEndian(_ at: Int, _ length: Int) -> Int {
            bytes[at..<(at + length)].reversed().reduce(0) { $0 << 8 | Int($1) }
        }

        func tag(_ at: Int) -> String {
            String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
        }
    }

    /// Every chunk's length fits, the first is IHDR, one IDAT at least, the last IEND.
    private static func png(_ reader: Reader) -> (width: Int, height: Int)? {
        var offset = 8
        var size: (Int, Int)?
        var sawData = false
        for _ in 0..<maxParts {
            guard offset + 12 <= reader.count else { return nil }
            let length = reader.bigEndian(offset, 4)
            let type = reader.tag(offset + 4)
            guard length <= reader.count - offset - 12 else { return nil }
            if offset == 8 {
                guard type == "IHDR", length == 13 else { return nil }
                size = (reader.bigEndian(offset + 8, 4), reader.bigEndian(offset + 12, 4))
            }
            if type == "IDAT" { sawData = true }
            offset += 12 + length
            if type == "IEND" { return offset == reader.count && sawData ? size : nil }
        }
        return nil
    }

    /// Segments walked to the first frame header; the file ends with EOI.
    private static func jpeg(_ reader: Reader) -> (width: Int, height: Int)? {
        let bytes = reader.bytes
        guard bytes.count >= 4, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9 else { return nil }
        var offset = 2
        for _ in 0..<maxParts {
            guard offset + 4 <= bytes.count, bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }
            let length = reader.bigEndian(offset + 2, 2)
            guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
            // SOF0 to SOF15, but not DHT (C4), JPG (C8) or DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7 else { return nil }
                return (reader.bigEndian(offset + 7, 2), reader.bigEndian(offset + 5, 2))
            }
            if marker == 0xDA { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// The RIFF length is the file's; chunks fit; a VP8 or VP8L chunk holds the image.
    private static func webp(_ reader: Reader) -> (width: Int, height: Int)? {
        guard reader.littleEndian(4, 4) + 8 == reader.count else { return nil }
        var offset = 12
        var canvas: (Int, Int)?
        for _ in 0..<maxParts {
            guard offset + 8 <= reader.count else { return nil }
            let type = reader.tag(offset)
            let length = reader.littleEndian(offset + 4, 4)
            let data = offset + 8
            guard length <= reader.count - data else { return nil }
            switch type {
            case "VP8X" where length >= 10:
                canvas = (reader.littleEndian(data + 4, 3) + 1, reader.littleEndian(data + 7, 3) + 1)
            case "VP8 " where length >= 10:
                guard reader.bytes[(data + 3)..<(data + 6)].elementsEqual([0x9D, 0x01, 0x2A]) else { return nil }
                let size = (reader.littleEndian(data + 6, 2) & 0x3FFF, reader.littleEndian(data + 8, 2) & 0x3FFF)
                return canvas ?? size
            case "VP8L" where length >= 5:
                guard reader.bytes[data] == 0x2F else { return nil }
                let bits = reader.littleEndian(data + 1, 4)
                let size = ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
                return canvas ?? size
            default: break
            }
            offset = data + length + (length & 1)
        }
        return nil
    }

    /// One ISO base media box (ISO/IEC 14496-12): its type and its body's range.
    private struct Box {
        let type: String
        let body: Range<Int>
    }

    /// Walks the boxes from `start` to `end` in order, handing each to `visit` until it
    /// returns false; false when a box's size does not fit exactly, or there are more
    /// than `maxParts` of them (nothing is kept: a file of millions of tiny boxes costs
    /// no memory and is given up on).
    private static func walkBoxes(_ reader: Reader, _ start: Int, _ end: Int, _ visit: (Box) -> Bool) -> Bool {
        var offset = start
        var walked = 0
        while offset < end {
            walked += 1
            guard walked <= maxParts, offset + 8 <= end else { return false }
            var size = reader.bigEndian(offset, 4)
            var header = 8
            if size == 1 {
                guard offset + 16 <= end else { return false }
                size = reader.bigEndian(offset + 8, 8)
                header = 16
            } else if size == 0 {
                size = end - offset
            }
            guard size >= header, size <= end - offset else { return false }
            if !visit(Box(type: reader.tag(offset + 4), body: (offset + header)..<(offset + size))) { return true }
            offset += size
        }
        return true
    }

    /// The first box of `type` from `start` to `end`, when every box before it fits.
    private static func firstBox(_ type: String, _ reader: Reader, in range: Range<Int>) -> Box? {
        var found: Box?
        let fits = walkBoxes(reader, range.lowerBound, range.upperBound) { box in
            if box.type == type { found = box }
            return found == nil
        }
        return fits ? found : nil
    }

    /// The boxes fill the file exactly; the brands name AVIF; `meta` holds an image size
    /// property (`iprp`/`ipco`/`ispe`, the first one: the primary image's, as wallgen
    /// writes it) and an `mdat` follows with the data.
    private static func avif(_ reader: Reader) -> (width: Int, height: Int)? {
        var ftyp: Box?
        var meta: Box?
        var hasData = false
        let fits = walkBoxes(reader, 0, reader.count) { box in
            if ftyp == nil {
                ftyp = box
            } else if box.type == "meta" && meta == nil {
                meta = box
            } else if box.type == "mdat" && !box.body.isEmpty {
                hasData = true
            }
            return true
        }
        guard fits, let ftyp, ftyp.type == "ftyp", ftyp.body.count >= 8, hasData, let meta, meta.body.count > 4
        else { return nil }
        let brands = stride(from: ftyp.body.lowerBound, to: ftyp.body.upperBound - 3, by: 4).lazy.map {
            reader.tag($0)
        }
        guard brands.contains("avif"),
            let iprp = firstBox("iprp", reader, in: (meta.body.lowerBound + 4)..<meta.body.upperBound),
            let ipco = firstBox("ipco", reader, in: iprp.body),
            let ispe = firstBox("ispe", reader, in: ipco.body), ispe.body.count >= 12
        else { return nil }
        return (reader.bigEndian(ispe.body.lowerBound + 4, 4), reader.bigEndian(ispe.body.lowerBound + 8, 4))
    }
}
