import CZlib
import TestSupport
import Testing

@testable import Compositor

/// The PNG file wallgen lays out around its zlib stream, read back chunk by chunk with
/// zlib's CRC-32 as the independent check: the chunks in PNG's order, each CRC right,
/// and the IDAT chunks (copied on several threads, from pieces that cross their
/// boundaries) holding exactly the stream.
@Suite struct PNGContainerTests {
    struct Chunk {
        let type: String
        let data: [UInt8]
    }

    /// The file's chunks after the signature; records an issue for a CRC that is wrong.
    static func chunks(of file: [UInt8]) -> [Chunk] {
        #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var chunks: [Chunk] = []
        var offset = 8
        while offset + 12 <= file.count {
            let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            let typeAndData = Array(file[(offset + 4)..<(offset + 8 + length)])
            let stored = file[(offset + 8 + length)..<(offset + 12 + length)].reduce(0) { $0 << 8 | UInt($1) }
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            #expect(stored == crc32(0, typeAndData, uInt(typeAndData.count)), "CRC of \(type) at \(offset)")
            chunks.append(Chunk(type: type, data: Array(typeAndData.dropFirst(4))))
            offset += 12 + length
        }
        #expect(offset == file.count, "bytes after the last chunk")
        return chunks
    }

    static func randomPiece(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
    }

    /// Stream lengths below one chunk, exactly two, and just over two; pieces that are
    /// empty, tiny, and longer than a chunk.
    @Test(arguments: [
        [2, 100, 4],
        [2, 0, PNGContainer.idatLength - 6, 0, PNGContainer.idatLength, 4],
        [2, 3 * PNGContainer.idatLength / 2, 1, 0, 7, PNGContainer.idatLength / 2, 4],
    ])
    func chunksInOrderAroundTheWholeStream(pieceLengths: [Int]) {
        let pieces = pieceLengths.enumerated().map { Self.randomPiece($1, seed: UInt64($0)) }
        let stream = pieces.flatMap { $0 }
        for (keepsAlpha, note) in [(false, nil), (true, "冬至 ☀️ a note")] as [(Bool, String?)] {
            let file = PNGContainer.file(
                width: 1170, height: 2532, keepsAlpha: keepsAlpha, stream: pieces, note: note, workers: 3)
            let chunks = Self.chunks(of: file)
            let idats = chunks.filter { $0.type == "IDAT" }
            let expectedTypes =
                ["IHDR", "gAMA", "sRGB", "cHRM"] + (note == nil ? [] : ["iTXt"])
                + Array(repeating: "IDAT", count: idats.count) + ["IEND"]
            #expect(chunks.map(\.type) == expectedTypes)
            #expect(chunks[0].data == [0, 0, 4, 146, 0, 0, 9, 228, 8, keepsAlpha ? 6 : 2, 0, 0, 0])
            #expect(idats.count == (stream.count + PNGContainer.idatLength - 1) / PNGContainer.idatLength)
            #expect(idats.dropLast().allSatisfy { $0.data.count == PNGContainer.idatLength })
            #expect(idats.flatMap(\.data) == stream)
            #expect(chunks.last?.data == [])
        }
    }
}
