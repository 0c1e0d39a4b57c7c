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
        #expect(cut == "👨‍👩‍👧👍🏽🇹🇼abcdefghi…", "whole emoji, never half a sequence; the ellipsis is the 13th")
    }

    /// A long text keeps the words that fit whole, and the ellipsis is one of the
    /// characters (issue 28: "Happy birthday dear Margaret" came out "Happy birthda").
    @Test(arguments: [
        ("Happy birthday dear Margaret", 13, "Happy…"),
        ("Happy birthday Margaret!", 16, "Happy birthday…"),
        ("Happy birthday, dear Margaret", 16, "Happy birthday…"),
        ("冬至快樂，新年快樂，萬事如意", 13, "冬至快樂，新年快樂，萬事…"),
        ("冬至快樂，新年快樂，萬事如意", 11, "冬至快樂，新年快樂…"),
        ("Merry 冬至快樂新年快樂", 10, "Merry 冬至快…"),
        ("Supercalifragilistic", 13, "Supercalifra…"),
        ("A supercalifragilistic day", 13, "A supercalif…"),
        ("สวัสดีปีใหม่ครับเพื่อนทุกคน", 8, "สวัสดีปีให…"),  // ส วั ส ดี ปี ใ ห: seven clusters
        ("Hello wonderful world", 1, "H"),
        ("Winter", 13, "Winter"),
    ])
    func longTextIsCutAtAWord(text: String, limit: Int, expected: String) {
        let (cut, count) = LabelText.limited(text, maxCharacters: limit)
        #expect(cut == expected)
        #expect(count == text.count)
        #expect(cut.count <= limit)
    }

    /// Whatever the text, the cut fits the limit and is the text's own beginning.
    @Test func everyCutFitsAndBeginsTheText() {
        // Seeded (SplitMix64's steps), so every run sees the same texts.
        var random = SeededRandom(state: 28)
        let pieces = ["a", "bc", " ", "冬", "，", "👍🏽", "e\u{301}", "สวัส", "-", "  ", "word"]
        for _ in 0..<2000 {
            let text = (0..<Int.random(in: 1...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let limit = Int.random(in: 1...16, using: &random)
            let (cut, _) = LabelText.limited(text, maxCharacters: limit)
            #expect(cut.count <= limit, "\(text) at \(limit): \(cut)")
            let body = cut.last == LabelText.ellipsis && text.count > limit ? String(cut.dropLast()) : cut
            #expect(text.hasPrefix(body), "\(text) at \(limit): \(cut)")
            #expect(!body.isEmpty, "\(text) at \(limit): \(cut)")
        }
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

/// A vertical label at the bottom keeps the bottom margin a horizontal one keeps
/// (issue 28: the column ended about 60 px from the edge where the line kept about 390).
@Suite struct VerticalLabelMarginTests {
    /// The rows of the label's ink: a white label on black, no picture.
    static func inkRows(text: String, vertical: Bool, width: Int, height: Int) throws -> (top: Int, bottom: Int) {
        var spec = SeasonWallpaperSpec(season: .winter, width: width, height: height)
        spec.text = text
        spec.baseColor = .black
        spec.alpha = 0
        spec.textColor = .white
        spec.isVertical = vertical
        spec.labelPosition = .bottom
        let fonts = FontChain([try Font(data: FileReader.read(data.font("WallgenKai-Bold.ttf")), label: "Kai")])
        let image = try Renderer().render(
            SeasonWallpaper.scene(spec, picture: DecodedPicture(Image(width: 4, height: 4)), fonts: fonts))
        var top = height
        var bottom = 0
        for y in 0..<height where (0..<width).contains(where: { image[$0, y].g > 128 }) {
            (top, bottom) = (min(top, y), max(bottom, y))
        }
        return (top, bottom)
    }

    @Test(arguments: [(585, 1266), (960, 540)])
    func theBottomMarginIsTheSameUpOrAcross(width: Int, height: Int) throws {
        let across = try Self.inkRows(text: "冬至快樂", vertical: false, width: width, height: height)
        let down = try Self.inkRows(text: "冬至快樂", vertical: true, width: width, height: height)
        let em = LabelText.size(for: "冬至快樂", width: width, height: height)
        #expect(
            abs(Double(down.bottom - across.bottom)) < 0.1 * em,
            "vertical ends at \(down.bottom), horizontal at \(across.bottom), of \(height)")
        #expect(down.top > height / 4, "the column stays in the lower part: \(down)")
    }
}

/// SplitMix64, as TestSupport has it (this target does not depend on TestSupport).
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
