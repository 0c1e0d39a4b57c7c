import Foundation
import Testing

@testable import Compositor

/// Shaping and font fallback over the bundled fonts: Latin display face, the Chinese
/// face and the colour emoji font, in that order (no system fonts, so results do not
/// depend on the machine).
@Suite struct ShapingTests {
    static func font(_ file: String) throws -> Font {
        try Font(data: FileReader.read(repositoryRoot + "/fonts/" + file), label: file)
    }

    static let chain: FontChain = try! FontChain([
        font("Comfortaa-Bold.ttf"), font("WallgenKai-Bold.ttf"), font("NotoColorEmoji.ttf"),
    ])

    @Test func eachCharacterComesFromTheRightFace() throws {
        let line = try TextLine.layout("冬天 ❄️ Winter", fonts: Self.chain, size: 64)
        #expect(line.font(ofCharacter: 0)?.name == "Wallgen Kai")
        #expect(line.font(ofCharacter: 3)?.isColor == true, "❄️ asks for emoji presentation")
        #expect(line.font(ofCharacter: 5)?.name == "Comfortaa")
        #expect(line.fontNames == ["Wallgen Kai", "Comfortaa", "Noto Color Emoji", "Comfortaa"])
    }

    /// Emoji sequences shape to one glyph each: a ZWJ family, a skin tone, a flag, a keycap.
    @Test(arguments: ["👨‍👩‍👧", "👍🏽", "🇹🇼", "1️⃣"]) func anEmojiSequenceIsOneGlyph(text: String) throws {
        #expect(text.count == 1)
        #expect(try TextLine.layout(text, fonts: Self.chain, size: 64).glyphCount == 1)
    }

    /// A combining accent joins its letter: "é" typed as e + U+0301 draws like the
    /// precomposed letter, the accent placed over the e.
    @Test func combiningAccentsArePlaced() throws {
        let decomposed = try TextLine.layout("e\u{301}", fonts: Self.chain, size: 80).rasterize().mask
        let precomposed = try TextLine.layout("\u{E9}", fonts: Self.chain, size: 80).rasterize().mask
        let a = try #require(decomposed.inkBounds)
        let b = try #require(precomposed.inkBounds)
        #expect(abs(a.width - b.width) <= 2 && abs(a.height - b.height) <= 2, "\(a) vs \(b)")
        #expect(abs((decomposed.originY + a.y) - (precomposed.originY + b.y)) <= 2, "the accent sits as high")
    }

    /// Kerning comes from the font's GPOS table through HarfBuzz: "AV" is tighter than
    /// its two letters set apart.
    @Test func kerningTightensPairs() throws {
        let pair = try TextLine.layout("AV", fonts: Self.chain, size: 100).advance
        let apart =
            try TextLine.layout("A", fonts: Self.chain, size: 100).advance
            + TextLine.layout("V", fonts: Self.chain, size: 100).advance
        #expect(pair < apart - 1, "AV \(pair) vs A + V \(apart)")
    }

    /// Colour emoji are drawn in colour: a label of one emoji has strongly saturated
    /// pixels, where text in one grey would have none.
    @Test func emojiAreDrawnInColour() throws {
        let image = try Renderer().render(
            Scene(
                width: 200, height: 200,
                layers: [
                    .solid(Color(red: 128, green: 128, blue: 128)),
                    .text(
                        TextLayer(
                            text: "🇹🇼", fonts: Self.chain, size: 120, placement: .inkCentered(x: 100, y: 100),
                            paint: .fixed(.white, shadow: nil))),
                ]))
        var saturated = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let p = image[x, y]
                if Int(max(p.r, p.g, p.b)) - Int(min(p.r, p.g, p.b)) > 120 { saturated += 1 }
            }
        }
        #expect(saturated > 2000, "\(saturated) saturated pixels")
    }

    @Test func aCharacterNoFontHasIsNamed() throws {
        do {
            _ = try TextLine.layout("Winter \u{378}", fonts: Self.chain, size: 40)
            Issue.record("an unassigned code point was drawn")
        } catch {
            #expect("\(error)".contains("U+0378"), "\(error)")
        }
    }

    /// Top to bottom: the pen moves down, characters stack, punctuation takes its
    /// vertical form. A horizontal comma sits low in the left half of its square; the
    /// vertical one in the upper right (a vertical line's x is its centre, y its top).
    @Test func verticalTextRunsDown() throws {
        let line = try TextLine.layout("冬至快樂", fonts: Self.chain, size: 50, vertical: true)
        #expect(line.isVertical && abs(line.advance - 200) < 2, "four full squares: \(line.advance)")
        let ink = try #require(try line.rasterize().mask.inkBounds)
        #expect(ink.height > 3 * ink.width)
        let horizontal = try TextLine.layout("，", fonts: Self.chain, size: 50).rasterize().mask
        let vertical = try TextLine.layout("，", fonts: Self.chain, size: 50, vertical: true).rasterize().mask
        let h = try #require(horizontal.inkBounds)
        let v = try #require(vertical.inkBounds)
        #expect(horizontal.originX + h.x + h.width < 25 && horizontal.originY + h.y > -20, "horizontal: low left")
        #expect(vertical.originX + v.x > 0 && vertical.originY + v.y + v.height < 25, "vertical: upper right")
    }
}

/// An emoji in a vertical line (issue 28: "冬至🎉快樂" set it half a column to the right,
/// with a gap after it): centred on the column like the ideographs, in a cell its own
/// size, so the space above and below it is the same.
@Suite struct VerticalEmojiTests {
    /// Rows (line coordinates, y down from the top) holding outline ink, as runs, and
    /// the colour glyphs' box.
    static func ink(_ text: String, size: Double) throws -> (
        outline: [(top: Int, bottom: Int, left: Int, right: Int)], emoji: (top: Int, bottom: Int, left: Int, right: Int)
    ) {
        let line = try TextLine.layout(text, fonts: ShapingTests.chain, size: size, vertical: true)
        let drawn = try line.rasterize()
        let mask = drawn.mask
        let color = try #require(drawn.color)
        var emoji = (top: Int.max, bottom: Int.min, left: Int.max, right: Int.min)
        for y in 0..<color.height {
            for x in 0..<color.width where color[x, y].a > 16 {
                emoji = (min(emoji.top, y), max(emoji.bottom, y), min(emoji.left, x), max(emoji.right, x))
            }
        }
        // Outline ink, split into glyphs by the empty rows between them.
        var outline: [(top: Int, bottom: Int, left: Int, right: Int)] = []
        var current: (top: Int, bottom: Int, left: Int, right: Int)?
        for y in 0..<mask.height {
            let xs = (0..<mask.width).filter { mask[$0, y] > 16 }
            if let first = xs.first, let last = xs.last {
                if let box = current {
                    current = (box.top, y, min(box.left, first), max(box.right, last))
                } else {
                    current = (y, y, first, last)
                }
            } else if let box = current {
                outline.append(box)
                current = nil
            }
        }
        if let current { outline.append(current) }
        let shift = { (box: (top: Int, bottom: Int, left: Int, right: Int)) in
            (
                top: box.top + mask.originY, bottom: box.bottom + mask.originY, left: box.left + mask.originX,
                right: box.right + mask.originX
            )
        }
        return (outline.map(shift), shift(emoji))
    }

    @Test func anEmojiIsCentredOnTheColumnWithoutAGap() throws {
        let size = 100.0
        // The same ideograph either side, so their own bearings cancel out.
        let (outline, emoji) = try Self.ink("冬🎉冬", size: size)
        #expect(outline.count == 2, "\(outline)")
        let above = try #require(outline.first)
        let below = try #require(outline.last)
        // The column's centre is x = 0: the ideographs are centred on it, and so is the emoji.
        let emojiCentre = Double(emoji.left + emoji.right) / 2
        let ideographCentre = Double(above.left + above.right) / 2
        #expect(abs(ideographCentre) < 0.05 * size, "ideographs at \(ideographCentre)")
        #expect(abs(emojiCentre) < 0.05 * size, "the emoji's centre is \(emojiCentre) from the column's")
        // As much room above it as below it, and no more than between two ideographs.
        let gapAbove = Double(emoji.top - above.bottom)
        let gapBelow = Double(below.top - emoji.bottom)
        let ideographs = try Self.ink("冬冬🎉", size: size).outline
        let ideographGap = Double(ideographs[1].top - ideographs[0].bottom)
        #expect(abs(gapAbove - gapBelow) < 0.08 * size, "above \(gapAbove), below \(gapBelow)")
        #expect(gapBelow < ideographGap + 0.1 * size, "below \(gapBelow), between ideographs \(ideographGap)")
    }
}

/// The bounds on text checked before shaping.
@Suite struct TextLimitTests {
    @Test func realClustersAreWellWithinTheLimits() throws {
        let family = "👨🏽‍👩🏽‍👧🏽‍👦🏽"
        let tibetan = "\u{0F66}\u{0F92}\u{0FB2}\u{0F74}\u{0F0B}"
        let keycap = "1\u{FE0F}\u{20E3}"
        for text in [family, tibetan, keycap, String(repeating: "x", count: TextLine.maxScalars)] {
            try TextLine.checkLimits(text)
        }
        #expect(family.unicodeScalars.count < TextLine.maxScalarsPerCharacter / 2)
    }

    @Test func pilesAndLongTextsAreRefused() {
        #expect(throws: FontError.characterTooLong(position: 2, scalars: 33, limit: 32)) {
            try TextLine.checkLimits("x" + "a" + String(repeating: "\u{300}", count: 32))
        }
        #expect(throws: FontError.tooManyScalars(count: 1025, limit: 1024)) {
            try TextLine.checkLimits(String(repeating: "x", count: 1025))
        }
    }

    /// A drawing larger than its allowance is refused before its pixels are allocated.
    @Test func oversizedRasterIsRefused() throws {
        let line = try TextLine.layout("Winter", fonts: ShapingTests.chain, size: 100)
        #expect(throws: FontError.self) { try line.rasterize(maxPixels: 100) }
        do {
            _ = try line.rasterize(maxPixels: 100)
        } catch {
            guard case .rasterTooLarge(let width, let height, 100) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(width * height > 100)
        }
        #expect(try line.rasterize().mask.width > 0)
    }
}

/// Right-to-left text as HarfBuzz's own command-line shaper sets it: "مرحبا" with a
/// system font that has Arabic, its glyphs (the joining forms) in visual order, left to
/// right, and their advances, against `hb-shape` (libharfbuzz-bin), an independent run of
/// the shaper over the same file.
@Suite struct RightToLeftShapingTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let shaper = "/usr/bin/hb-shape"

    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: dejaVu) && FileManager.default.isExecutableFile(atPath: shaper),
            "DejaVu Sans or hb-shape is not installed (fonts-dejavu-core, libharfbuzz-bin)"))
    func arabicIsSetInHarfBuzzsOrder() throws {
        let word = "مرحبا"
        let font = try Font(data: FileReader.read(Self.dejaVu), label: "DejaVu Sans")
        let size = 2048.0
        let line = try TextLine.layout(word, font: font, size: size)
        let placed = line.glyphs.sorted { $0.x < $1.x }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.shaper)
        process.arguments = ["--output-format=json", "--no-glyph-names", Self.dejaVu, word]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(placed.map(\.glyph) == reference.map { UInt32($0["g"] as! Int) }, "glyphs left to right")
        // hb-shape's advances are in font units (2048 to the em in DejaVu Sans): at 2048
        // pixels to the em, each glyph starts where the ones to its left end.
        var pen = 0.0
        for (glyph, shaped) in zip(placed, reference) {
            #expect(abs(glyph.x - pen) < 1, "glyph \(glyph.glyph) at \(glyph.x), HarfBuzz's pen at \(pen)")
            pen += Double(shaped["ax"] as! Int)
        }
        // The first letter (meem, cluster 0) is the rightmost glyph: the word runs right to left.
        #expect(reference.last?["cl"] as? Int == 0)
    }
}
