internal import CImaging
import Platform

/// Reads back the text of the note (`Provenance.json`) that the JPEG, WebP and AVIF
/// encoders write: a JPEG COM segment whose payload is `wallgen ` and the text, or a WebP
/// `XMP ` chunk or an AVIF XMP item holding a `wallgen:spec` property (see `XMPPacket`).
///
/// Only the container is walked (JPEG segments up to the first scan, RIFF chunks);
/// no pixel is decoded, and every length is checked against the bytes there are.
public enum ProvenanceReader {
    /// What a JPEG comment starts with when it is wallgen's provenance.
    public static let jpegCommentPrefix = "wallgen "

    /// The provenance text in a JPEG, WebP or AVIF file, or nil when there is none (or
    /// the bytes are none of these formats). Only an AVIF needs a library (libheif), and
    /// without it the file is not said to have no note: that is the error.
    public static func provenance(in bytes: [UInt8]) throws(LibraryUnavailable) -> String? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(LibraryUnavailable) in try provenance(in: buffer) }
    }

    /// The same for a file's bytes, mapped or held: a mapped file is touched only where
    /// its containers' headers and the note are.
    public static func provenance(in file: FileBytes) throws(LibraryUnavailable) -> String? {
        try file.withUnsafeBufferPointer { (buffer) throws(LibraryUnavailable) in try provenance(in: buffer) }
    }

    static func provenance(in bytes: UnsafeBufferPointer<UInt8>) throws(LibraryUnavailable) -> String? {
        if bytes.starts(with: [0xFF, 0xD8]) { return jpegComment(bytes) }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return webpXMP(bytes).flatMap(XMPPacket.specValue(in:))
        }
        if FileSignature.heif.matches(bytes) { return try heifXMP(bytes).flatMap(XMPPacket.specValue(in:)) }
        return nil
    }

    /// The first XMP item of a HEIF file's primary image, as text (libheif reads the
    /// boxes; no picture is decoded).
    static func heifXMP(_ data: UnsafeBufferPointer<UInt8>) throws(LibraryUnavailable) -> String? {
        var xmp: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = ShimResult.call { wg_heif_read_xmp(data.baseAddress, data.count, &xmp, &size, $0, $1) }
        if let unloadable = result.unloadable { throw unloadable }
        guard result.succeeded, let xmp else { return nil }
        defer { wg_free(xmp) }
        return String(validating: UnsafeBufferPointer(start: xmp, count: size), as: UTF8.self)
    }

    /// The first COM segment before the first scan whose payload starts with the prefix.
    static func jpegComment(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let prefix = Array(jpegCommentPrefix.utf8)
        var index = 2
        while index + 1 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            // Fill bytes, and the markers that stand alone (TEM, RSTn).
            if marker == 0xFF {
                index += 1
                continue
            }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            // Start of scan or end of image: the header segments are over.
            if marker == 0xDA || marker == 0xD9 { return nil }
            guard index + 3 < bytes.count else { return nil }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let payloadStart = index + 4
            let end = index + 2 + length
            guard length >= 2, end <= bytes.count else { return nil }
            if marker == 0xFE, bytes[payloadStart..<end].starts(with: prefix) {
                return String(validating: bytes[(payloadStart + prefix.count)..<end], as: UTF8.self)
            }
            index = end
        }
        return nil
    }

    /// The payload of the first `XMP ` chunk, as text.
    static func webpXMP(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        func littleEndian(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        let riffEnd = min(bytes.count, 8 + littleEndian(4))
        var index = 12
        while index + 8 <= riffEnd {
            let size = littleEndian(index + 4)
            let payloadStart = index + 8
            guard size <= riffEnd - payloadStart else { return nil }
            if bytes[index..<(index + 4)].elementsEqual("XMP ".utf8) {
                return String(validating: bytes[payloadStart..<(payloadStart + size)], as: UTF8.self)
            }
            index = payloadStart + size + (size & 1)
        }
        return nil
    }
}
