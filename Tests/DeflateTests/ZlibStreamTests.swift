import CZlib
import Deflate
import TestSupport
import Testing

/// Bands compressed apart, joined by `ZlibStream`, inflate with zlib to the whole data.
@Suite struct ZlibStreamTests {
    @Test(arguments: [[0], [1, 2], [0, 7, 1000, 5000], [4096, 4096, 4096]])
    func bandsJoinIntoOneStream(bandSizes: [Int]) throws {
        var random = SplitMix64(seed: UInt64(bandSizes.reduce(0, +)))
        let bands = bandSizes.map { size in (0..<size).map { _ in UInt8.random(in: 0...3, using: &random) } }
        let pieces = ZlibStream.pieces(
            bands.enumerated().map { index, data in
                data.withUnsafeBufferPointer {
                    ZlibStream.Band(
                        bytes: RunLengthDeflate.compress($0, isFinal: index == bands.count - 1),
                        adler: Adler32.checksum($0, vectorized: false), length: data.count)
                }
            }, levelClass: 0)
        let joined = Array(pieces.joined())
        let whole = bands.flatMap { $0 }
        var output = [UInt8](repeating: 0, count: whole.count + 1)
        var size = uLong(output.count)
        var consumed = uLong(joined.count)
        #expect(uncompress2(&output, &size, joined, &consumed) == Z_OK)
        #expect(consumed == uLong(joined.count), "nothing after the end")
        #expect(Array(output.prefix(Int(size))) == whole)
        // The header is a valid CMF/FLG pair: deflate, 32 KiB window, a multiple of 31.
        #expect(joined[0] == 0x78 && (UInt16(joined[0]) << 8 | UInt16(joined[1])) % 31 == 0)
    }
}
