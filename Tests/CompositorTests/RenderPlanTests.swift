import Foundation
import Testing

@testable import Compositor

/// What a render does, planned from the scene alone: the fused passes, the picture that
/// becomes the canvas, where text and shapes go, where the background is handed out.
@Suite struct RenderPlanTests {
    static let font = try! bundledFont()
    static let picture = PictureLayer(image: Image(width: 8, height: 6), opacity: 0.8)
    static let opaquePicture = PictureLayer(image: Image(width: 8, height: 6))
    static let gradient = Layer.gradient(
        LinearGradient(axis: .vertical, color: .black, stops: [.init(0, alpha: 0), .init(1, alpha: 0.6)]))
    static let text = Layer.text(
        TextLayer(
            text: "Winter", font: font, size: 12, placement: .inkCentered(x: 40, y: 20),
            paint: .fixed(.white, shadow: nil)))
    static let dot = Layer.shape(ShapeLayer(.disc(radius: 3), centerX: 40, centerY: 50, color: .white))

    static func plan(_ layers: [Layer], repeated: Int? = nil, _ request: RenderPlan.Request = .init())
        -> [RenderPlan.Step]
    {
        RenderPlan(Scene(width: 80, height: 60, layers: layers, repeatedLayerCount: repeated), request).steps
    }

    /// A card: a solid, its picture, a gradient over it, then the title and a page dot.
    /// The picture is the canvas, fused with the solid under it and the gradient over
    /// it; the text and the shape follow, each over its own rows.
    @Test func aCardFusesItsBackgroundIntoThePicture() {
        #expect(
            Self.plan([.solid(.black), .picture(Self.picture), Self.gradient, Self.text, Self.dot]) == [
                .pictureCanvas(picture: 1, before: [0], after: [2], finishing: nil, reusesPages: false),
                .text(3), .shape(4),
            ])
    }

    /// Without a picture, the solids and gradients are one pass, composited before the
    /// text over them; areas after the text are a pass of their own.
    @Test func areasBetweenTextAreComposited() {
        #expect(
            Self.plan([.solid(.white), Self.gradient, Self.text, Self.gradient, .solid(.black)]) == [
                .composite([0, 1]), .text(2), .composite([3, 4]),
            ])
    }

    /// A second picture, or a picture once something is drawn, is fitted and composited
    /// in a pass with the areas around it, not made the canvas.
    @Test func onlyTheFirstPictureBecomesTheCanvas() {
        #expect(
            Self.plan([.picture(Self.opaquePicture), .picture(Self.picture), Self.gradient, Self.text]) == [
                .pictureCanvas(picture: 0, before: [], after: [], finishing: nil, reusesPages: false),
                .composite([1, 2]), .text(3),
            ])
        #expect(
            Self.plan([Self.text, .picture(Self.picture)]) == [.text(0), .composite([1])])
    }

    /// Keeping the background: the shared layers (the whole-canvas ones, or as far as a
    /// design marks them, here up to the title) are drawn, handed out, and the rest drawn
    /// over.
    @Test func theSharedLayersAreHandedOutBeforeTheRest() {
        let layers = [.picture(Self.picture), Self.gradient, Self.text, Self.dot]
        #expect(
            Self.plan(layers, repeated: 3, .init(keepsBackground: true)) == [
                .pictureCanvas(picture: 0, before: [], after: [1], finishing: nil, reusesPages: false),
                .text(2), .handOutBackground, .shape(3),
            ])
        #expect(
            Self.plan(layers, .init(keepsBackground: true)) == [
                .pictureCanvas(picture: 0, before: [], after: [1], finishing: nil, reusesPages: false),
                .handOutBackground, .text(2), .shape(3),
            ])
        // Given as a background, they are not drawn again.
        #expect(Self.plan(layers, .init(hasBackground: true)) == [.text(2), .shape(3)])
        #expect(
            Self.plan([.solid(.white), Self.gradient], .init(keepsBackground: true)) == [
                .composite([0, 1]), .handOutBackground,
            ])
    }

    /// A picture still decoding, its rows taken as they finish: the text and shapes over
    /// it are drawn band by band; and with an opaque solid under it and no one reading
    /// the pixels after, its pages go down as they are read.
    @Test func aDecodingPictureFinishesItsOverlaysBandByBand() throws {
        // A decoder held at its first row for as long as the test plans: a real decode
        // of a small picture can end before the plan is made, and a finished picture is
        // rightly planned as a whole one.
        let progress = DecodeProgress(rowsAreOpaque: true)
        defer { progress.ended(with: nil) }
        let decoding = DecodedPicture(
            image: Image(width: 80, height: 60), fullWidth: 80, fullHeight: 60, offsetX: 0, offsetY: 0,
            progress: progress)
        try #require(decoding.progress?.isDecoding == true)
        let layers: [Layer] = [
            .solid(.black), .picture(PictureLayer(picture: decoding, opacity: 0.8)), Self.gradient, Self.text, Self.dot,
        ]
        #expect(
            Self.plan(layers, .init(takesFinishedRows: true, keepsPixels: false)) == [
                .pictureCanvas(picture: 1, before: [0], after: [2], finishing: 3..<5, reusesPages: true)
            ])
        #expect(
            Self.plan(layers, .init(takesFinishedRows: true)) == [
                .pictureCanvas(picture: 1, before: [0], after: [2], finishing: 3..<5, reusesPages: false)
            ])
        // Kept as a background, or not taken row by row: the overlays wait for the whole picture.
        #expect(
            Self.plan(layers, .init(keepsBackground: true, takesFinishedRows: true)) == [
                .pictureCanvas(picture: 1, before: [0], after: [2], finishing: nil, reusesPages: false),
                .handOutBackground, .text(3), .shape(4),
            ])
        #expect(
            Self.plan(layers) == [
                .pictureCanvas(picture: 1, before: [0], after: [2], finishing: nil, reusesPages: false),
                .text(3), .shape(4),
            ])
    }
}
