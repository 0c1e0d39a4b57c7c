import Compositor
import Foundation
import TestSupport
import Testing

/// WebP and HEIC backgrounds end to end: made by libwebp's and libheif's own tools,
/// sniffed from their bytes, drawn the right way up; and their hostile cases, each a
/// clear message, status 65, a small memory peak and no file left behind.
@Suite(
    .enabled(
        if: ReferenceTests.installed("cwebp") && ReferenceTests.installed("img2webp")
            && ReferenceTests.installed("heif-enc"),
        "cwebp, img2webp or heif-enc is missing (Debian: webp, libheif-examples)"))
struct PictureFormatInputTests {
    /// Memory a refused input may cost: the program itself plus a little.
    static let ceiling = 80.0

    /// A landscape picture with a red top left, green top right and blue bottom left
    /// (a quarter each side, half the height), grey elsewhere.
    static func landscape(width: Int = 128, height: Int = 64) -> [UInt8] {
        PNGTestWriter(width: width, height: height, bitDepth: 8, colorType: .rgb) { x, y in
            switch (x < width / 4, x >= width * 3 / 4, y < height / 2) {
            case (true, _, true): [220, 30, 30]
            case (_, true, true): [30, 200, 30]
            case (true, _, false): [30, 30, 220]
            default: [128, 128, 128]
            }
        }.encode()
    }

    func tool(_ arguments: [String], in folder: String) throws {
        let run = try launch(arguments, in: folder, executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(run.status == 0, "\(arguments): \(run.standardError)")
    }

    func write(_ bytes: [UInt8], _ name: String, in folder: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    func read(_ name: String, in folder: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// `bytes` as --background: refused with `status` and `message`, within the memory
    /// ceiling, leaving only the input in the folder.
    func refuse(_ bytes: [UInt8], named name: String, status: Int32 = 65, message: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try write(bytes, name, in: folder)
        let run = try measuredRun(["--background", name, "--size", "64x64", "-o", "out.png"], in: folder)
        #expect(run.status == status, "\(name): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(name): \(run.standardError)")
        #expect(run.peakMegabytes < Self.ceiling, "\(name) took \(run.peakMegabytes) MB")
        #expect(filesIn(folder) == [name], "\(name) left \(filesIn(folder))")
    }

    /// A HEIC and a WebP of the landscape picture, made in `folder`.
    func made(in folder: String) throws -> (heic: [UInt8], webp: [UInt8]) {
        try write(Self.landscape(), "in.png", in: folder)
        try tool(["heif-enc", "-q", "90", "in.png", "-o", "in.heic"], in: folder)
        try tool(["cwebp", "-quiet", "-q", "90", "in.png", "-o", "in.webp"], in: folder)
        return (try read("in.heic", in: folder), try read("in.webp", in: folder))
    }

    @Test func truncatedFilesAreDamaged() throws {
        let (heic, webp) = try withTemporaryFolder { try made(in: $0) }
        try refuse(Array(webp.prefix(webp.count / 2)), named: "cut.webp", message: "damaged WebP data")
        try refuse(Array(heic.prefix(heic.count * 2 / 3)), named: "cut.heic", message: "damaged HEIF data")
    }

    /// Headers declaring billions of pixels are refused before any pixel memory is taken,
    /// and the message names the option that raises the limit.
    @Test func decompressionBombsAreRefusedFromTheHeader() throws {
        let webpBomb = [UInt8](
            try Data(
                contentsOf: URL(fileURLWithPath: repositoryRoot + "/Fuzz/regressions/webp/vp8x-claims-16384x16384.webp")
            ))
        try refuse(webpBomb, named: "bomb.webp", message: "16384x16384 (268435456 pixels), above the limit")
        try refuse(webpBomb, named: "bomb.webp", message: "a larger --max-pixels raises the limit")
        var heic = try withTemporaryFolder { try made(in: $0).heic }
        let ispe = try #require(heic.firstRange(of: Array("ispe".utf8)))
        heic.replaceSubrange(
            (ispe.upperBound + 4)..<(ispe.upperBound + 12), with: [0, 0, 0xEA, 0x60, 0, 0, 0xEA, 0x60])
        try refuse(heic, named: "bomb.heic", message: "60000x60000 (3600000000 pixels), above the limit")
        try refuse(heic, named: "bomb.heic", message: "--max-pixels")
        // FuzzHEIC's finding: an overlay's canvas is in its own data, not an ispe; libheif
        // 1.15 would allocate it (2 GB) after checking each side alone.
        let overlay = [UInt8](
            try Data(
                contentsOf: URL(
                    fileURLWithPath: repositoryRoot + "/Fuzz/regressions/heic/overlay-canvas-claims-2-gigabytes.heic")))
        try refuse(overlay, named: "overlay.heic", message: "36190x59460 (2151857400 pixels), above the limit")
    }

    /// VVC inside (a codec this libheif cannot decode): unsupported, not damaged.
    @Test func anUnsupportedCodecIsNamed() throws {
        var heic = try withTemporaryFolder { try made(in: $0).heic }
        let type = try #require(heic.firstRange(of: Array("hvc1".utf8)))
        heic.replaceSubrange(type, with: Array("vvc1".utf8))
        try refuse(heic, named: "vvc.heic", message: "unsupported HEIF: the picture inside is compressed with a codec")
    }

    @Test func emptyFilesAndOtherRIFFs() throws {
        try refuse([], named: "empty.webp", message: "the file is empty")
        try refuse([], named: "empty.heic", message: "the file is empty")
        let riff = Array("RIFF".utf8) + [40, 0, 0, 0]
        try refuse(
            riff + Array("WEBP".utf8) + Array(repeating: 0x5A, count: 40), named: "garbage.webp",
            message: "damaged WebP data")
        try refuse(
            riff + Array("AVI LIST".utf8) + Array(repeating: 0, count: 32), named: "movie.webp",
            message:
                "is not a JPEG, PNG, WebP, HEIC or AVIF picture (it looks like a RIFF file of another kind (a sound or a video))"
        )
    }

    /// Pictures are sniffed, not named: a PNG called .heic is read as the PNG it is.
    @Test func aPNGNamedHEICIsAPNG() throws {
        try withTemporaryFolder { folder in
            try write(Self.landscape(width: 64, height: 64), "photo.heic", in: folder)
            let run = try launch(
                ["-b", "photo.heic", "--size", "64x64", "--alpha", "1", "--label", "off", "-o", "out.png"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let image = try ImageDecoder.decode(read("out.png", in: folder))
            let red = image[8, 8]
            #expect(red.r > 150 && red.g < 60, "\(red)")
        }
    }

    /// An animated WebP: its first frame, and a note saying so on standard error.
    @Test func anAnimatedWebPGivesItsFirstFrameWithANote() throws {
        try withTemporaryFolder { folder in
            try write(Self.landscape(width: 64, height: 64), "first.png", in: folder)
            let black = PNGTestWriter(width: 64, height: 64, bitDepth: 8, colorType: .rgb) { _, _ in [0, 0, 0] }
            try write(black.encode(), "second.png", in: folder)
            try tool(["img2webp", "-lossless", "first.png", "second.png", "-o", "moving.webp"], in: folder)
            let run = try launch(
                ["-b", "moving.webp", "--size", "64x64", "--alpha", "1", "--label", "off", "-o", "out.png"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(
                run.standardError.contains(
                    "Note: --background 'moving.webp': it is an animated WebP of 2 frames; only the first frame is used"
                ),
                "\(run.standardError)")
            let image = try ImageDecoder.decode(read("out.png", in: folder))
            #expect(image[8, 8].r > 150 && image[8, 8].g < 60, "the first frame, not the black second: \(image[8, 8])")
        }
    }

    /// An iPhone-style portrait photo: stored landscape with a quarter turn clockwise
    /// (irot 3) and the same turn in its Exif, which must not be applied again. As a
    /// background its corners land where a person holding the phone saw them.
    @Test func aTurnedHEICIsABackgroundTheRightWayUp() throws {
        try withTemporaryFolder { folder in
            _ = try made(in: folder)
            try tool(
                [
                    "/usr/bin/python3", repositoryRoot + "/Tests/Tools/add-heif-property.py", "in.heic", "photo.heic",
                    "irot", "3",
                ],
                in: folder)
            let run = try launch(
                ["-b", "photo.heic", "--size", "64x128", "--alpha", "1", "--label", "off", "-o", "out.png"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let image = try ImageDecoder.decode(read("out.png", in: folder))
            #expect(image.width == 64 && image.height == 128)
            let blue = image[16, 16]
            let red = image[48, 16]
            let green = image[48, 100]
            let grey = image[16, 100]
            #expect(blue.b > 150 && blue.r < 60 && blue.g < 60, "top left should be blue: \(blue)")
            #expect(red.r > 150 && red.g < 60 && red.b < 60, "top right should be red: \(red)")
            #expect(green.g > 120 && green.r < 60 && green.b < 60, "bottom right should be green: \(green)")
            #expect(abs(Int(grey.r) - Int(grey.b)) < 10 && abs(Int(grey.r) - Int(grey.g)) < 10, "grey: \(grey)")
        }
    }
}
