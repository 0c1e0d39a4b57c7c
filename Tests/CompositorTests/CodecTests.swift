import Compositor
import TestSupport
import Testing

@Suite struct PNGDecodingTests {
    /// Straight RGBA8 as PNG defines it, premultiplied with rounding: what the decoder
    /// must return.
    static func premultiplied(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PremultipliedPixel {
        func m(_ c: Int) -> UInt8 { UInt8((Double(c) * Double(a) / 255).rounded()) }
        return PremultipliedPixel(r: m(r), g: m(g), b: m(b), a: UInt8(a))
    }

    /// Scales a sample of `depth` bits to 8 bits: exact for 1, 2, 4 and 8 bits (bit
    /// replication), nearest for 16.
    static func to8(_ value: Int, depth: Int) -> Int {
        Int((Double(value) * 255 / Double((1 << depth) - 1)).rounded())
    }

    static func check(_ writer: PNGTestWriter, expected: (Int, Int) -> PremultipliedPixel, tolerance: Int = 0) throws {
        let image = try ImageDecoder.decode(writer.encode())
        #expect(image.width == writer.width && image.height == writer.height)
        for y in 0..<writer.height {
            for x in 0..<writer.width {
                let got = image[x, y], want = expected(x, y)
                let deltas = [
                    Int(got.r) - Int(want.r), Int(got.g) - Int(want.g), Int(got.b) - Int(want.b),
                    Int(got.a) - Int(want.a),
                ]
                #expect(deltas.allSatisfy { abs($0) <= tolerance }, "(\(x), \(y)): \(got) vs \(want)")
            }
        }
    }

    @Test(arguments: [1, 2, 4, 8, 16], [false, true])
    func grayscale(depth: Int, interlaced: Bool) throws {
        let maxValue = (1 << depth) - 1
        let value = { (x: Int, y: Int) in (x * 7 + y * 3) % (maxValue + 1) }
        var writer = PNGTestWriter(width: 13, height: 11, bitDepth: depth, colorType: .gray) { x, y in [value(x, y)] }
        writer.interlaced = interlaced
        try Self.check(
            writer,
            expected: { x, y in
                let v = Self.to8(value(x, y), depth: depth)
                return Self.premultiplied(v, v, v, 255)
            }, tolerance: depth == 16 ? 1 : 0)
    }

    @Test(arguments: [8, 16]) func rgbAndRGBA(depth: Int) throws {
        let top = (1 << depth) - 1
        let rgb = PNGTestWriter(width: 9, height: 10, bitDepth: depth, colorType: .rgb) { x, y in
            [x * top / 8, y * top / 9, (x + y) * top / 17]
        }
        try Self.check(
            rgb,
            expected: { x, y in
                Self.premultiplied(
                    Self.to8(x * top / 8, depth: depth), Self.to8(y * top / 9, depth: depth),
                    Self.to8((x + y) * top / 17, depth: depth), 255)
            }, tolerance: depth == 16 ? 1 : 0)
        var rgba = PNGTestWriter(width: 9, height: 10, bitDepth: depth, colorType: .rgba) { x, y in
            [x * top / 8, top / 2, y * top / 9, (x * 10 + y) * top / 89]
        }
        rgba.interlaced = true
        try Self.check(
            rgba,
            expected: { x, y in
                Self.premultiplied(
                    Self.to8(x * top / 8, depth: depth), Self.to8(top / 2, depth: depth),
                    Self.to8(y * top / 9, depth: depth), Self.to8((x * 10 + y) * top / 89, depth: depth))
            }, tolerance: 1)
    }

    @Test(arguments: [8, 16]) func grayAlpha(depth: Int) throws {
        let top = (1 << depth) - 1
        let writer = PNGTestWriter(width: 6, height: 5, bitDepth: depth, colorType: .grayAlpha) { x, y in
            [x * top / 5, y * top / 4]
        }
        try Self.check(
            writer,
            expected: { x, y in
                let v = Self.to8(x * top / 5, depth: depth)
                return Self.premultiplied(v, v, v, Self.to8(y * top / 4, depth: depth))
            }, tolerance: depth == 16 ? 1 : 0)
    }

    /// A palette with per-entry alpha in tRNS (entries beyond tRNS are opaque).
    @Test(arguments: [1, 2, 4, 8]) func paletteWithTransparency(depth: Int) throws {
        let entries = min(1 << depth, 6)
        var writer = PNGTestWriter(width: 7, height: 7, bitDepth: depth, colorType: .palette) { x, y in
            [(x + y) % entries]
        }
        writer.palette = (0..<entries).map { (UInt8(40 * $0), UInt8(255 - 30 * $0), UInt8(100)) }
        let alphas: [UInt8] = [0, 128, 255].prefix(entries).map { $0 }
        writer.transparency = alphas
        try Self.check(
            writer,
            expected: { x, y in
                let i = (x + y) % entries
                let alpha = i < alphas.count ? Int(alphas[i]) : 255
                return Self.premultiplied(40 * i, 255 - 30 * i, 100, alpha)
            })
    }

    /// tRNS on a grayscale or RGB image names one colour that is fully transparent.
    @Test func colourKeyTransparency() throws {
        var gray = PNGTestWriter(width: 4, height: 1, bitDepth: 8, colorType: .gray) { x, _ in [x * 50] }
        gray.transparency = [0, 50]
        try Self.check(
            gray, expected: { x, _ in x == 1 ? .transparent : Self.premultiplied(x * 50, x * 50, x * 50, 255) })
        var rgb = PNGTestWriter(width: 3, height: 1, bitDepth: 8, colorType: .rgb) { x, _ in [x, 2, 3] }
        rgb.transparency = [0, 1, 0, 2, 0, 3]
        try Self.check(rgb, expected: { x, _ in x == 1 ? .transparent : Self.premultiplied(x, 2, 3, 255) })
    }

    @Test func declaredSizeAboveLimitIsRefusedFromTheHeader() throws {
        // Only a header: no pixel data exists, so refusing before allocating is the only way.
        var header = PNGTestWriter.bigEndian(50_000) + PNGTestWriter.bigEndian(40_000)
        header += [8, 2, 0, 0, 0]
        let file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + PNGTestWriter.chunk("IHDR", header)
        #expect(throws: ImageDecodingError.tooManyPixels(width: 50_000, height: 40_000, limit: 100_000_000)) {
            try ImageDecoder.decode(file)
        }
    }

    @Test func truncatedAndDamagedFilesAreReportedNotDecoded() throws {
        let good = PNGTestWriter(width: 32, height: 32, bitDepth: 8, colorType: .rgb) { x, y in [x, y, 0] }.encode()
        for cut in [8, 20, 40, good.count / 2, good.count - 13] {
            #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(Array(good[..<cut])) }
        }
        var damaged = good
        damaged[20] ^= 0xFF  // inside IHDR: its CRC no longer matches
        #expect(throws: ImageDecodingError.self) { try ImageDecoder.decode(damaged) }
        #expect(throws: ImageDecodingError.empty) { try ImageDecoder.decode([]) }
        #expect(throws: ImageDecodingError.unrecognizedFormat) { try ImageDecoder.decode(Array("hello, world".utf8)) }
    }
}

@Suite struct PNGEncodingTests {
    /// Reads IHDR straight from the bytes: (width, height, bit depth, colour type).
    static func header(_ png: [UInt8]) -> (Int, Int, Int, Int) {
        func be(_ i: Int) -> Int { png[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20), Int(png[24]), Int(png[25]))
    }

    @Test func opaqueImageIsWrittenAsRGBAndRoundTripsExactly() throws {
        let image = randomImage(width: 33, height: 17, seed: 9, opaque: true)
        for options in [PNGEncodingOptions.fast, .standard, .small] {
            let png = try PNGEncoder.encode(image, options: options)
            let (width, height, depth, colorType) = Self.header(png)
            #expect(width == 33 && height == 17 && depth == 8 && colorType == 2)
            let decoded = try ImageDecoder.decode(png)
            for y in 0..<17 {
                for x in 0..<33 { #expect(decoded[x, y] == image[x, y]) }
            }
        }
    }

    /// Translucent pixels are stored un-premultiplied (RGBA, colour type 6); decoding
    /// premultiplies again, so a pixel comes back within rounding.
    @Test func translucentImageIsWrittenAsRGBA() throws {
        let image = randomImage(width: 20, height: 20, seed: 4)
        let png = try PNGEncoder.encode(image)
        #expect(Self.header(png).3 == 6)
        let decoded = try ImageDecoder.decode(png)
        for y in 0..<20 {
            for x in 0..<20 {
                let a = image[x, y], b = decoded[x, y]
                #expect(a.a == b.a)
                #expect(abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1)
            }
        }
    }

    /// Bands are filtered as RGB on the guess that the image is opaque, each band checking
    /// its own rows: one translucent pixel, in the first, a middle or the last band, makes
    /// the whole image RGBA, on any number of threads.
    @Test(arguments: [0, 300, 699]) func oneTranslucentPixelInAnyBandMakesTheImageRGBA(row: Int) throws {
        let image = randomImage(width: 50, height: 700, seed: 13, opaque: true)
        image[49, row] = PremultipliedPixel(r: 10, g: 20, b: 30, a: 128)
        for workers in [1, 2, 3] {
            let png = try PNGEncoder.encode(image, workers: workers)
            #expect(Self.header(png).3 == 6)
            let decoded = try ImageDecoder.decode(png)
            #expect(decoded[49, row].a == 128)
            #expect(decoded[0, 0] == image[0, 0] && decoded[49, 699 - row] == image[49, 699 - row])
        }
    }

    /// Bands never depend on the number of threads: the same bytes from 1, 2 or 3
    /// workers, at every preset; and more effort never makes a larger file.
    @Test func encodingIsTheSameOnAnyNumberOfThreads() throws {
        let image = randomImage(width: 97, height: 700, seed: 12, opaque: true)
        var sizes: [Int] = []
        for options in [PNGEncodingOptions.fast, .standard, .small] {
            let one = try PNGEncoder.encode(image, options: options, workers: 1)
            #expect(try PNGEncoder.encode(image, options: options, workers: 2) == one)
            #expect(try PNGEncoder.encode(image, options: options, workers: 3) == one)
            sizes.append(one.count)
        }
        #expect(sizes[1] <= sizes[0] && sizes[2] <= sizes[1], "\(sizes)")
    }

    @Test func emptyImageIsRefused() {
        #expect(throws: ImageEncodingError.emptyImage) { try PNGEncoder.encode(Image(width: 0, height: 5)) }
    }
}

@Suite struct JPEGDecodingTests {
    static func near(_ pixel: PremultipliedPixel, _ r: Int, _ g: Int, _ b: Int, within tolerance: Int) -> Bool {
        abs(Int(pixel.r) - r) <= tolerance && abs(Int(pixel.g) - g) <= tolerance && abs(Int(pixel.b) - b) <= tolerance
            && pixel.a == 255
    }

    @Test func rgbJPEGDecodesToItsColours() throws {
        let image = Image(width: 64, height: 32)
        for y in 0..<32 {
            for x in 0..<64 {
                image[x, y] =
                    x < 32
                    ? PremultipliedPixel(r: 200, g: 60, b: 30, a: 255)
                    : PremultipliedPixel(r: 20, g: 90, b: 210, a: 255)
            }
        }
        let decoded = try ImageDecoder.decode(JPEGEncoder.encode(image, quality: 95))
        #expect(decoded.width == 64 && decoded.height == 32)
        #expect(Self.near(decoded[8, 8], 200, 60, 30, within: 4))
        #expect(Self.near(decoded[56, 24], 20, 90, 210, within: 4))
    }

    @Test func grayscaleJPEGBecomesGrayRGB() throws {
        let samples = (0..<(40 * 24)).map { UInt8(($0 % 40) * 6) }
        let decoded = try ImageDecoder.decode(
            JPEGEncoder.encode(samples: samples, kind: .gray, width: 40, height: 24, quality: 95))
        for x in stride(from: 4, to: 36, by: 8) {
            let p = decoded[x, 12]
            #expect(p.r == p.g && p.g == p.b && p.a == 255)
            #expect(abs(Int(p.r) - x * 6) <= 4)
        }
    }

    /// Adobe-style CMYK: stored inverted (255 = no ink). 100 % cyan, no black is
    /// (0, 255, 255); 50 % black alone is mid grey.
    @Test func cmykJPEGIsConvertedToRGB() throws {
        var samples: [UInt8] = []
        for _ in 0..<16 {
            for x in 0..<32 {
                samples += x < 16 ? [0, 255, 255, 255] : [255, 255, 255, 128]
            }
        }
        let decoded = try ImageDecoder.decode(
            JPEGEncoder.encode(samples: samples, kind: .cmyk, width: 32, height: 16, quality: 98))
        #expect(Self.near(decoded[4, 8], 0, 255, 255, within: 4))
        #expect(Self.near(decoded[28, 8], 128, 128, 128, within: 4))
    }

    /// A JPEG far larger than the target is decoded at a reduced scale, never smaller
    /// than the target on either axis.
    @Test func largeJPEGIsDecodedReducedButNotBelowTarget() throws {
        let image = randomImage(width: 800, height: 600, seed: 2, opaque: true)
        let jpeg = try JPEGEncoder.encode(image)
        #expect(try ImageDecoder.size(of: jpeg) == (800, 600))
        let reduced = try ImageDecoder.decode(jpeg, coverTarget: (180, 140))
        #expect(reduced.width == 200 && reduced.height == 150)
        let full = try ImageDecoder.decode(jpeg, coverTarget: (500, 500))
        #expect(full.width == 800 && full.height == 600)
    }

    @Test func declaredSizeAboveLimitIsRefusedFromTheHeader() throws {
        var jpeg = try JPEGEncoder.encode(
            solidImage(width: 16, height: 16, PremultipliedPixel(r: 1, g: 2, b: 3, a: 255)))
        // Patch the frame header (SOF0: FF C0, length, precision, height, width).
        let sof = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        jpeg.replaceSubrange((sof + 5)...(sof + 8), with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 x 60000
        #expect(throws: ImageDecodingError.tooManyPixels(width: 60000, height: 60000, limit: 100_000_000)) {
            try ImageDecoder.decode(jpeg)
        }
    }

    @Test func truncatedJPEGIsAnError() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 64, height: 64, seed: 8, opaque: true))
        for cut in [2, 3, 100, jpeg.count / 2, jpeg.count - 2] {
            #expect(throws: ImageDecodingError.self, "cut at \(cut)") { try ImageDecoder.decode(Array(jpeg[..<cut])) }
        }
    }

    /// A progressive JPEG needs its whole coefficient buffer: it is decoded when that
    /// fits the ceiling and refused with the figure (never as damaged) when it does not.
    @Test func progressiveJPEGMemoryIsSizedFromItsHeader() throws {
        let jpeg = try JPEGEncoder.encode(
            randomImage(width: 2000, height: 2000, seed: 11, opaque: true), quality: 50, progressive: true)
        // 4:2:0: 250x250 luma blocks and two 125x125 chroma, 128 bytes each, plus 48 MiB
        // and 256 bytes per column per component of working memory: 60.9 MiB.
        let needed = (48 << 20) + 2000 * 3 * 256 + (250 * 250 + 2 * 125 * 125) * 128
        #expect((needed + (1 << 20) - 1) >> 20 == 61)
        #expect(throws: ImageDecodingError.needsMoreMemory(format: .jpeg, neededMiB: 61, limitMiB: 32)) {
            try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxLibraryMemory: 32 << 20))
        }
        let image = try ImageDecoder.decode(jpeg, limits: DecodeLimits(maxLibraryMemory: 61 << 20))
        #expect(image.width == 2000 && image.height == 2000)
        #expect(
            "\(ImageDecodingError.needsMoreMemory(format: .jpeg, neededMiB: 61, limitMiB: 32))"
                == "the JPEG needs 61 MiB of decoder memory, above the limit of 32 MiB")
    }

    /// The default ceiling follows the pixel limit, so every picture within it fits.
    @Test func libraryMemoryFollowsThePixelLimit() {
        #expect(DecodeLimits().maxLibraryMemory == 100_000_000 * 8 + (64 << 20))
        #expect(DecodeLimits(maxPixels: 1000).maxLibraryMemory == 512 << 20)
        var limits = DecodeLimits()
        limits.maxPixels = 200_000_000
        #expect(limits.maxLibraryMemory == 200_000_000 * 8 + (64 << 20))
        limits.maxLibraryMemory = 1 << 20
        #expect(limits.maxLibraryMemory == 1 << 20)
    }
}
