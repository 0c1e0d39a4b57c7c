import FoundationEssentials
import Glibc
import Platform

/// wallgen's provenance in a PNG: one uncompressed `iTXt` chunk with the keyword
/// `wallgen`, placed before the first IDAT so a reader finds it in the file's first
/// few hundred bytes without reading the image data.
///
/// The chunk holds UTF-8 text (`iTXt`, not `tEXt`, which is Latin-1 only): a person's
/// `--text` may be 冬至快樂. Layout (PNG 1.2, section 11.3.4.5): keyword, NUL,
/// compression flag 0, compression method 0, empty language tag, NUL, empty translated
/// keyword, NUL, the text.
public enum PNGTextChunk {
    public static let keyword = "wallgen"
    /// Text longer than this is neither written nor read back: a provenance is a few
    /// hundred bytes, and a reader must not be made to allocate for a hostile length.
    public static let maximumTextLength = 64 * 1024

    /// The whole chunk: length, type, data, CRC.
    public static func chunk(text: String) -> [UInt8] {
        PNGContainer.chunk("iTXt", Array(keyword.utf8) + [0, 0, 0, 0, 0] + Array(text.utf8))
    }

    /// Why a file's provenance could not be read.
    public enum ReadError: Error, Equatable, CustomStringConvertible {
        case notPNG
        case unreadable(String)
        case damaged(String)

        public var description: String {
            switch self {
            case .notPNG: "it is not a PNG file"
            case .unreadable(let reason): reason
            case .damaged(let reason): "its chunks are damaged: \(reason)"
            }
        }
    }

    /// The text of the `wallgen` chunk of the PNG at `path`, or nil when it has none.
    /// Reads chunk headers only up to the first IDAT, never the image data.
    public static func read(fromFileAt path: String) throws(ReadError) -> String? {
        guard let file = ReadOnlyFile(path: path) else {
            throw .unreadable(String(cString: strerror(errno)))
        }
        func bytes(_ count: Int) throws(ReadError) -> [UInt8] {
            do { return try file.read(upToCount: count) } catch { throw .unreadable(error.reason) }
        }
        guard try bytes(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw .notPNG }
        // At most a few dozen chunks come before the image data in any PNG wallgen writes.
        for _ in 0..<64 {
            let header = try bytes(8)
            guard header.count == 8 else { return nil }
            let length = Int(readBigEndian(header, at: 0))
            let type = String(decoding: header[4..<8], as: UTF8.self)
            if type == "IDAT" || type == "IEND" { return nil }
            guard length < 1 << 31 else { throw .damaged("a chunk length of \(length)") }
            if type == "iTXt", length <= maximumTextLength + keyword.utf8.count + 5 {
                let body = try bytes(length + 4)
                guard body.count == length + 4 else { throw .damaged("the file ends inside a chunk") }
                if let text = text(ofITXt: Array(body[..<length])) { return text }
                continue
            }
            do { try file.skip(length + 4) } catch { throw .unreadable(error.reason) }
        }
        return nil
    }

    /// The text of an uncompressed iTXt chunk's data whose keyword is `wallgen`.
    static func text(ofITXt data: [UInt8]) -> String? {
        let prefix = Array(keyword.utf8) + [0, 0, 0]
        guard data.starts(with: prefix) else { return nil }
        var rest = data[prefix.count...]
        // The language tag and the translated keyword, each ended by NUL.
        for _ in 0..<2 {
            guard let end = rest.firstIndex(of: 0) else { return nil }
            rest = rest[(end + 1)...]
        }
        return String(validating: rest, as: UTF8.self)
    }

    private static func readBigEndian<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int) -> UInt32
    where Bytes.Index == Int {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}
