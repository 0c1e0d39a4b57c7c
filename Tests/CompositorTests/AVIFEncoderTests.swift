import Compositor
import Foundation
import TestSupport
import Testing

/// The AVIF wallgen writes, read back by libheif's own tools (heif-convert decodes it,
/// heif-info lists its items) and by the container's bytes, never by wallgen's encoder.
@Suite(.enabled(if: PictureTools.heif, "heif-enc or heif-convert is missing (Debian: libheif-examples)"))
struct AVIFEncoderTests {
    /// heif-convert's decoding of `avif`, read from the PNG it writes (by libpng).
    func decodedByHeifConvert(_ avif: [UInt8]) throws -> Image {
        try withTemporaryFolder { folder in
            try PictureTools.write(avif, to: folder + "/a.avif")
            try PictureTools.run("heif-convert", ["a.avif", "a.png"], in: folder)
            return try ImageDecoder.decode(try PictureTools.read(folder + "/a.png"))
        }
    }

    /// What heif-info says of a file.
    func heifInfo(_ avif: [UInt8]) throws -> String {
        try withTemporaryFolder { folder in
            try PictureTools.write(avif, to: folder + "/a.avif")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["heif-info", folder + "/a.avif"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let said = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: said, as: UTF8.self)
        }
    }

    /// The third byte of the av1C box: its chroma subsampling, x then y (1, 1 is 4:2:0).
    func chromaSubsampling(_ avif: [UInt8]) throws -> (Int, Int) {
        let box = Array("av1C".utf8)
        let at = try #require(
            (0..<(avif.count - 8)).first { Array(avif[$0..<($0 + 4)]) == box }, "no av1C box")
        let flags = Int(avif[at + 6])
        return (flags >> 3 & 1, flags >> 2 & 1)
    }

    @Test func losslessAt100DecodesToExactlyThePixels() throws {
        let image = randomImage(width: 67, height: 41, seed: 21, opaque: true)
        let avif = try AVIFEncoder.encode(image, quality: 100)
        #expect(try chromaSubsampling(avif) == (0, 0))
        let decoded = try decodedByHeifConvert(avif)
        #expect(decoded.width == 67 && decoded.height == 41)
        var differing = 0
        for y in 0..<41 {
            for x in 0..<67 where decoded[x, y] != image[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// Lossy, as JPEG: 4:2:0 below 90, full chroma from 90 up; close to the picture.
    @Test(arguments: [1, 50, 89, 90, 99])
    func lossyIsCloseWithFullChromaFrom90(quality: Int) throws {
        let image = OutputEncoderTests.cardLike()
        let avif = try AVIFEncoder.encode(image, quality: quality)
        #expect(try chromaSubsampling(avif) == (quality >= 90 ? (0, 0) : (1, 1)))
        let decoded = try decodedByHeifConvert(avif)
        var total = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (a, b) = (image[x, y], decoded[x, y])
                total += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                #expect(b.a == 255)
            }
        }
        let mean = Double(total) / Double(3 * image.width * image.height)
        #expect(mean < (quality >= 50 ? 3 : 12), "mean absolute error \(mean) at \(quality)")
    }

    @Test func theSameBytesEveryTime() throws {
        let image = randomImage(width: 130, height: 70, seed: 14, opaque: true)
        let note = Provenance(version: "0.2.0", command: "term", arguments: ["dongzhi"])
        for quality in [60, 90, 100] {
            let first = try AVIFEncoder.encode(image, quality: quality, note: note.json)
            #expect(first == (try OutputEncoding.avif(quality: quality).encode(image, workers: 1, provenance: note)))
        }
    }

    @Test func theNoteIsAnXMPItemThatReadsBack() throws {
        let image = OutputEncoderTests.cardLike(width: 40, height: 24)
        let avif = try AVIFEncoder.encode(image, quality: 80, note: OutputEncoderTests.provenance)
        #expect(try ProvenanceReader.provenance(in: avif) == OutputEncoderTests.provenance)
        let info = try heifInfo(avif)
        #expect(info.contains("XMP:"), "heif-info lists no XMP item:\n\(info)")
        #expect(info.contains("main brand: avif"))
        #expect(try ProvenanceReader.provenance(in: try AVIFEncoder.encode(image, quality: 80)) == nil)
        // A cut file has the whole note or none.
        for length in stride(from: 0, to: avif.count, by: 13) {
            let found = try ProvenanceReader.provenance(in: Array(avif.prefix(length)))
            #expect(found == nil || found == OutputEncoderTests.provenance)
        }
    }

    @Test func alphaIsKeptOnlyWhenThereIsSome() throws {
        let opaque = try heifInfo(try AVIFEncoder.encode(OutputEncoderTests.cardLike(), quality: 100))
        #expect(opaque.contains("alpha channel: no"))
        let translucent = solidImage(width: 20, height: 10, PremultipliedPixel(r: 64, g: 32, b: 0, a: 128))
        let avif = try AVIFEncoder.encode(translucent, quality: 100)
        #expect(try heifInfo(avif).contains("alpha channel: yes"))
        // Straight alpha: 64 * 255 / 128, rounded, is 128; premultiplied again on decoding.
        let pixel = try decodedByHeifConvert(avif)[0, 0]
        #expect(pixel.a == 128 && abs(Int(pixel.r) - 64) <= 1)
    }

    @Test func aSideAV1CannotHoldIsRefusedWithItsStatus() {
        #expect {
            _ = try AVIFEncoder.encode(Image(width: 65_537, height: 1), quality: 90)
        } throws: { error in
            guard case .library(.avif, .argument, _) = error as? ImageEncodingError else { return false }
            return true
        }
    }
}
