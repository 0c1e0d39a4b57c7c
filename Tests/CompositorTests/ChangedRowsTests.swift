import Compositor
import Testing

/// A render over a background says which rows it drew on: every row outside them is the
/// background's, pixel for pixel (what lets an encoder reuse the background's bands).
@Suite struct ChangedRowsTests {
    static let width = 120
    static let height = 400

    /// The rows where `image` and `background` differ, found by comparing them.
    static func differingRows(_ image: Image, _ background: Image) -> [Int] {
        (0..<height).filter { y in
            !(0..<4 * width).allSatisfy { image.row(y)[$0] == background.row(y)[$0] }
        }
    }

    static func scene(text: String, atY y: Double, shadow: Bool) throws -> Scene {
        let paint: TextPaint =
            shadow
            ? .fixed(.white, shadow: TextShadow(color: Color.black.withOpacity(0.55), blur: 0.2, offsetY: 0.1))
            : .fixed(.white, shadow: nil)
        let text = TextLayer(
            text: text, font: try bundledFont(), size: 30, placement: .inkCentered(x: 60, y: y), paint: paint)
        let picture = randomImage(width: width, height: height, seed: 4, opaque: true)
        return Scene(width: width, height: height, layers: [.picture(PictureLayer(image: picture)), .text(text)])
    }

    @Test(arguments: [false, true]) func rowsOutsideTheChangedOnesAreTheBackgrounds(shadow: Bool) throws {
        let scene = try Self.scene(text: "Winter", atY: 200, shadow: shadow)
        var handedOut: Image?
        let first = try Renderer().renderTimed(scene, keepBackground: { handedOut = $0 })
        let background = try #require(handedOut)
        let second = try Renderer().renderTimed(scene, background: background)
        for rendered in [first, second] {
            let differing = Self.differingRows(rendered.image, background)
            #expect(!differing.isEmpty, "the text was drawn")
            #expect(differing.allSatisfy(rendered.changedRows.contains), "\(differing) in \(rendered.changedRows)")
            // Tight enough to be worth sharing: the text's band of rows, not the canvas.
            #expect(rendered.changedRows.count < Self.height / 3)
        }
        // A shadow reaches below and around the glyphs; the rows say so.
        if shadow {
            let plain = try Renderer().renderTimed(
                try Self.scene(text: "Winter", atY: 200, shadow: false), background: background)
            #expect(second.changedRows.upperBound > plain.changedRows.upperBound)
        }
    }

    /// Layers a design marks as repeated (text over the picture, here) belong to the
    /// background handed out: a scene that differs only after them, drawn over it, is the
    /// same pixels as drawn whole, and only its own text's rows count as changed.
    @Test func repeatedLayersAreDrawnIntoTheBackground() throws {
        let font = try bundledFont()
        func scene(title: String, font: Font = font) -> Scene {
            let paint = TextPaint.fixed(.white, shadow: TextShadow(color: Color.black.withOpacity(0.5), blur: 0.1))
            let line = TextLayer(
                text: "the same for all", font: font, size: 20, placement: .inkCentered(x: 60, y: 320), paint: paint)
            let own = TextLayer(
                text: title, font: font, size: 30, placement: .inkCentered(x: 60, y: 100), paint: paint)
            let picture = randomImage(width: Self.width, height: Self.height, seed: 9, opaque: true)
            return Scene(
                width: Self.width, height: Self.height,
                layers: [.picture(PictureLayer(image: picture)), .text(line), .text(own)], repeatedLayerCount: 2)
        }
        let first = scene(title: "Ann")
        #expect(first.sharedLayerCount == 2 && first.backgroundLayerCount == 1)
        var handedOut: Image?
        _ = try Renderer().renderTimed(first, keepBackground: { handedOut = $0 })
        let background = try #require(handedOut)
        // The repeated line is in the background: its rows differ from the bare picture's.
        let picture = try Renderer().render(
            Scene(width: Self.width, height: Self.height, layers: Array(first.layers.prefix(1))))
        #expect(Self.differingRows(background, picture).allSatisfy { $0 > 280 })
        #expect(!Self.differingRows(background, picture).isEmpty)

        let second = scene(title: "Bartholomew")
        #expect(second.backgroundSignature == first.backgroundSignature)
        // Another font object, even from the same file, is another background: fonts are
        // told apart by identity (a batch opens each file once).
        #expect(scene(title: "Ann", font: try bundledFont()).backgroundSignature != first.backgroundSignature)
        let over = try Renderer().renderTimed(second, background: background)
        let whole = try Renderer().render(second)
        #expect(Self.differingRows(over.image, whole).isEmpty, "drawn over the background = drawn whole")
        #expect(over.changedRows.upperBound < 200, "only the title's rows: \(over.changedRows)")
    }

    /// Without a background to differ from, every row counts as changed.
    @Test func withoutABackgroundEveryRowIsChanged() throws {
        let rendered = try Renderer().renderTimed(try Self.scene(text: "Winter", atY: 200, shadow: false))
        #expect(rendered.changedRows == 0..<Self.height)
    }

    /// Text placed off the canvas changes no row.
    @Test func textOffTheCanvasChangesNothing() throws {
        let scene = try Self.scene(text: "Winter", atY: -500, shadow: true)
        var handedOut: Image?
        let rendered = try Renderer().renderTimed(scene, keepBackground: { handedOut = $0 })
        #expect(rendered.changedRows.isEmpty)
        #expect(Self.differingRows(rendered.image, try #require(handedOut)).isEmpty)
    }
}
