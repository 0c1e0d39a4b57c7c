import Compositor
import Foundation
import TestSupport
import Testing

/// The JPEG and WebP wallgen writes: their structure read from the bytes by a parser
/// written here, their pixels and provenance read back by libwebp's and Pillow's own
/// tools (`dwebp`, `webpmux`, Python's Pillow), never by wallgen's code.
@Suite struct OutputEncoderTests {
    static func installed(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }
    static let toolsPresent = installed("/usr/bin/dwebp") && installed("/usr/bin/webpmux")
    static let pillowPresent = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PIL")

    // MARK: A JPEG's segments, parsed here

    struct JPEGSegments {
        /// The start-of-frame marker (0xC0 baseline, 0xC2 progressive).
        var frameMarker: UInt8?
        /// (component id, horizontal, vertical) sampling factors, in frame order.
        var sampling: [(id: UInt8, h: UInt8, v: UInt8)] = []
        /// Each Huffman table's 16 code-length counts.
        var huffmanCounts: [[UInt8]] = []
        var comments: [[UInt8]] = []
        var hasICCProfile = false
        var scans = 0
    }

    /// Walks the segments to the end, counting scans (each SOS is followed by entropy
    /// data up to the next marker that is not a restart or stuffed zero).
    static func segments(_ bytes: [UInt8]) throws -> JPEGSegments {
        var result = JPEGSegments()
        try #require(bytes.starts(with: [0xFF, 0xD8]))
        var index = 2
        while index + 3 < bytes.count {
            try #require(bytes[index] == 0xFF, "no marker at \(index)")
            let marker = bytes[index + 1]
            if marker == 0xD9 { break }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let payload = Array(bytes[(index + 4)..<(index + 2 + length)])
            switch marker {
            case 0xC0...0xC3:
                result.frameMarker = marker
                let components = Int(payload[5])
                for component in 0..<components {
                    let at = 6 + 3 * component
                    result.sampling.append((payload[at], payload[at + 1] >> 4, payload[at + 1] & 0x0F))
                }
            case 0xC4:
                var at = 0
                while at < payload.count {
                    let counts = Array(payload[(at + 1)..<(at + 17)])
                    result.huffmanCounts.append(counts)
                    at += 17 + counts.reduce(0) { $0 + Int($1) }
                }
            case 0xFE: result.comments.append(payload)
            case 0xE2: result.hasICCProfile = result.hasICCProfile || payload.starts(with: Array("ICC_PROFILE".utf8))
            default: break
            }
            index += 2 + length
            if marker == 0xDA {
                result.scans += 1
                while index + 1 < bytes.count
                    && !(bytes[index] == 0xFF && bytes[index + 1] != 0 && !(0xD0...0xD7).contains(bytes[index + 1]))
                {
                    index += 1
                }
            }
        }
        return result
    }

    /// The code-length counts of the four tables in the JPEG standard's Annex K, which
    /// a baseline encoder uses when it does not optimise.
    static let standardHuffmanCounts: [[UInt8]] = [
        [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0],
        [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0],
        [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
        [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
    ]

    /// A picture as a card is: smooth colour gradients, and hard edges in brightness
    /// only (as white text on a picture), which subsampled chroma does not blur.
    static func cardLike(width: Int = 96, height: Int = 64) -> Image {
        let image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let lift = (x / 16 + y / 16) % 2 == 0 ? 100 : 0
                image[x, y] = PremultipliedPixel(
                    r: UInt8(x * 150 / width + lift), g: UInt8(60 + lift), b: UInt8(y * 150 / height + lift), a: 255)
            }
        }
        return image
    }

    @Test(arguments: [1, 50, 85, 89, 90, 95, 100])
    func jpegIsProgressiveOptimisedAndSubsampledByQuality(quality: Int) throws {
        let jpeg = try JPEGEncoder.encodeOutput(Self.cardLike(), quality: quality)
        let found = try Self.segments(jpeg)
        #expect(found.frameMarker == 0xC2, "not progressive (SOF2)")
        #expect(found.scans > 1)
        // Luma 2x2 against chroma 1x1 is 4:2:0; all 1x1 is 4:4:4.
        let luma: (UInt8, UInt8) = quality >= 90 ? (1, 1) : (2, 2)
        #expect(found.sampling.map(\.id) == [1, 2, 3])
        #expect(found.sampling[0].h == luma.0 && found.sampling[0].v == luma.1)
        #expect(found.sampling.dropFirst().allSatisfy { $0.h == 1 && $0.v == 1 })
        #expect(!found.huffmanCounts.isEmpty)
        for counts in found.huffmanCounts {
            #expect(!Self.standardHuffmanCounts.contains(counts), "a standard (unoptimised) Huffman table")
        }
        #expect(!found.hasICCProfile && found.comments.isEmpty)
    }

    @Test func jpegAndWebPAreTheSameBytesEveryTime() throws {
        let image = randomImage(width: 130, height: 70, seed: 14, opaque: true)
        for encoding in [OutputEncoding.jpeg(quality: 90), .jpeg(quality: 60), .webp(quality: 90), .webp(quality: 100)]
        {
            let first = try encoding.encode(image)
            let second = try encoding.encode(image, workers: 1)
            #expect(first == second, "\(encoding)")
        }
    }

    // MARK: WebP through libwebp's own tools

    /// Runs a program and returns its status, standard output and standard error.
    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, out, String(decoding: err, as: UTF8.self))
    }

    /// A PAM file's RGBA samples (what `dwebp -pam` writes).
    static func pamPixels(_ data: Data) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let bytes = [UInt8](data)
        let end = try #require(bytes.firstRange(of: Array("ENDHDR\n".utf8)))
        let header = String(decoding: bytes[..<end.lowerBound], as: UTF8.self)
        var fields: [String: String] = [:]
        for line in header.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        let width = try #require(fields["WIDTH"].flatMap { Int($0) })
        let height = try #require(fields["HEIGHT"].flatMap { Int($0) })
        #expect(fields["DEPTH"] == "4" && fields["MAXVAL"] == "255")
        return (width, height, Array(bytes[end.upperBound...]))
    }

    static func chunkNames(_ webp: [UInt8]) -> [String] {
        var names: [String] = []
        var index = 12
        while index + 8 <= webp.count {
            names.append(String(decoding: webp[index..<(index + 4)], as: UTF8.self))
            let size = webp[(index + 4)..<(index + 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
            index += 8 + size + (size & 1)
        }
        return names
    }

    @Test(.enabled(if: toolsPresent, "dwebp and webpmux are not installed (Debian package webp)"))
    func losslessWebPDecodesToExactlyThePixels() throws {
        try withTemporaryFolder { folder in
            let image = randomImage(width: 67, height: 41, seed: 21, opaque: true)
            let webp = try WebPEncoder.encode(image, quality: 100, lossless: true)
            #expect(Self.chunkNames(webp) == ["VP8L"])
            try Data(webp).write(to: URL(fileURLWithPath: folder + "/a.webp"))
            let decoded = try Self.run("/usr/bin/dwebp", [folder + "/a.webp", "-pam", "-o", "-"])
            #expect(decoded.status == 0, "\(decoded.error)")
            let pam = try Self.pamPixels(decoded.output)
            #expect(pam.width == 67 && pam.height == 41)
            var expected: [UInt8] = []
            for y in 0..<41 {
                for x in 0..<67 {
                    let pixel = image[x, y]
                    expected += [pixel.r, pixel.g, pixel.b, pixel.a]
                }
            }
            #expect(pam.rgba == expected)
        }
    }

    @Test(.enabled(if: toolsPresent, "dwebp is not installed (Debian package webp)"))
    func lossyWebPIsCloseAndKeepsAlphaOnlyWhenThereIsSome() throws {
        try withTemporaryFolder { folder in
            let image = Self.cardLike()
            let webp = try WebPEncoder.encode(image, quality: 90, lossless: false)
            #expect(Self.chunkNames(webp) == ["VP8 "], "an opaque picture has no ALPH chunk")
            try Data(webp).write(to: URL(fileURLWithPath: folder + "/a.webp"))
            let pam = try Self.pamPixels(
                try Self.run("/usr/bin/dwebp", [folder + "/a.webp", "-pam", "-o", "-"]).output)
            var total = 0
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let pixel = image[x, y]
                    let at = 4 * (y * image.width + x)
                    total +=
                        abs(Int(pam.rgba[at]) - Int(pixel.r)) + abs(Int(pam.rgba[at + 1]) - Int(pixel.g))
                        + abs(Int(pam.rgba[at + 2]) - Int(pixel.b))
                    #expect(pam.rgba[at + 3] == 255)
                }
            }
            let mean = Double(total) / Double(3 * image.width * image.height)
            #expect(mean < 3, "mean absolute error \(mean)")

            // Half-transparent: alpha is kept, exactly when lossless.
            let translucent = solidImage(width: 20, height: 10, PremultipliedPixel(r: 64, g: 32, b: 0, a: 128))
            let withAlpha = try WebPEncoder.encode(translucent, quality: 100, lossless: true)
            try Data(withAlpha).write(to: URL(fileURLWithPath: folder + "/b.webp"))
            let alphaPAM = try Self.pamPixels(
                try Self.run("/usr/bin/dwebp", [folder + "/b.webp", "-pam", "-o", "-"]).output)
            // Straight alpha: 64 * 255 / 128, rounded, is 128.
            #expect(Array(alphaPAM.rgba.prefix(4)) == [128, 64, 0, 128])
        }
    }

    // MARK: Provenance

    static let provenance = #"{"term":"冬至","text":"a <b> & \"c\" 'd'","lines":"one\ntwo\tthree\r"}"#

    @Test func provenanceRoundTripsThroughJPEGAndWebP() throws {
        let image = Self.cardLike(width: 40, height: 24)
        let jpeg = try JPEGEncoder.encodeOutput(image, quality: 80, note: Self.provenance)
        #expect(try ProvenanceReader.provenance(in: jpeg) == Self.provenance)
        #expect(try Self.segments(jpeg).comments == [Array(("wallgen " + Self.provenance).utf8)])
        for lossless in [false, true] {
            let webp = try WebPEncoder.encode(image, quality: 80, lossless: lossless, note: Self.provenance)
            #expect(try ProvenanceReader.provenance(in: webp) == Self.provenance)
            #expect(Self.chunkNames(webp) == ["VP8X", lossless ? "VP8L" : "VP8 ", "XMP "])
        }
        // Absent: nil, for every format, and for bytes that are none.
        #expect(try ProvenanceReader.provenance(in: try JPEGEncoder.encodeOutput(image, quality: 80)) == nil)
        #expect(try ProvenanceReader.provenance(in: try WebPEncoder.encode(image, quality: 80, lossless: false)) == nil)
        #expect(try ProvenanceReader.provenance(in: try PNGEncoder.encode(image)) == nil)
        #expect(try ProvenanceReader.provenance(in: []) == nil)
    }

    @Test func provenanceReaderSurvivesEveryTruncation() throws {
        let image = Self.cardLike(width: 16, height: 16)
        for file in [
            try JPEGEncoder.encodeOutput(image, quality: 50, note: Self.provenance),
            try WebPEncoder.encode(image, quality: 50, lossless: false, note: Self.provenance),
        ] {
            for length in 0..<file.count {
                let found = try ProvenanceReader.provenance(in: Array(file.prefix(length)))
                #expect(found == nil || found == Self.provenance)
            }
        }
    }

    @Test(
        .enabled(if: toolsPresent && pillowPresent, "webpmux or Pillow is missing (Debian packages webp, python3-pil)"))
    func provenanceIsWellFormedForIndependentReaders() throws {
        try withTemporaryFolder { folder in
            let image = Self.cardLike(width: 40, height: 24)
            try Data(try JPEGEncoder.encodeOutput(image, quality: 80, note: Self.provenance))
                .write(to: URL(fileURLWithPath: folder + "/a.jpg"))
            try Data(try WebPEncoder.encode(image, quality: 80, lossless: false, note: Self.provenance))
                .write(to: URL(fileURLWithPath: folder + "/a.webp"))

            // webpmux finds the XMP chunk; Python's XML parser reads the property from it.
            let info = try Self.run("/usr/bin/webpmux", ["-info", folder + "/a.webp"])
            #expect(info.status == 0 && String(decoding: info.output, as: UTF8.self).contains("XMP"), "\(info.error)")
            let extracted = try Self.run(
                "/usr/bin/webpmux", ["-get", "xmp", folder + "/a.webp", "-o", folder + "/a.xmp"])
            #expect(extracted.status == 0, "\(extracted.error)")
            let reader = """
                import sys, xml.etree.ElementTree as tree
                from PIL import Image
                root = tree.parse(sys.argv[1]).getroot()
                spec = root.find('.//{\(XMPPacket.namespace)}spec')
                sys.stdout.buffer.write(spec.text.encode('utf-8') + b'\\0')
                # Pillow: the COM segment, and both files decode whole.
                jpeg = Image.open(sys.argv[2]); jpeg.load()
                comments = [body for name, body in jpeg.applist if name == 'COM']
                sys.stdout.buffer.write(comments[0] + b'\\0')
                webp = Image.open(sys.argv[3]); webp.load()
                sys.stdout.buffer.write(('%s %dx%d' % (webp.format, webp.size[0], webp.size[1])).encode())
                """
            let read = try Self.run(
                "/usr/bin/python3", ["-c", reader, folder + "/a.xmp", folder + "/a.jpg", folder + "/a.webp"])
            #expect(read.status == 0, "\(read.error)")
            let parts = [UInt8](read.output).split(separator: 0, omittingEmptySubsequences: false)
            try #require(parts.count == 3)
            #expect(String(decoding: parts[0], as: UTF8.self) == Self.provenance)
            #expect(String(decoding: parts[1], as: UTF8.self) == "wallgen " + Self.provenance)
            #expect(String(decoding: parts[2], as: UTF8.self) == "WEBP 40x24")
        }
    }
}
