import Compositor
import Foundation
import Testing

/// The fused compositor and gradients against references computed here, layer by
/// layer in Double arithmetic.
@Suite struct RenderTests {
    /// The app's edge gradient, written out independently of `LinearGradient`.
    static func edgeAlpha(_ t: Double) -> Double {
        switch t {
        case ..<0.2: 0.3 * (0.2 - t) / 0.2
        case ..<0.8: 0
        default: 0.3 * (t - 0.8) / 0.2
        }
    }

    static let edge = LinearGradient(
        axis: .horizontal, color: .black,
        stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)])

    @Test func edgeGradientAlphaAtNamedPoints() {
        #expect(Self.edge.alpha(at: 0) == 0.3)
        #expect(abs(Self.edge.alpha(at: 0.1) - 0.15) < 1e-12)
        #expect(Self.edge.alpha(at: 0.2) == 0)
        #expect(Self.edge.alpha(at: 0.5) == 0)
        #expect(abs(Self.edge.alpha(at: 0.9) - 0.15) < 1e-12)
        #expect(Self.edge.alpha(at: 1) == 0.3)
    }

    @Test func bottomGradientAlphaAtNamedPoints() {
        let bottom = LinearGradient(axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)])
        #expect(bottom.alpha(at: 0.25) == 0)
        #expect(bottom.alpha(at: 0.5) == 0)
        #expect(bottom.alpha(at: 0.75) == 0.5)
        #expect(bottom.alpha(at: 1) == 1)
    }

    /// Shallow enough (1 over 1,266 rows, so 1/316 across four): each run of four takes
    /// the alpha at its centre, including the short last run of an odd height; the
    /// colour's alpha scales the result.
    @Test func heldAlphasTakeTheirRunsCentre() {
        let color = Color(red: 0, green: 0, blue: 0, alpha: 51)
        let bottom = LinearGradient(axis: .vertical, color: color, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)])
        let count = 2533
        let alphas = bottom.alphas(count: count, heldOver: 4)
        for (y, center) in [(1264, 1266.0), (1267, 1266.0), (1268, 1270.0), (2000, 2002.0), (2532, 2532.5)] {
            let expected = max(0, center / Double(count) - 0.5) / 0.5 * 0.2
            #expect(abs(Double(alphas[y]) - expected) < 1e-6, "y = \(y): \(alphas[y]) vs \(expected)")
        }
    }

    /// Steeper than 1/255 across a run (a small canvas, or a hard step between two
    /// stops at one position): every pixel of that run takes the alpha at its own centre.
    @Test func steepRunsAreSampledAtEveryPixel() {
        let small = LinearGradient(axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)])
        let smallAlphas = small.alphas(count: 600, heldOver: 4)
        for y in [300, 301, 450, 599] {
            #expect(abs(Double(smallAlphas[y]) - ((Double(y) + 0.5) / 300 - 1)) < 1e-6, "y = \(y)")
        }
        // A step from 0 to 0.5 between pixels 2001 and 2002, inside the run 2000...2003;
        // the runs on either side are flat, so held.
        let step = 2002.0 / 4000
        let hard = LinearGradient(
            axis: .vertical, color: .black,
            stops: [.init(0, alpha: 0), .init(step, alpha: 0), .init(step, alpha: 0.5), .init(1, alpha: 0.5)])
        let hardAlphas = hard.alphas(count: 4000, heldOver: 4)
        #expect(hardAlphas[1999] == 0 && hardAlphas[2001] == 0)
        #expect(hardAlphas[2002] == 0.5 && hardAlphas[2004] == 0.5)
    }

    /// Smooth easing: the same alphas as linear at the stops and halfway between them,
    /// `3f² - 2f³` of the way in between, flat where a ramp meets a flat stretch.
    @Test func smoothEasingAtNamedPoints() {
        let edge = LinearGradient(
            axis: .horizontal, color: .black,
            stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)],
            easing: .smooth)
        #expect(edge.alpha(at: 0) == 0.3)
        #expect(abs(edge.alpha(at: 0.1) - 0.15) < 1e-12)
        // A quarter of the way from 0 to 0.2: f = 0.25, 3f² - 2f³ = 0.15625.
        #expect(abs(edge.alpha(at: 0.05) - 0.3 * (1 - 0.15625)) < 1e-12)
        #expect(abs(edge.alpha(at: 0.95) - 0.3 * (1 - 0.15625)) < 1e-12)
        // Near the end of the ramp the slope is almost nothing: f = 0.995 leaves 0.3 * (3g² - 2g³) with g = 0.005, 0.3 * 7.475e-5.
        #expect(abs(edge.alpha(at: 0.199) - 0.3 * 7.475e-5) < 1e-12)
        #expect(edge.alpha(at: 0.5) == 0)
    }

    /// A smooth card shade (0 at half height to 1 at the bottom of 2,532 rows) is 1.5
    /// times as steep as the linear one in the middle of its ramp, more than 1/255 per
    /// run of four there, so those rows are sampled one by one; near either end it is
    /// nearly flat, and runs are held.
    @Test func smoothShadeHoldsOnlyItsFlatterRuns() {
        let count = 2532
        let shade = LinearGradient(
            axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)], easing: .smooth)
        let alphas = shade.alphas(count: count, heldOver: 4)
        func smooth(_ center: Double) -> Double {
            let f = max(0, center / Double(count) - 0.5) / 0.5
            return f * f * (3 - 2 * f)
        }
        for y in [1898, 1899, 1900, 1901] {
            #expect(abs(Double(alphas[y]) - smooth(Double(y) + 0.5)) < 1e-6, "y = \(y)")
        }
        for (y, center) in [(1272, 1274.0), (1275, 1274.0), (2528, 2530.0)] {
            #expect(abs(Double(alphas[y]) - smooth(center)) < 1e-6, "y = \(y)")
        }
    }

    /// White canvas, edge gradient: each named column darkens to 255 * (1 - alpha at the
    /// pixel centre), within 1 (dither).
    @Test func edgeGradientOnWhiteAtNamedColumns() throws {
        let width = 1000
        let image = try Renderer(workers: 2).render(
            Scene(width: width, height: 8, layers: [.solid(.white), .gradient(Self.edge)]))
        for x in [0, 100, 200, 500, 999] {
            let expected = 255 * (1 - Self.edgeAlpha((Double(x) + 0.5) / Double(width)))
            for y in 0..<8 {
                let pixel = image[x, y]
                #expect(abs(Double(pixel.r) - expected) <= 1, "x = \(x): \(pixel.r) vs \(expected)")
                #expect(pixel.r == pixel.g && pixel.g == pixel.b && pixel.a == 255)
            }
        }
    }

    /// The renderer holds a vertical gradient over runs of four rows (the dither's)
    /// where it changes by at most 1/255 across one: the centre of row `y`'s run.
    static func heldCenter(_ y: Int, height: Int) -> Double {
        let start = y - y % 4
        return Double(start + min(start + 4, height)) / 2
    }

    /// White canvas, bottom gradient 0 -> 1 over 2,000 rows (1/250 per run of four, so
    /// sampled per row) and over 4,000 (1/500 per run, so held): rows at 50 %, 75 % and
    /// 100 % of the height.
    @Test(arguments: [2000, 4000]) func bottomGradientOnWhiteAtNamedRows(height: Int) throws {
        let bottom = LinearGradient(axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)])
        let image = try Renderer().render(Scene(width: 4, height: height, layers: [.solid(.white), .gradient(bottom)]))
        for y in [0, height / 2 - 1, height * 3 / 4 + 1, height - 1] {
            let center = height == 4000 ? Self.heldCenter(y, height: height) : Double(y) + 0.5
            let alpha = max(0, center / Double(height) - 0.5) / 0.5
            #expect(abs(Double(image[2, y].r) - 255 * (1 - alpha)) <= 1, "y = \(y)")
        }
        #expect(image[2, height - 1].r <= 1)
    }

    /// Held runs are what makes dithered shading cheap to store: on a flat colour every
    /// row of a run is the same bytes as the run's first row (so PNG's Up filter leaves
    /// zeros), and the next run differs.
    @Test func heldRunsRepeatTheirFirstRow() throws {
        let (width, height) = (300, 2532)
        let bottom = LinearGradient(axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)])
        let image = try Renderer().render(
            Scene(width: width, height: height, layers: [.solid(.white), .gradient(bottom)]))
        func row(_ y: Int) -> [UInt8] { (0..<width).flatMap { x in [image[x, y].r, image[x, y].g, image[x, y].b] } }
        for start in stride(from: 1600, to: 1700, by: 4) {
            for y in start + 1..<start + 4 { #expect(row(y) == row(start), "row \(y)") }
            #expect(row(start + 4) != row(start), "run at \(start)")
        }
    }

    /// Ordered dither carries sub-level precision: averaged over a row, a slowly varying
    /// gradient tracks the exact value far closer than rounding each pixel (which is
    /// off by up to half a level and shows as bands).
    @Test func ditheredGradientHasNoBands() throws {
        let height = 600
        let shade = LinearGradient(axis: .vertical, color: .black, stops: [.init(0, alpha: 0), .init(1, alpha: 0.3)])
        let width = 256
        let image = try Renderer().render(
            Scene(width: width, height: height, layers: [.solid(.white), .gradient(shade)]))
        var worst = 0.0
        for y in 0..<height {
            // 0.3 over 600 rows changes by 1/500 across a run of four: held.
            let exact = 255 * (1 - 0.3 * Self.heldCenter(y, height: height) / Double(height))
            var sum = 0.0
            for x in 0..<width { sum += Double(image[x, y].g) }
            worst = max(worst, abs(sum / Double(width) - exact))
        }
        #expect(worst < 0.15, "row means stray \(worst) levels from the exact gradient")
    }

    /// Base colour, picture at an opacity, both gradients: every pixel within 1 of the
    /// same layers composited one by one in Double arithmetic.
    @Test(arguments: [0.0, 0.35, 0.5, 1.0]) func fusedLayersMatchLayerByLayerReference(opacity: Double) throws {
        let (width, height) = (37, 29)
        let picture = randomImage(width: width, height: height, seed: 11)
        let base = Color(red: 250, green: 240, blue: 200)
        let tint = Color(red: 10, green: 40, blue: 90, alpha: 200)
        let bottom = LinearGradient(axis: .vertical, color: tint, stops: [.init(0.5, alpha: 0), .init(1, alpha: 0.8)])
        let image = try Renderer(workers: 3).render(
            Scene(
                width: width, height: height,
                layers: [
                    .solid(base), .picture(PictureLayer(image: picture, opacity: opacity)),
                    .gradient(Self.edge), .gradient(bottom),
                ]))
        for y in 0..<height {
            for x in 0..<width {
                // Premultiplied Double pixels, 0...255.
                var out = [Double(base.red), Double(base.green), Double(base.blue), 255]
                let p = picture[x, y]
                let source = [p.r, p.g, p.b, p.a].map { Double($0) * opacity }
                out = (0..<4).map { source[$0] + out[$0] * (1 - source[3] / 255) }
                let e = Self.edgeAlpha((Double(x) + 0.5) / Double(width))
                out = (0..<4).map { ($0 == 3 ? 255 * e : 0) + out[$0] * (1 - e) }
                let t = (Double(y) + 0.5) / Double(height)
                let b = (t <= 0.5 ? 0 : 0.8 * (t - 0.5) / 0.5) * 200 / 255
                let tintChannels = [Double(tint.red), Double(tint.green), Double(tint.blue), 255]
                out = (0..<4).map { tintChannels[$0] * b + out[$0] * (1 - b) }
                let got = image[x, y]
                let channels = [got.r, got.g, got.b, got.a]
                for c in 0..<4 {
                    #expect(
                        abs(Double(channels[c]) - out[c]) <= 1, "(\(x), \(y)) channel \(c): \(channels[c]) vs \(out[c])"
                    )
                }
            }
        }
    }

    /// Without dithering every pixel is the exact value rounded to nearest.
    @Test func withoutDitherValuesAreRounded() throws {
        let width = 1000
        let image = try Renderer(dithers: false).render(
            Scene(width: width, height: 4, layers: [.solid(.white), .gradient(Self.edge)]))
        for x in stride(from: 0, to: width, by: 7) {
            let exact = 255 * (1 - Self.edgeAlpha((Double(x) + 0.5) / Double(width)))
            #expect(abs(Double(image[x, 2].r) - exact) <= 0.5 + 1e-3, "x = \(x)")
        }
    }

    /// A mark drawn before any whole-canvas layer stays under the layers that follow:
    /// a red disc, then white at alpha 128, is pink at the disc's centre and white-ish
    /// (128 over transparent) away from it.
    @Test func layersAfterAMarkCompositeOverIt() throws {
        let disc = ShapeLayer(.disc(radius: 10), centerX: 20, centerY: 20, color: Color(red: 255, green: 0, blue: 0))
        let image = try Renderer(dithers: false).render(
            Scene(
                width: 40, height: 40,
                layers: [.shape(disc), .solid(Color(red: 255, green: 255, blue: 255, alpha: 128))]))
        // Premultiplied: 128 + 255 * (1 - 128/255) = 255 red; 128 + 0 = 128 green and blue.
        #expect(image[20, 20] == PremultipliedPixel(r: 255, g: 128, b: 128, a: 255))
        #expect(image[2, 2] == PremultipliedPixel(r: 128, g: 128, b: 128, a: 128))
    }

    /// The fused pass may write into the scaled copy of a canvas-sized picture, never
    /// into the caller's own: a picture exactly the canvas's size is unchanged after
    /// a render that shades it.
    @Test func theCallersPictureIsNotWrittenTo() throws {
        let picture = randomImage(width: 40, height: 30, seed: 8, opaque: true)
        let before = picture.copy()
        let image = try Renderer().render(
            Scene(width: 40, height: 30, layers: [.picture(PictureLayer(image: picture)), .gradient(Self.edge)]))
        #expect(memcmp(picture.pixels, before.pixels, 40 * 30 * 4) == 0)
        #expect(image[0, 0] != picture[0, 0], "the edge shade darkens the corner")
    }

    /// Text under a pixel tall, asked for or shrunk to fit, is left out rather than
    /// failing the render: the canvas is exactly what the other layers make.
    @Test func textUnderAPixelIsLeftOut() throws {
        let font = try bundledFont()
        let black = TextPaint.fixed(.black, shadow: nil)
        let tiny = TextLayer(text: "Winter", font: font, size: 0.5, placement: .inkCentered(x: 10, y: 5), paint: black)
        let squeezed = TextLayer(
            text: "Winter", font: font, size: 40, placement: .inkCentered(x: 10, y: 5), maxWidth: 2, paint: black)
        let image = try Renderer(dithers: false).render(
            Scene(width: 20, height: 10, layers: [.solid(.white), .text(tiny), .text(squeezed)]))
        for y in 0..<10 {
            for x in 0..<20 { #expect(image[x, y] == PremultipliedPixel(r: 255, g: 255, b: 255, a: 255)) }
        }
    }

    @Test func opaqueLayersGiveAnOpaqueImage() throws {
        let picture = randomImage(width: 64, height: 48, seed: 5)
        let image = try Renderer().render(
            Scene(
                width: 64, height: 48,
                layers: [
                    .solid(.white), .picture(PictureLayer(image: picture, opacity: 0.5)), .gradient(Self.edge),
                ]))
        #expect(image.isOpaque)
    }

    /// One pixel short of opaque anywhere (first, middle or last of a row of any width
    /// from 1 to 17, in the first or last row) makes the image not opaque.
    @Test(arguments: 1...17) func oneTranslucentPixelIsFound(width: Int) {
        let white = PremultipliedPixel(r: 255, g: 255, b: 255, a: 255)
        #expect(solidImage(width: width, height: 3, white).isOpaque)
        for (x, y) in [(0, 0), (width / 2, 2), (width - 1, 1)] {
            let image = solidImage(width: width, height: 3, white)
            image[x, y] = PremultipliedPixel(r: 254, g: 254, b: 254, a: 254)
            #expect(!image.isOpaque, "(\(x), \(y))")
        }
    }

    @Test func rowChunksCoverEveryRowOnce() {
        for count in [0, 1, 15, 16, 17, 1000, 2532] {
            for workers in [1, 2, 3, 8] {
                let seen = Counter(count)
                Parallel.forEachChunk(of: count, workers: workers, minimumChunk: 4) { range in
                    for i in range { seen.increment(i) }
                }
                #expect(seen.values.allSatisfy { $0 == 1 }, "count \(count), workers \(workers)")
            }
        }
    }
}

/// Thread-safe counts per index.
final class Counter: @unchecked Sendable {
    private var storage: [Int]
    private let lock = NSLock()
    init(_ count: Int) { storage = Array(repeating: 0, count: count) }
    func increment(_ i: Int) { lock.withLock { storage[i] += 1 } }
    var values: [Int] { lock.withLock { storage } }
}
