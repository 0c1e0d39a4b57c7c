import Compositor
import Foundation
import TestSupport
import Testing

/// WebP pictures made by libwebp's own tools decode to the pixels libwebp's own decoder
/// (dwebp) gives, or to the original pixels where the encoding is lossless.
@Suite(.enabled(if: PictureTools.webp, "cwebp, dwebp, img2webp or webpmux is missing (Debian: webp)"))
struct WebPDecoderTests {
    let width = 96
    let height = 64

    /// cwebp's output from a pattern PNG, and dwebp's decoding of it.
    func encoded(_ options: [String], alpha: Bool = false, in folder: String) throws -> (webp: [UInt8], pam: Image) {
        try PictureTools.write(
            PictureTools.patternPNG(width: width, height: height, alpha: alpha), to: folder + "/in.png")
        try PictureTools.run("cwebp", ["-quiet"] + options + ["in.png", "-o", "out.webp"], in: folder)
        try PictureTools.run("dwebp", ["-quiet", "out.webp", "-pam", "-o", "reference.pam"], in: folder)
        return (
            try PictureTools.read(folder + "/out.webp"),
            try PictureTools.pam(PictureTools.read(folder + "/reference.pam"))
        )
    }

    /// Lossless WebP gives back exactly the pixels it was made from, alpha and all
    /// (-exact keeps the colour under transparent pixels).
    @Test func losslessIsExact() throws {
        try withTemporaryFolder { folder in
            let (webp, _) = try encoded(["-lossless", "-exact"], alpha: true, in: folder)
            let decoded = try ImageDecoder.decode(webp)
            #expect(
                PictureTools.largestDifference(
                    decoded, PictureTools.patternImage(width: width, height: height, alpha: true)) == 0)
        }
    }

    /// Lossy WebP, opaque and with alpha: within 1 of dwebp's pixels (the same library,
    /// so they should agree), and near the original (the codec's loss).
    @Test(arguments: [false, true]) func lossyMatchesDwebp(alpha: Bool) throws {
        try withTemporaryFolder { folder in
            let (webp, reference) = try encoded(["-q", "90"], alpha: alpha, in: folder)
            let decoded = try ImageDecoder.decode(webp)
            let difference = try #require(PictureTools.largestDifference(decoded, reference))
            #expect(difference <= 1, "largest difference from dwebp: \(difference)")
            let original = PictureTools.patternImage(width: width, height: height, alpha: alpha)
            #expect(PictureTools.meanDifference(decoded, original) < 4)
            #expect(decoded.isOpaque == !alpha)
        }
    }

    /// The header alone gives the size; an animation's is its canvas's.
    @Test func sizeComesFromTheHeader() throws {
        try withTemporaryFolder { folder in
            let (webp, _) = try encoded(["-q", "50"], in: folder)
            let size = try ImageDecoder.size(of: webp)
            #expect(size.width == width && size.height == height)
        }
    }

    /// An animation (made by img2webp, losslessly): its first frame, exactly, and a note
    /// saying how many frames were left out.
    @Test func animationGivesItsFirstFrameAndANote() throws {
        try withTemporaryFolder { folder in
            try PictureTools.write(PictureTools.patternPNG(width: width, height: height), to: folder + "/first.png")
            let second = PNGTestWriter(width: width, height: height, bitDepth: 8, colorType: .rgba) { _, _ in
                [0, 0, 0, 255]
            }
            try PictureTools.write(second.encode(), to: folder + "/second.png")
            try PictureTools.run(
                "img2webp", ["-loop", "0", "-lossless", "first.png", "second.png", "first.png", "-o", "animated.webp"],
                in: folder)
            let (image, notes) = try ImageDecoder.decodeNoting(PictureTools.read(folder + "/animated.webp"))
            #expect(notes == [.firstFrameOfAnimation(frames: 3)])
            #expect(PictureTools.largestDifference(image, PictureTools.patternImage(width: width, height: height)) == 0)
        }
    }

    /// An ICC profile in the container (added by webpmux) is honoured: with a linear
    /// profile, values come out as the sRGB encoding of that light.
    @Test func anICCProfileIsConvertedToSRGB() throws {
        try withTemporaryFolder { folder in
            let solid = PNGTestWriter(width: 16, height: 16, bitDepth: 8, colorType: .rgba) { _, _ in
                [64, 128, 200, 255]
            }
            try PictureTools.write(solid.encode(), to: folder + "/in.png")
            try PictureTools.write(ICCTestProfile.linearSRGB(), to: folder + "/linear.icc")
            try PictureTools.run("cwebp", ["-quiet", "-lossless", "in.png", "-o", "plain.webp"], in: folder)
            try PictureTools.run(
                "webpmux", ["-set", "icc", "linear.icc", "plain.webp", "-o", "tagged.webp"], in: folder)
            let tagged = try ImageDecoder.decode(PictureTools.read(folder + "/tagged.webp"))[8, 8]
            let plain = try ImageDecoder.decode(PictureTools.read(folder + "/plain.webp"))[8, 8]
            #expect(
                abs(Int(tagged.r) - ColorProfileTests.srgb(64)) <= 2
                    && abs(Int(tagged.g) - ColorProfileTests.srgb(128)) <= 2
                    && abs(Int(tagged.b) - ColorProfileTests.srgb(200)) <= 2, "\(tagged)")
            #expect(plain == PremultipliedPixel(r: 64, g: 128, b: 200, a: 255), "without a profile the values are kept")
        }
    }

    /// Damaged files are errors naming WebP, at every length they might be cut to.
    @Test func truncationsAreErrors() throws {
        try withTemporaryFolder { folder in
            let (webp, _) = try encoded(["-q", "80"], alpha: true, in: folder)
            for length in stride(from: 1, to: webp.count, by: max(1, webp.count / 40)) {
                #expect(throws: ImageDecodingError.self, "cut to \(length) bytes") {
                    _ = try ImageDecoder.decode(Array(webp.prefix(length)))
                }
            }
        }
    }

    /// A canvas of 16383x16383 (the format's largest) declared by a 44-byte file is
    /// refused from its header, with its size.
    @Test func aHeaderBombIsRefusedBeforeDecoding() throws {
        let bomb = try PictureTools.read(repositoryRoot + "/Fuzz/regressions/webp/vp8x-claims-16384x16384.webp")
        #expect(throws: ImageDecodingError.tooManyPixels(width: 16384, height: 16384, limit: 100_000_000)) {
            _ = try ImageDecoder.decode(bomb)
        }
    }
}
