internal import CImaging
import Platform

/// The pictures of a HEIF file that holds several (a dynamic wallpaper's frames) and the
/// XMP of its primary picture, which says how they are timed.
public struct HEIFPictures {
    public let bytes: [UInt8]

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether the bytes are a HEIF file (HEIC, AVIF) by their signature.
    public var isHEIF: Bool { FileSignature.heif.matches(bytes) }

    /// How many top-level pictures the file holds; nil when libheif cannot read it.
    public var count: Int? {
        let count = bytes.withUnsafeBufferPointer { wg_heif_picture_count($0.baseAddress, $0.count) }
        return count < 0 ? nil : Int(count)
    }

    /// The primary picture's XMP packet, or nil when it has none.
    public func primaryXMP() throws(LibraryUnavailable) -> String? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(LibraryUnavailable) in
            try ProvenanceReader.heifXMP(buffer)
        }
    }

    /// The top-level picture `index` (0 is the first in the file's order), decoded within
    /// `limits` as any HEIF picture is.
    public func picture(_ index: Int, limits: DecodeLimits = .standard) throws(ImageDecodingError) -> Image {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) in
            try ImageDecoder.decodeHEIF(buffer, limits: limits, index: index)
        }
    }
}
