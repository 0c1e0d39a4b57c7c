import Testing

@testable import Compositor

/// Columns no layer changes are skipped: a horizontal gradient is drawn only where its
/// alpha is not 0, and a canvas composited in place is read and written only where some
/// layer paints.
struct ClearColumnsTests {
    @Test func spansAreTheRunsOfNonZeroAlpha() {
        #expect(AreaCompositor.paintedSpans(of: [0.3, 0.1, 0, 0, 0.2, 0]) == [0..<2, 4..<5])
        #expect(AreaCompositor.paintedSpans(of: [0, 0, 0.5]) == [2..<3])
        #expect(AreaCompositor.paintedSpans(of: [0.5, 1, 0.25]) == [0..<3])
        #expect(AreaCompositor.paintedSpans(of: [0, 0]) == [])
        #expect(AreaCompositor.paintedSpans(of: []) == [])
    }

    /// Skipping the clear columns gives the bytes of drawing every column, over a
    /// picture of every value: at alpha 0 source-over changes nothing.
    @Test func skippingClearColumnsChangesNoByte() {
        let (width, height) = (301, 9)
        let picture = Self.randomPicture(width: width, height: height)
        let alphas = Self.edgeShade.alphas(count: width)
        let spans = AreaCompositor.paintedSpans(of: alphas)
        #expect(spans.count == 2)
        #expect(spans.reduce(0) { $0 + $1.count } < width / 2)
        let color = SIMD4<Float>(0.1, 0.2, 0.3, 1)
        var canvases: [Image] = []
        for painted in [[0..<width], spans] {
            let canvas = Image(width: width, height: height)
            AreaCompositor(
                operations: [
                    .picture(picture, opacity: 1), .horizontalGradient(color: color, alphas: alphas, painted: painted),
                ],
                dithers: true
            ).apply(to: canvas, rows: 0..<height, startBlank: true)
            canvases.append(canvas)
        }
        #expect(Self.differingBytes(canvases[0], canvases[1]) == 0)
        // The gradient did draw: the painted columns differ from the picture.
        #expect(Self.differingBytes(canvases[1], picture) > 0)
    }

    /// Composited in place, over a picture that is the canvas or over the canvas's own
    /// rows, the same bytes as composited into a fresh canvas, where every pixel is read
    /// and written: with the edge shade, a bottom shade clear on the top rows, dithered
    /// and not, on a width that is no whole number of dither tiles.
    @Test(arguments: [true, false]) func inPlaceGivesTheBytesOfAFreshCanvas(dithers: Bool) {
        let width = 333
        let height = 40
        let picture = Self.randomPicture(width: width, height: height)
        let edgeAlphas = Self.edgeShade.alphas(count: width)
        let bottom = LinearGradient(
            axis: .vertical, color: .black, stops: [.init(0.5, alpha: 0), .init(1, alpha: 1)], easing: .smooth)
        let gradients: [AreaCompositor.Operation] = [
            .horizontalGradient(
                color: SIMD4(0.2, 0.1, 0, 1), alphas: edgeAlphas, painted: AreaCompositor.paintedSpans(of: edgeAlphas)),
            .verticalGradient(color: SIMD4(0, 0, 0, 1), alphas: bottom.alphas(count: height, heldOver: 4)),
        ]
        #expect(AreaCompositor.partialColumns(gradients[...], width: width, inPlace: true)?.count == 2)

        let fresh = Image(width: width, height: height)
        AreaCompositor(operations: [.picture(picture, opacity: 1)] + gradients, dithers: dithers)
            .apply(to: fresh, rows: 0..<height, startBlank: true)
        let pictureAsCanvas = picture.copy()
        AreaCompositor(operations: [.picture(pictureAsCanvas, opacity: 1)] + gradients, dithers: dithers)
            .apply(to: pictureAsCanvas, rows: 0..<height, startBlank: true)
        let overCanvas = picture.copy()
        AreaCompositor(operations: gradients, dithers: dithers).apply(
            to: overCanvas, rows: 0..<height, startBlank: false)

        #expect(Self.differingBytes(pictureAsCanvas, fresh) == 0)
        #expect(Self.differingBytes(overCanvas, fresh) == 0)
        // The shades did draw: the edges of the top row and the whole bottom row.
        #expect(fresh[0, 0] != picture[0, 0] || fresh[width - 1, 0] != picture[width - 1, 0])
        #expect(Self.differingBytes(fresh, picture) > 0)
    }

    /// A solid among the layers paints every row whole: nothing is skipped.
    @Test func aSolidPaintsEveryRow() {
        let alphas: [Float] = [0.5, 0, 0, 0.5]
        let operations: [AreaCompositor.Operation] = [
            .solid(SIMD4(0, 0, 0, 0.1)),
            .horizontalGradient(color: SIMD4(0, 0, 0, 1), alphas: alphas, painted: [0..<1, 3..<4]),
        ]
        #expect(AreaCompositor.partialColumns(operations[...], width: 4, inPlace: true) == nil)
        #expect(AreaCompositor.partialColumns(operations.dropFirst(), width: 4, inPlace: true) == [0..<4])
        #expect(AreaCompositor.partialColumns(operations.dropFirst(), width: 4, inPlace: false) == nil)
    }

    /// A card's edge shade (written out here: `SeasonWallpaper.edgeShade` is the designs'):
    /// dark at both sides, clear across the middle three fifths.
    static let edgeShade = LinearGradient(
        axis: .horizontal, color: .black,
        stops: [.init(0, alpha: 0.3), .init(0.2, alpha: 0), .init(0.8, alpha: 0), .init(1, alpha: 0.3)],
        easing: .smooth)

    static func randomPicture(width: Int, height: Int) -> Image {
        let picture = Image(width: width, height: height)
        var generator = SystemRandomNumberGenerator()
        for y in 0..<height {
            for x in 0..<width {
                let alpha = UInt8.random(in: 0...255, using: &generator)
                picture[x, y] = PremultipliedPixel(
                    r: UInt8.random(in: 0...alpha, using: &generator),
                    g: UInt8.random(in: 0...alpha, using: &generator),
                    b: UInt8.random(in: 0...alpha, using: &generator), a: alpha)
            }
        }
        return picture
    }

    /// How many bytes two images of one size differ in (a count, not the bytes: a failure
    /// stays readable).
    static func differingBytes(_ first: Image, _ second: Image) -> Int {
        let count = first.bytesPerRow * first.height
        return (0..<count).count { first.pixels[$0] != second.pixels[$0] }
    }
}
