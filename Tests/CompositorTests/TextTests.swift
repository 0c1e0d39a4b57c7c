import Compositor
import Testing

@Suite struct TextTests {
    /// Advances add up and scale with size: "ll" is twice "l" (no kerning between them)
    /// and doubling the size doubles the advance.
    @Test func layoutAdvancesAreConsistent() throws {
        let font = try bundledFont()
        let one = try TextLine.layout("l", font: font, size: 100)
        let two = try TextLine.layout("ll", font: font, size: 100)
        let big = try TextLine.layout("l", font: font, size: 200)
        #expect(one.advance > 10)
        #expect(abs(two.advance - 2 * one.advance) < 0.01)
        #expect(abs(big.advance - 2 * one.advance) < 0.02)
        #expect(one.ascender > 50 && one.descender > 0)
    }

    /// A vertical stem is fully covered at its middle and empty well outside it; the
    /// ink of "I" (a plain stem in this font) stands on the baseline (mask row y = 0).
    @Test func stemIsFullyCoveredAndSitsOnTheBaseline() throws {
        let mask = try TextLine.layout("I", font: try bundledFont(), size: 120).rasterize().mask
        let ink = try #require(mask.inkBounds)
        let middleX = ink.x + ink.width / 2
        let middleY = ink.y + ink.height / 2
        #expect(mask[middleX, middleY] == 255)
        #expect(ink.height > 70 && ink.width < 40)
        // Rounded ends may dip a pixel below the baseline, no more.
        let bottom = mask.originY + ink.y + ink.height
        #expect((-1...2).contains(bottom), "ink ends at \(bottom) relative to the baseline")
    }

    /// Text in a fixed colour on white: fully covered pixels are exactly that colour,
    /// and pixels far from the text stay white.
    @Test func textIsDrawnInItsColourAndOnlyThere() throws {
        let red = Color(red: 200, green: 20, blue: 40)
        let image = try Renderer().render(
            Scene(
                width: 400, height: 200,
                layers: [
                    .solid(.white),
                    .text(
                        TextLayer(
                            text: "Hill", font: try bundledFont(), size: 100, placement: .inkCentered(x: 200, y: 100),
                            paint: .fixed(red, shadow: nil))),
                ]))
        var covered = 0
        for y in 0..<200 {
            for x in 0..<400 {
                let p = image[x, y]
                if p == red.premultiplied { covered += 1 }
                if x < 60 || x > 340 || y < 30 || y > 170 { #expect(p == Color.white.premultiplied, "(\(x), \(y))") }
            }
        }
        #expect(covered > 1000)
    }

    /// The label's ink is centred on the requested point, to the pixel.
    @Test func inkIsCentredOnThePoint() throws {
        let black = Color.black
        let image = try Renderer().render(
            Scene(
                width: 300, height: 200,
                layers: [
                    .solid(.white),
                    .text(
                        TextLayer(
                            text: "Winter", font: try bundledFont(), size: 60, placement: .inkCentered(x: 140, y: 80),
                            paint: .fixed(black, shadow: nil))),
                ]))
        var minX = 300, maxX = 0, minY = 200, maxY = 0
        for y in 0..<200 {
            for x in 0..<300 where image[x, y].r < 250 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        #expect(abs(Double(minX + maxX + 1) / 2 - 140) <= 1)
        #expect(abs(Double(minY + maxY + 1) / 2 - 80) <= 1)
    }

    @Test func longTextShrinksToTheSafeWidth() throws {
        let image = try Renderer().render(
            Scene(
                width: 300, height: 120,
                layers: [
                    .solid(.white),
                    .text(
                        TextLayer(
                            text: "Wonderful Winter", font: try bundledFont(), size: 80,
                            placement: .inkCentered(x: 150, y: 60),
                            maxWidth: 240, paint: .fixed(.black, shadow: nil))),
                ]))
        var minX = 300, maxX = 0
        for y in 0..<120 {
            for x in 0..<300 where image[x, y].r < 250 { (minX, maxX) = (min(minX, x), max(maxX, x)) }
        }
        #expect(maxX - minX + 1 <= 240)
        #expect(maxX - minX + 1 >= 200, "shrunk more than needed")
    }

    /// Contrasting paint picks the dark ink over white and the light ink over black.
    @Test(arguments: [(Color.white, true), (Color.black, false), (Color(red: 200, green: 220, blue: 240), true)])
    func contrastingPaintPicksTheReadableInk(background: Color, expectDark: Bool) throws {
        let dark = Color(red: 30, green: 50, blue: 100)
        let image = try Renderer().render(
            Scene(
                width: 200, height: 100,
                layers: [
                    .solid(background),
                    .text(
                        TextLayer(
                            text: "I", font: try bundledFont(), size: 80, placement: .inkCentered(x: 100, y: 50),
                            paint: .contrasting(dark: dark, light: .white))),
                ]))
        let stem = image[100, 50]
        #expect(stem == (expectDark ? dark : Color.white).premultiplied)
    }

    @Test func missingGlyphIsNamed() throws {
        #expect(throws: FontError.missingGlyph(character: "冬", font: "Comfortaa")) {
            try TextLine.layout("Winter 冬", font: try bundledFont(), size: 40)
        }
        #expect(
            "\(FontError.missingGlyph(character: "冬", font: "Comfortaa"))"
                .hasPrefix("no font wallgen has (Comfortaa) can show U+51AC '冬'; install one that covers the script"))
    }

    @Test func damagedFontIsRefusedWithFreeTypesWords() {
        #expect(throws: FontError.self) { try Font(data: [], label: "empty.ttf") }
        do {
            _ = try Font(data: Array(repeating: 0x41, count: 400), label: "junk.ttf")
            Issue.record("junk opened as a font")
        } catch {
            #expect("\(error)".contains("unknown file format"), "\(error)")
        }
    }
}
