import Compositor
import Foundation
import Testing

@Suite struct ResampleTests {
    /// Cover crops worked out by hand.
    @Test func coverGeometry() {
        // Wide 4x2 into a square 2x2: scale 1, the middle 2x2 is kept.
        #expect(
            CoverGeometry.crop(sourceWidth: 4, sourceHeight: 2, targetWidth: 2, targetHeight: 2)
                == SourceRect(x: 1, y: 0, width: 2, height: 2))
        // Tall 2x4 into 2x2: the middle rows.
        #expect(
            CoverGeometry.crop(sourceWidth: 2, sourceHeight: 4, targetWidth: 2, targetHeight: 2)
                == SourceRect(x: 0, y: 1, width: 2, height: 2))
        // Square into square: all of it, at any scale.
        #expect(
            CoverGeometry.crop(sourceWidth: 100, sourceHeight: 100, targetWidth: 40, targetHeight: 40)
                == SourceRect(x: 0, y: 0, width: 100, height: 100))
        // A 3200x2400 landscape into a 1170x2532 phone: full height, a centred strip
        // 2400 * 1170 / 2532 wide.
        let phone = CoverGeometry.crop(sourceWidth: 3200, sourceHeight: 2400, targetWidth: 1170, targetHeight: 2532)
        #expect(phone.height == 2400 && abs(phone.width - 2400.0 * 1170 / 2532) < 1e-9)
        #expect(abs(phone.x - (3200 - phone.width) / 2) < 1e-9 && phone.y == 0)
        // Focus at the left edge keeps the left.
        #expect(CoverGeometry.crop(sourceWidth: 4, sourceHeight: 2, targetWidth: 2, targetHeight: 2, focusX: 0).x == 0)
        #expect(
            CoverGeometry.scale(sourceWidth: 3200, sourceHeight: 2400, targetWidth: 3840, targetHeight: 2160) == 1.2)
    }

    /// Block averages against sums worked out here, with blocks cut off at the right and
    /// bottom edges (widths and heights that the factor does not divide).
    @Test(arguments: [(12, 9, 3), (13, 10, 3), (7, 7, 4), (5, 3, 1)])
    func averagingBlocksRoundsEachBlocksMean(width: Int, height: Int, factor: Int) {
        let source = randomImage(width: width, height: height, seed: UInt64(width * 100 + height))
        let reduced = Resampler.averagingBlocks(of: source, factor: factor)
        #expect(reduced.width == (width + factor - 1) / factor && reduced.height == (height + factor - 1) / factor)
        for y in 0..<reduced.height {
            for x in 0..<reduced.width {
                var sums = [0, 0, 0, 0]
                var count = 0
                for sy in (y * factor)..<min((y + 1) * factor, height) {
                    for sx in (x * factor)..<min((x + 1) * factor, width) {
                        let p = source[sx, sy]
                        sums[0] += Int(p.r)
                        sums[1] += Int(p.g)
                        sums[2] += Int(p.b)
                        sums[3] += Int(p.a)
                        count += 1
                    }
                }
                let expected = sums.map { UInt8(Int((Double($0) / Double(count)).rounded(.toNearestOrAwayFromZero))) }
                let got = reduced[x, y]
                #expect([got.r, got.g, got.b, got.a] == expected, "(\(x), \(y))")
            }
        }
    }

    /// A thumbnail made by averaging blocks first has the requested size, keeps a flat
    /// colour exactly, and stays within a few levels of plain Lanczos on smooth content.
    @Test func coverReducingFirstIsCloseToCover() {
        let (width, height) = (600, 1200)
        let smooth = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8(x * 255 / (width - 1))
                let g = UInt8(y * 255 / (height - 1))
                smooth[x, y] = PremultipliedPixel(r: r, g: g, b: 128, a: 255)
            }
        }
        let reduced = Resampler.coverReducingFirst(smooth, width: 90, height: 180, workers: 1)
        let direct = Resampler.cover(smooth, width: 90, height: 180, workers: 1)
        #expect(reduced.width == 90 && reduced.height == 180)
        var worst = 0
        for y in 0..<180 {
            for x in 0..<90 {
                let (a, b) = (reduced[x, y], direct[x, y])
                worst = max(worst, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
            }
        }
        #expect(worst <= 2, "differs from plain Lanczos by \(worst) levels")
        let flat = solidImage(width: width, height: height, PremultipliedPixel(r: 40, g: 90, b: 200, a: 255))
        let flatThumbnail = Resampler.coverReducingFirst(flat, width: 90, height: 180, workers: 1)
        #expect(flatThumbnail[0, 0] == flat[0, 0] && flatThumbnail[89, 179] == flat[0, 0])
    }

    @Test func oneToOneCropCopiesPixelsExactly() {
        let source = randomImage(width: 40, height: 30, seed: 3)
        let output = Resampler.resample(
            source, crop: SourceRect(x: 5, y: 7, width: 20, height: 10), width: 20, height: 10)
        for y in 0..<10 {
            for x in 0..<20 { #expect(output[x, y] == source[x + 5, y + 7]) }
        }
    }

    /// Weights sum to exactly one in fixed point, so flat colour stays exactly flat at
    /// any scale, shrinking or enlarging.
    @Test(arguments: [(50, 40, 13, 27), (50, 40, 173, 91), (7, 3, 64, 64), (300, 200, 31, 17)])
    func flatColourStaysExact(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        let pixel = PremultipliedPixel(r: 90, g: 140, b: 170, a: 200)
        let output = Resampler.cover(
            solidImage(width: sourceWidth, height: sourceHeight, pixel), width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { #expect(output[x, y] == pixel) }
        }
    }

    /// One-pixel black and white stripes halved: a proper low-pass gives even grey;
    /// point sampling would give solid black or white.
    @Test func shrinkingStripesGivesGreyNotAliases() {
        let source = Image(width: 64, height: 8)
        for y in 0..<8 {
            for x in 0..<64 {
                let v: UInt8 = x % 2 == 0 ? 0 : 255
                source[x, y] = PremultipliedPixel(r: v, g: v, b: v, a: 255)
            }
        }
        let output = Resampler.resample(
            source, crop: SourceRect(x: 0, y: 0, width: 64, height: 8), width: 32, height: 4)
        for y in 0..<4 {
            for x in 2..<30 { #expect(abs(Int(output[x, y].r) - 128) <= 6, "(\(x), \(y)): \(output[x, y].r)") }
        }
    }

    /// Against a separate Double implementation of separable Lanczos-3 with the same
    /// conventions: pixel centres, filter stretched when shrinking, edge pixels repeated,
    /// and the horizontal pass rounded and clamped to 0...255 before the vertical one
    /// (an 8-bit intermediate, as Pillow's). Every channel within 1.5: the final rounding,
    /// plus an intermediate byte that fixed-point weights may round the other way.
    @Test(arguments: [(24, 18, 11, 9), (24, 18, 41, 29), (30, 12, 12, 30)])
    func matchesDoubleLanczosReference(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        let source = randomImage(width: sourceWidth, height: sourceHeight, seed: 21, opaque: true)
        let output = Resampler.cover(source, width: width, height: height)
        let crop = CoverGeometry.crop(
            sourceWidth: sourceWidth, sourceHeight: sourceHeight, targetWidth: width, targetHeight: height)
        func lanczos(_ x: Double) -> Double {
            if x == 0 { return 1 }
            if abs(x) >= 3 { return 0 }
            return 3 * sin(.pi * x) * sin(.pi * x / 3) / (.pi * .pi * x * x)
        }
        func taps(_ i: Int, start: Double, length: Double, outputs: Int, limit: Int) -> [(Int, Double)] {
            let step = length / Double(outputs)
            let scale = max(1, step)
            let center = start + (Double(i) + 0.5) * step
            var result: [(Int, Double)] = []
            for j in Int(floor(center - 3 * scale))...Int(ceil(center + 3 * scale)) {
                result.append((min(max(j, 0), limit - 1), lanczos((Double(j) + 0.5 - center) / scale)))
            }
            let total = result.reduce(0) { $0 + $1.1 }
            return result.map { ($0.0, $0.1 / total) }
        }
        // Horizontal pass over every source row: rounded, clamped bytes.
        var horizontal = [[[Double]]](repeating: [], count: sourceHeight)
        for sy in 0..<sourceHeight {
            horizontal[sy] = (0..<width).map { x in
                let columns = taps(x, start: crop.x, length: crop.width, outputs: width, limit: sourceWidth)
                var sum = [0.0, 0.0, 0.0]
                for (sx, w) in columns {
                    let p = source[sx, sy]
                    sum[0] += Double(p.r) * w
                    sum[1] += Double(p.g) * w
                    sum[2] += Double(p.b) * w
                }
                return sum.map { min(max($0.rounded(), 0), 255) }
            }
        }
        for y in 0..<height {
            let rows = taps(y, start: crop.y, length: crop.height, outputs: height, limit: sourceHeight)
            for x in 0..<width {
                var sum = [0.0, 0.0, 0.0]
                for (sy, w) in rows {
                    for c in 0..<3 { sum[c] += horizontal[sy][x][c] * w }
                }
                let got = output[x, y]
                for (c, value) in [got.r, got.g, got.b].enumerated() {
                    let expected = min(max(sum[c], 0), 255)
                    #expect(abs(Double(value) - expected) <= 1.5, "(\(x), \(y)) channel \(c): \(value) vs \(expected)")
                }
                #expect(got.a == 255)
            }
        }
    }

    /// Lanczos overshoots at hard edges; premultiplied output must still keep every
    /// colour at or below its alpha.
    @Test func overshootNeverBreaksPremultiplication() {
        let source = Image(width: 8, height: 8)
        for y in 0..<8 {
            for x in 0..<8 {
                source[x, y] =
                    x < 4
                    ? PremultipliedPixel(r: 255, g: 255, b: 255, a: 255) : PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)
            }
        }
        let output = Resampler.cover(source, width: 29, height: 29)
        for y in 0..<29 {
            for x in 0..<29 {
                let p = output[x, y]
                #expect(p.r <= p.a && p.g <= p.a && p.b <= p.a)
            }
        }
    }
}

/// Decoding only the region a canvas shows gives exactly the same pixels as decoding
/// the whole picture and cropping, whether the rows arrive before the render or during it.
@Suite struct RegionDecodeTests {
    @Test(arguments: [(117, 253), (300, 120), (64, 64), (200, 400)], [false, true])
    func croppedDecodeRendersIdentically(size: (Int, Int), inBackground: Bool) throws {
        let (width, height) = size
        let jpeg = try JPEGEncoder.encode(randomImage(width: 480, height: 320, seed: 31, opaque: true), quality: 85)
        // The same DCT scale both ways (a small canvas gets a reduced decode).
        let whole = try ImageDecoder.decode(jpeg, coverTarget: (width, height))
        let region = try ImageDecoder.decodePicture(jpeg, width: width, height: height, inBackground: inBackground)
        #expect(region.fullWidth == whole.width && region.fullHeight == whole.height)
        if Double(width) / Double(height) < 1.2 && whole.width == 480 {
            #expect(region.image.width < 480, "a tall canvas needs only a strip: \(region.image.width) wide")
        }
        func render(_ layer: PictureLayer) throws -> Image {
            try Renderer().render(Scene(width: width, height: height, layers: [.picture(layer)]))
        }
        let expected = try render(PictureLayer(image: whole))
        let got = try render(PictureLayer(picture: region))
        try region.finish()
        var differing = 0
        for y in 0..<height {
            for x in 0..<width where expected[x, y] != got[x, y] { differing += 1 }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }

    /// Scaled while a slow (noisy) picture is still decoding, on every thread count:
    /// each output row waits for the source rows its taps need, so the result is the
    /// same as scaling the finished picture.
    @Test(arguments: [1, 2, 3]) func filteredRowsWaitForTheirSourceRows(workers: Int) throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 1000, height: 1500, seed: 35, opaque: true), quality: 95)
        #expect(try rendersTheSameWhileDecoding(jpeg, width: 350, height: 900, renderer: Renderer(workers: workers)))
    }

    /// A canvas that shows the picture at its own scale copies rows instead of filtering
    /// them; while the picture is still decoding it must wait for each row all the same.
    /// (A noisy picture decodes slowly enough that copying at once would read blank rows.)
    @Test func pictureAtItsOwnScaleIsCopiedOnlyAsItsRowsArrive() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 800, height: 1200, seed: 33, opaque: true), quality: 95)
        #expect(try rendersTheSameWhileDecoding(jpeg, width: 400, height: 1200, renderer: Renderer()))
    }

    /// Whether `jpeg` as a `width` x `height` canvas comes out the same when its rows
    /// decode on another thread during the render, and when they stream through a ring
    /// on the way (the pictures here are taller than the ring), as when they are all
    /// there first.
    func rendersTheSameWhileDecoding(_ jpeg: [UInt8], width: Int, height: Int, renderer: Renderer) throws -> Bool {
        func render(inBackground: Bool, streamed: Bool = false) throws -> Image {
            let picture = try ImageDecoder.decodePicture(
                jpeg, width: width, height: height, inBackground: inBackground, streamed: streamed)
            if streamed {
                #expect(picture.ringRows == picture.image.height && picture.image.height < picture.height)
            }
            let image = try renderer.render(
                Scene(width: width, height: height, layers: [.picture(PictureLayer(picture: picture))]))
            try picture.finish()
            return image
        }
        let expected = try render(inBackground: false)
        let got = try render(inBackground: true)
        let streamed = try render(inBackground: true, streamed: true)
        return memcmp(expected.pixels, got.pixels, width * height * 4) == 0
            && memcmp(expected.pixels, streamed.pixels, width * height * 4) == 0
    }

    /// A streamed picture's rows pass once: a second resampling of it would read rows
    /// the decoder has written over, so it stops the process instead of drawing them.
    @Test func aStreamedPictureIsResampledOnceOnly() async {
        await #expect(processExitsWith: .failure) {
            // Taller than the ring, and too close to the canvas for a smaller DCT scale.
            let jpeg = try JPEGEncoder.encode(
                randomImage(width: 400, height: 2000, seed: 37, opaque: true), quality: 90)
            let picture = try ImageDecoder.decodePicture(
                jpeg, width: 300, height: 1800, inBackground: true, streamed: true)
            guard picture.ringRows != nil else { return }  // exits 0: the expectation fails
            let scene = Scene(width: 300, height: 1800, layers: [.picture(PictureLayer(picture: picture))])
            _ = try Renderer().render(scene)
            _ = try Renderer().render(scene)
        }
    }

    /// A streamed picture that no render reads (a scene that failed to build) must not
    /// leave its decoder waiting for room in the ring for ever: dropping the picture
    /// lets it run to its end.
    @Test func aStreamedPictureDroppedUnreadLetsItsDecoderEnd() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 600, height: 3000, seed: 36, opaque: true), quality: 90)
        var picture: DecodedPicture? = try ImageDecoder.decodePicture(
            jpeg, width: 300, height: 1500, inBackground: true, streamed: true)
        let progress = try #require(picture?.progress)
        #expect(picture?.ringRows != nil)
        picture = nil
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            progress.waitForEnd()
            ended.signal()
        }
        #expect(ended.wait(timeout: .now() + 20) == .success, "the decoder still waits for room")
    }

    /// A JPEG cut short decodes its header, then fails part-way on the decoding thread:
    /// `finish` reports it, and a render that was reading its rows stops waiting.
    @Test func damagedRowsDecodedInBackgroundAreReportedByFinish() throws {
        let jpeg = try JPEGEncoder.encode(randomImage(width: 480, height: 320, seed: 32, opaque: true), quality: 85)
        let cut = Array(jpeg[0..<(jpeg.count / 2)])
        let region = try ImageDecoder.decodePicture(cut, width: 200, height: 300, inBackground: true)
        _ = try Renderer().render(Scene(width: 200, height: 300, layers: [.picture(PictureLayer(picture: region))]))
        #expect(throws: ImageDecodingError.self) { try region.finish() }
    }
}
