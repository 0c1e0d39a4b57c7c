internal import CImaging

/// The PNG file around a zlib stream of filtered rows (PNG 1.2, sections 5 and 11):
/// the signature, IHDR, the sRGB chunks, wallgen's provenance, the stream as IDAT
/// chunks, IEND.
///
/// The file is laid out in full before a byte is written, and every byte is written
/// once, into an array of the file's size: the stream's pieces (the compressed bands)
/// go straight to their place, each IDAT chunk copied and given its CRC on a thread of
/// its own. (Joining the bands, passing them through libpng and inserting the
/// provenance had copied a card's 1.85 MB three times, into memory fresh from the
/// kernel, on one core.)
enum PNGContainer {
    /// Image data per IDAT chunk. Any length is valid; this is libpng's, which wrote
    /// wallgen's PNGs before, so their bytes stay the same.
    static let idatLength = 1 << 18

    /// The whole file for a `width` x `height` image, RGBA when `keepsAlpha` (else RGB),
    /// whose zlib stream is `stream`'s pieces one after the other.
    static func file(
        width: Int, height: Int, keepsAlpha: Bool, stream: [[UInt8]], note: String?, workers: Int
    ) -> [UInt8] {
        let head = head(width: width, height: height, keepsAlpha: keepsAlpha, note: note)

        let streamLength = stream.reduce(0) { $0 + $1.count }
        let idatCount = (streamLength + idatLength - 1) / idatLength
        let total = head.count + 12 * idatCount + streamLength + tail.count
        let dataStart = head.count
        return [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
            let file = FileMemory(base: buffer.baseAddress!)
            head.withUnsafeBufferPointer { file.base.update(from: $0.baseAddress!, count: $0.count) }
            let pieces = StreamPieces(stream)
            Parallel.forEachChunk(of: idatCount, workers: workers, minimumChunk: 1) { chunks in
                for index in chunks {
                    let start = index * idatLength
                    let length = min(idatLength, streamLength - start)
                    let chunkStart = file.base + dataStart + index * (12 + idatLength)
                    writeIDAT(at: chunkStart, length: length, from: pieces, streamOffset: start)
                }
            }
            tail.withUnsafeBufferPointer {
                (file.base + total - tail.count).update(from: $0.baseAddress!, count: $0.count)
            }
            count = total
        }
    }

    /// Everything before the image data: the signature, IHDR, the sRGB chunks and the note.
    static func head(width: Int, height: Int, keepsAlpha: Bool, note: String?) -> [UInt8] {
        var head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        head += chunk(
            "IHDR",
            bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, keepsAlpha ? 6 : 2, 0, 0, 0])
        // sRGB with its fallbacks for readers that know only gamma and chromaticities:
        // gamma 1/2.2 (45455 in units of 1/100000), the sRGB white point and primaries
        // (x, y in the same units), rendering intent perceptual.
        head += chunk("gAMA", bigEndian(45455))
        head += chunk("sRGB", [0])
        head += chunk("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap(bigEndian))
        if let note { head += PNGTextChunk.chunk(text: note) }
        return head
    }

    /// The end of every PNG.
    static let tail = chunk("IEND", [])

    /// One IDAT chunk at `chunk`: its length, its type, `length` bytes of the stream from
    /// `streamOffset`, and the CRC of type and data.
    private static func writeIDAT(
        at chunk: UnsafeMutablePointer<UInt8>, length: Int, from pieces: StreamPieces, streamOffset: Int
    ) {
        pieces.copy(streamOffset..<(streamOffset + length), to: chunk + 8)
        sealIDAT(at: chunk, length: length)
    }

    /// Completes the IDAT chunk at `chunk` whose `length` bytes of data are already in
    /// place after its first eight: its length and type before them, the CRC of type and
    /// data after.
    static func sealIDAT(at chunk: UnsafeMutablePointer<UInt8>, length: Int) {
        let header = bigEndian(UInt32(length)) + Array("IDAT".utf8)
        header.withUnsafeBufferPointer { chunk.update(from: $0.baseAddress!, count: 8) }
        let crc = wg_crc32(0, chunk + 4, 4 + length)
        bigEndian(crc).withUnsafeBufferPointer { (chunk + 8 + length).update(from: $0.baseAddress!, count: 4) }
    }

    /// A whole chunk: length, type, data, CRC of type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData
            + bigEndian(typeAndData.withUnsafeBufferPointer { wg_crc32(0, $0.baseAddress, $0.count) })
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}

/// The file's memory, for the threads that each fill their own chunks of it.
private struct FileMemory: @unchecked Sendable {
    let base: UnsafeMutablePointer<UInt8>
}

/// Pieces of one byte stream, read by offset in the whole.
private struct StreamPieces: Sendable {
    let pieces: [[UInt8]]
    /// Where each piece starts in the stream.
    let starts: [Int]

    init(_ pieces: [[UInt8]]) {
        self.pieces = pieces
        var starts: [Int] = []
        var offset = 0
        for piece in pieces {
            starts.append(offset)
            offset += piece.count
        }
        self.starts = starts
    }

    /// Copies the stream's bytes in `range` to `destination`.
    func copy(_ range: Range<Int>, to destination: UnsafeMutablePointer<UInt8>) {
        // The last piece starting at or before the range's start.
        var index = 0
        var low = 0
        var high = starts.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if starts[middle] <= range.lowerBound {
                index = middle
                low = middle + 1
            } else {
                high = middle - 1
            }
        }
        var written = 0
        var offset = range.lowerBound
        while offset < range.upperBound {
            let piece = pieces[index]
            let within = offset - starts[index]
            let length = min(piece.count - within, range.upperBound - offset)
            if length > 0 {
                piece.withUnsafeBufferPointer {
                    (destination + written).update(from: $0.baseAddress! + within, count: length)
                }
            }
            written += length
            offset += length
            index += 1
        }
    }
}
