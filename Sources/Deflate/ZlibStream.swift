/// Joins deflate bands compressed apart into one zlib stream (RFC 1950): the header,
/// the bands in order, and the Adler-32 of all the data, combined from the bands' own.
///
/// Every band but the last must end byte-aligned and not final (as
/// `RunLengthDeflate.compress(_:isFinal: false)` and a libdeflate band made joinable
/// leave them), so the bands simply concatenate.
public struct ZlibStream {
    /// One compressed band: its deflate bytes, and the Adler-32 and length of its data.
    public struct Band: Sendable {
        public let bytes: [UInt8]
        public let adler: UInt32
        public let length: Int

        public init(bytes: [UInt8], adler: UInt32, length: Int) {
            self.bytes = bytes
            self.adler = adler
            self.length = length
        }
    }

    /// The stream as pieces to be written one after the other: the header, each band's
    /// bytes (shared, not copied), the Adler-32. `levelClass` is the header's FLEVEL
    /// (0 "fastest" to 3 "maximum"), informative only.
    public static func pieces(_ bands: [Band], levelClass: UInt8) -> [[UInt8]] {
        var adler = Adler32.initial
        for band in bands {
            adler = Adler32.combine(adler, band.adler, secondLength: band.length)
        }
        return [header(levelClass: levelClass)] + bands.map(\.bytes) + [trailer(adler: adler)]
    }

    /// The two bytes before the first band.
    public static func header(levelClass: UInt8) -> [UInt8] {
        // CMF 0x78: deflate with a 32 KiB window; FLG makes the pair a multiple of 31.
        let first: UInt8 = 0x78
        var second = (levelClass & 3) << 6
        second += UInt8(31 - (UInt16(first) << 8 | UInt16(second)) % 31)
        return [first, second]
    }

    /// The four bytes after the last band: the Adler-32 of all the data, big-endian.
    public static func trailer(adler: UInt32) -> [UInt8] {
        [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }
}
