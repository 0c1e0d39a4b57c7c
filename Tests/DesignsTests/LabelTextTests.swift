import Compositor
import Designs
import Testing

@Suite struct LabelTextTests {
    /// Characters as a person counts them.
    @Test(arguments: [
        ("👍🏽", 1), ("👨‍👩‍👧", 1), ("🇹🇼🇯🇵", 2), ("1️⃣", 1), ("e\u{301}", 1), ("冬天", 2), ("Winter ❄️", 8),
        ("한국어", 3),
    ])
    func graphemeCounts(text: String, count: Int) {
        #expect(LabelText.limited(text, maxCharacters: 13).count == count)
    }

    @Test func textIsCutToTheLimitWithoutBreakingClusters() {
        let (cut, count) = LabelText.limited("👨‍👩‍👧👍🏽🇹🇼abcdefghijkl", maxCharacters: 13)
        #expect(count == 15)
        #expect(cut == "👨‍👩‍👧👍🏽🇹🇼abcdefghij", "whole emoji, never half a sequence")
    }

    /// Fewer than 4 characters the largest size, fewer than 8 the middle, else the
    /// smallest, as 17 : 14 : 11, the largest 17 % of the width.
    @Test func sizeStepsAsTheApp() {
        #expect(LabelText.Step(characterCount: 3) == .large && LabelText.Step(characterCount: 4) == .medium)
        #expect(LabelText.Step(characterCount: 7) == .medium && LabelText.Step(characterCount: 8) == .small)
        let large = LabelText.size(for: "冬天", width: 1000, height: 3000)
        #expect(abs(large - 170) < 1e-9)
        #expect(abs(LabelText.size(for: "Winter", width: 1000, height: 3000) - 140) < 1e-9)
        #expect(abs(LabelText.size(for: "Hello Winter", width: 1000, height: 3000) - 110) < 1e-9)
        #expect(LabelText.size(for: "Hi", width: 3840, height: 2160) < 0.13 * 2160, "wide screens are capped by height")
    }

    @Test func controlCharactersAreFound() {
        #expect(LabelText.firstControlCharacter(in: "a\u{7}b")?.value == 7)
        #expect(LabelText.firstControlCharacter(in: "冬天 ❄️") == nil)
    }
}

/// The label, drawn: always inside the safe margin, shrunk only when it must be.
@Suite struct LabelLayoutTests {
    static func inkBounds(text: String, width: Int, height: Int) throws -> (minX: Int, maxX: Int, height: Int) {
        var spec = SeasonWallpaperSpec(season: .winter, width: width, height: height)
        spec.text = text
        spec.baseColor = .black
        spec.alpha = 0
        spec.textColor = .white
        let fonts = FontChain([
            try Font(data: FileReader.read(data.font("Comfortaa-Bold.ttf")), label: "Comfortaa"),
            try Font(data: FileReader.read(data.font("NotoColorEmoji.ttf")), label: "emoji"),
        ])
        let scene = SeasonWallpaper.scene(spec, picture: DecodedPicture(Image(width: 4, height: 4)), fonts: fonts)
        // Only the label: the shades are black on black.
        let image = try Renderer().render(scene)
        var minX = width, maxX = 0, minY = height, maxY = 0
        for y in 0..<height {
            for x in 0..<width where image[x, y].g > 128 {
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        return (minX, maxX, maxY - minY + 1)
    }

    @Test(arguments: [(585, 1266), (960, 540)]) func aLongLabelFitsTheSafeMargin(width: Int, height: Int) throws {
        let ink = try Self.inkBounds(text: "WWWWWWWWWWWWW", width: width, height: height)
        #expect(Double(ink.minX) >= 0.08 * Double(width) - 1 && Double(ink.maxX) <= 0.92 * Double(width) + 1, "\(ink)")
    }

    /// A short label is not shrunk: its capitals stand at the large step's size
    /// (Comfortaa's capitals are about 0.78 em tall).
    @Test func aShortLabelKeepsItsSize() throws {
        let ink = try Self.inkBounds(text: "HIH", width: 585, height: 1266)
        let em = LabelText.size(for: "HIH", width: 585, height: 1266)
        #expect(abs(Double(ink.height) / em - 0.78) < 0.05, "cap height \(ink.height) for em \(em)")
    }
}
