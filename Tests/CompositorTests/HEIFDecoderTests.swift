import Compositor
import Foundation
import TestSupport
import Testing

/// HEIF pictures made by libheif's heif-enc (HEVC through x265, AV1 through aom) decode
/// to the pixels heif-convert gives, turned as the file says and converted to sRGB.
@Suite(.enabled(if: PictureTools.heif, "heif-enc or heif-convert is missing (Debian: libheif-examples)"))
struct HEIFDecoderTests {
    let width = 128
    let height = 64

    /// Adds a property to a HEIF's primary picture with the tests' own box writer
    /// (`Tests/Tools/add-heif-property.py`), since heif-enc 1.15 cannot.
    static func addProperty(_ arguments: [String], in folder: String) throws {
        try PictureTools.run(
            "/usr/bin/python3", [repositoryRoot + "/Tests/Tools/add-heif-property.py"] + arguments, in: folder)
    }

    /// heif-enc's output from a pattern PNG (`extra` options first), and heif-convert's
    /// decoding of `name`, read by the PNG decoder.
    func encoded(_ extra: [String] = [], alpha: Bool = false, name: String = "out.heic", in folder: String) throws
        -> [UInt8]
    {
        try PictureTools.write(
            PictureTools.patternPNG(width: width, height: height, alpha: alpha), to: folder + "/in.png")
        try PictureTools.run("heif-enc", ["-q", "90"] + extra + ["in.png", "-o", name], in: folder)
        return try PictureTools.read(folder + "/" + name)
    }

    func reference(_ name: String, in folder: String) throws -> Image {
        try PictureTools.run("heif-convert", [name, "reference.png"], in: folder)
        return try ImageDecoder.decode(PictureTools.read(folder + "/reference.png"))
    }

    /// HEIC (opaque and with an alpha plane) and AVIF: within 1 of heif-convert, and near
    /// the original.
    @Test(arguments: [("out.heic", false), ("alpha.heic", true), ("out.avif", false)])
    func matchesHeifConvert(name: String, alpha: Bool) throws {
        try withTemporaryFolder { folder in
            let file = try encoded(name.hasSuffix(".avif") ? ["-A"] : [], alpha: alpha, name: name, in: folder)
            let decoded = try ImageDecoder.decode(file)
            let difference = try #require(PictureTools.largestDifference(decoded, reference(name, in: folder)))
            #expect(difference <= 1, "largest difference from heif-convert: \(difference)")
            #expect(
                PictureTools.meanDifference(
                    decoded, PictureTools.patternImage(width: width, height: height, alpha: alpha)) < 6)
            #expect(decoded.isOpaque == !alpha)
        }
    }

    /// heif-enc wraps a picture this small in a one-tile grid: the grid's canvas is found
    /// and checked, and the picture decodes as heif-convert decodes it.
    @Test func aGridDecodes() throws {
        try withTemporaryFolder { folder in
            try PictureTools.write(PictureTools.patternPNG(width: 64, height: 32), to: folder + "/in.png")
            try PictureTools.run("heif-enc", ["-q", "90", "in.png", "-o", "grid.heic"], in: folder)
            let file = try PictureTools.read(folder + "/grid.heic")
            #expect(file.firstRange(of: Array("grid".utf8)) != nil, "heif-enc wrote a grid")
            let decoded = try ImageDecoder.decode(file)
            let difference = try #require(PictureTools.largestDifference(decoded, reference("grid.heic", in: folder)))
            #expect(difference <= 1)
            #expect(throws: ImageDecodingError.tooManyPixels(width: 64, height: 32, limit: 2000)) {
                _ = try ImageDecoder.decode(file, limits: DecodeLimits(maxPixels: 2000))
            }
            // The grid's own canvas (in idat: version, flags, rows - 1, columns - 1, width,
            // height) claiming 60000x60000 while its ispe says 64x32: refused, not allocated.
            var bomb = file
            let idat = try #require(bomb.firstRange(of: Array("idat".utf8)))
            bomb.replaceSubrange((idat.upperBound + 4)..<(idat.upperBound + 8), with: [0xEA, 0x60, 0xEA, 0x60])
            #expect(throws: ImageDecodingError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
                _ = try ImageDecoder.decode(bomb)
            }
        }
    }

    /// A small picture fits the fuzz targets' tight limits (64 MiB of library memory): the
    /// memory estimate must not refuse every HEIF, or the fuzzer never reaches a decoder.
    @Test func smallPicturesFitTightLimits() throws {
        try withTemporaryFolder { folder in
            let file = try encoded(alpha: true, in: folder)
            let limits = DecodeLimits(maxPixels: 4_000_000, maxLibraryMemory: 64 << 20)
            #expect(try ImageDecoder.decode(file, limits: limits).width == width)
        }
    }

    /// A 10-bit HEIC (from a 16-bit PNG) comes out as 8-bit: within 1 of heif-convert's
    /// 16-bit output scaled to 8 bits.
    @Test func tenBitsBecomeEight() throws {
        try withTemporaryFolder { folder in
            let deep = PNGTestWriter(width: width, height: height, bitDepth: 16, colorType: .rgb) { x, y in
                [x * 65535 / 127, y * 65535 / 63, 40000]
            }
            try PictureTools.write(deep.encode(), to: folder + "/in.png")
            try PictureTools.run("heif-enc", ["-b", "10", "-q", "95", "in.png", "-o", "deep.heic"], in: folder)
            let decoded = try ImageDecoder.decode(PictureTools.read(folder + "/deep.heic"))
            let difference = try #require(PictureTools.largestDifference(decoded, reference("deep.heic", in: folder)))
            #expect(difference <= 1, "largest difference from heif-convert: \(difference)")
            #expect(abs(Int(decoded[127, 0].r) - 255) <= 3 && abs(Int(decoded[0, 63].g) - 255) <= 3)
        }
    }

    /// Each rotation (irot) is applied, once, as heif-convert applies it: the landscape
    /// pattern turned a quarter anticlockwise has its green corner at the top left.
    @Test(arguments: [1, 2, 3]) func rotationIsApplied(quarters: Int) throws {
        try withTemporaryFolder { folder in
            _ = try encoded(in: folder)
            try Self.addProperty(["out.heic", "turned.heic", "irot", "\(quarters)"], in: folder)
            let file = try PictureTools.read(folder + "/turned.heic")
            let decoded = try ImageDecoder.decode(file)
            let size = try ImageDecoder.size(of: file)
            let turned = quarters % 2 == 1
            #expect(decoded.width == (turned ? height : width) && decoded.height == (turned ? width : height))
            #expect(size.width == decoded.width && size.height == decoded.height)
            let difference = try #require(PictureTools.largestDifference(decoded, reference("turned.heic", in: folder)))
            #expect(difference <= 1, "largest difference from heif-convert: \(difference)")
            // Where the pattern's red (top left of the original) went.
            let red = [
                1: (4, decoded.height - 5), 2: (decoded.width - 5, decoded.height - 5), 3: (decoded.width - 5, 4),
            ][
                quarters]!
            let pixel = decoded[red.0, red.1]
            #expect(pixel.r > 200 && pixel.g < 90 && pixel.b < 90, "\(pixel) at \(red)")
        }
    }

    /// An iPhone writes the orientation twice: as irot, which is applied, and as an Exif
    /// Orientation tag, which per the HEIF standard is not. heif-enc keeps the Exif of a
    /// JPEG (tag 6, "turn 90° clockwise"); with irot 3 (the same turn) the photo must be
    /// turned once, not twice.
    @Test func exifOrientationIsNotAppliedOnTop() throws {
        try withTemporaryFolder { folder in
            let pattern = PictureTools.patternImage(width: width, height: height)
            let exif: [UInt8] =
                Array("Exif".utf8) + [0, 0] + [
                    0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0,
                ]
                + [0, 0, 0, 0]
            let jpeg = try JPEGEncoder.encode(pattern, quality: 95)
            // APP1 right after SOI.
            let app1 = [0xFF, 0xE1] + [UInt8((exif.count + 2) >> 8), UInt8((exif.count + 2) & 0xFF)] + exif
            try PictureTools.write(Array(jpeg.prefix(2)) + app1 + Array(jpeg.dropFirst(2)), to: folder + "/photo.jpg")
            try PictureTools.run("heif-enc", ["-q", "90", "photo.jpg", "-o", "plain.heic"], in: folder)
            try Self.addProperty(["plain.heic", "photo.heic", "irot", "3"], in: folder)
            let file = try PictureTools.read(folder + "/photo.heic")
            #expect(file.windowsContain([0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6]), "heif-enc kept the Exif orientation")
            let decoded = try ImageDecoder.decode(file)
            #expect(decoded.width == height && decoded.height == width)
            let difference = try #require(PictureTools.largestDifference(decoded, reference("photo.heic", in: folder)))
            #expect(difference <= 1)
            let topRight = decoded[decoded.width - 5, 4]  // red: turned clockwise once
            #expect(topRight.r > 200 && topRight.g < 90, "\(topRight)")
        }
    }

    /// An ICC profile in the file (heif-enc copies a PNG's iCCP) is honoured.
    @Test func anICCProfileIsConvertedToSRGB() throws {
        try withTemporaryFolder { folder in
            var solid = PNGTestWriter(width: width, height: height, bitDepth: 8, colorType: .rgb) { _, _ in
                [64, 128, 200]
            }
            solid.extraChunks = [
                (
                    "iCCP",
                    Array("linear".utf8) + [0, 0] + PNGTestWriter.zlibStored(ICCTestProfile.linearSRGB())
                )
            ]
            try PictureTools.write(solid.encode(), to: folder + "/in.png")
            try PictureTools.run(
                "heif-enc", ["-L", "-p", "chroma=444", "--matrix_coefficients=0", "in.png", "-o", "tagged.heic"],
                in: folder)
            let p = try ImageDecoder.decode(PictureTools.read(folder + "/tagged.heic"))[8, 8]
            #expect(
                abs(Int(p.r) - ColorProfileTests.srgb(64)) <= 2 && abs(Int(p.g) - ColorProfileTests.srgb(128)) <= 2
                    && abs(Int(p.b) - ColorProfileTests.srgb(200)) <= 2, "\(p)")
        }
    }

    /// nclx colours (BT.2020 primaries, sRGB's curve) are converted to sRGB: against the
    /// same conversion done here in Double arithmetic from the two sets of primaries.
    @Test func nclxPrimariesAreConvertedToSRGB() throws {
        try withTemporaryFolder { folder in
            let solid = PNGTestWriter(width: width, height: height, bitDepth: 8, colorType: .rgb) { _, _ in
                [150, 120, 100]
            }
            try PictureTools.write(solid.encode(), to: folder + "/in.png")
            // heif-enc's defaults: BT.601 matrix, full range, as the added nclx boxes say.
            try PictureTools.run("heif-enc", ["-q", "95", "in.png", "-o", "plain.heic"], in: folder)
            try Self.addProperty(["plain.heic", "bt2020.heic", "nclx", "9", "13", "6", "1"], in: folder)
            try Self.addProperty(["plain.heic", "srgb.heic", "nclx", "1", "13", "6", "1"], in: folder)
            let converted = try ImageDecoder.decode(PictureTools.read(folder + "/bt2020.heic"))[8, 8]
            let kept = try ImageDecoder.decode(PictureTools.read(folder + "/srgb.heic"))[8, 8]
            #expect(
                abs(Int(kept.r) - 150) <= 3 && abs(Int(kept.g) - 120) <= 3 && abs(Int(kept.b) - 100) <= 3,
                "sRGB is left alone: \(kept)")
            let expected = Self.bt2020ToSRGB([Int(kept.r), Int(kept.g), Int(kept.b)])
            #expect(
                abs(Int(converted.r) - expected[0]) <= 2 && abs(Int(converted.g) - expected[1]) <= 2
                    && abs(Int(converted.b) - expected[2]) <= 2, "\(converted) against \(expected)")
            #expect(abs(expected[0] - Int(kept.r)) > 10, "the test colour must move: \(expected)")
        }
    }

    /// BT.2020-primaries RGB with sRGB's transfer curve, as sRGB bytes: decode the curve,
    /// RGB to XYZ by the BT.2020 primaries, XYZ to RGB by sRGB's (both D65), encode.
    static func bt2020ToSRGB(_ values: [Int]) -> [Int] {
        func toXYZ(_ p: [(Double, Double)]) -> [[Double]] {
            let columns = p.prefix(3).map { x, y in [x / y, 1, (1 - x - y) / y] }
            let (wx, wy) = p[3]
            let white = [wx / wy, 1, (1 - wx - wy) / wy]
            let s = solve(columns, white)
            return (0..<3).map { row in (0..<3).map { columns[$0][row] * s[$0] } }
        }
        func solve(_ c: [[Double]], _ w: [Double]) -> [Double] {  // c's columns times s = w, by Cramer's rule
            func det(_ m: [[Double]]) -> Double {
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                    + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            }
            let matrix = (0..<3).map { row in (0..<3).map { c[$0][row] } }
            return (0..<3).map { column in
                det(
                    matrix.enumerated().map { row, r in r.enumerated().map { $0.offset == column ? w[row] : $0.element }
                    })
                    / det(matrix)
            }
        }
        func inverse(_ m: [[Double]]) -> [[Double]] {
            (0..<3).map { row in
                solve((0..<3).map { column in m.map { $0[column] } }, (0..<3).map { $0 == row ? 1 : 0 })
            }
            .transposed()
        }
        let d65 = (0.3127, 0.3290)
        let bt2020 = toXYZ([(0.708, 0.292), (0.170, 0.797), (0.131, 0.046), d65])
        let srgb = inverse(toXYZ([(0.64, 0.33), (0.30, 0.60), (0.15, 0.06), d65]))
        let linear = values.map { v -> Double in
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let xyz = bt2020.map { row in zip(row, linear).map(*).reduce(0, +) }
        return srgb.map { row in
            let l = min(1, max(0, zip(row, xyz).map(*).reduce(0, +)))
            let c = l <= 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055
            return Int((c * 255).rounded())
        }
    }

    /// A picture whose codec this libheif has no decoder for (VVC, written over the item
    /// type of an HEVC picture) is refused as unsupported, naming the codecs that are.
    @Test func anUnsupportedCodecIsRefused() throws {
        try withTemporaryFolder { folder in
            var file = try encoded(in: folder)
            let type = try #require(file.firstRange(of: Array("hvc1".utf8)))
            file.replaceSubrange(type, with: Array("vvc1".utf8))
            #expect {
                _ = try ImageDecoder.decode(file)
            } throws: { error in
                guard case .unsupported(.heif, let reason) = error as? ImageDecodingError else { return false }
                return reason.contains("codec") && reason.contains("HEVC")
            }
        }
    }

    /// Damaged files are errors, at every length they might be cut to.
    @Test func truncationsAreErrors() throws {
        try withTemporaryFolder { folder in
            let file = try encoded(alpha: true, in: folder)
            for length in stride(from: 1, to: file.count, by: max(1, file.count / 40)) {
                #expect(throws: ImageDecodingError.self, "cut to \(length) bytes") {
                    _ = try ImageDecoder.decode(Array(file.prefix(length)))
                }
            }
        }
    }

    /// An ispe declaring 60000x60000 (3.6 billion pixels) is refused from the header,
    /// with the size; libheif's own side limit follows --max-pixels.
    @Test func aHeaderBombIsRefusedBeforeDecoding() throws {
        try withTemporaryFolder { folder in
            var file = try encoded(in: folder)
            let ispe = try #require(file.firstRange(of: Array("ispe".utf8)))
            let side: [UInt8] = [0, 0, 0xEA, 0x60]  // 60000
            file.replaceSubrange((ispe.upperBound + 4)..<(ispe.upperBound + 12), with: side + side)
            #expect(throws: ImageDecodingError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
                _ = try ImageDecoder.decode(file)
            }
            #expect(throws: ImageDecodingError.self) {
                _ = try ImageDecoder.decode(file, limits: DecodeLimits(maxPixels: 1000))
            }
        }
    }
}

extension Array where Element == [Double] {
    fileprivate func transposed() -> [[Double]] { (0..<self[0].count).map { column in map { $0[column] } } }
}

extension Array where Element == UInt8 {
    fileprivate func windowsContain(_ needle: [UInt8]) -> Bool { firstRange(of: needle) != nil }
}
