import Compositor
import Foundation
import Testing

/// Traditional Chinese punctuation in horizontal text sits in the middle of its cell
/// (Taiwan's standard), where the bundled Kai faces draw ，。、 at the bottom left and
/// ；：！？ on the left. Every position here is measured independently of the code that
/// moves the marks: the cell from the line's advances (`characterStarts`) and the font's
/// ascender and descender, the ink from the pixels of the rendered canvas.
@Suite struct CentredPunctuationTests {
    static func kai(_ file: String) throws -> Font {
        try Font(path: repositoryRoot + "/fonts/" + file, label: file)
    }

    static let marks: [Character] = ["，", "。", "、", "；", "：", "！", "？"]
    static let size = 100.0
    static let origin = (x: 20.0, y: 150.0)
    /// Rounding of the ink box to whole pixels (a pixel each side) and of the baseline
    /// (half a pixel) stay well inside it; the mainland forms are 0.2 to 0.35 em off.
    static let tolerance = 0.03 * size

    /// The line drawn in white on black with its pen starting at `origin` on the baseline.
    static func render(_ text: String, _ font: Font, language: TextLanguage?, vertical: Bool = false) throws -> Image {
        try Renderer(workers: 1).render(
            Scene(
                width: 440, height: 560,
                layers: [
                    .solid(.black),
                    .text(
                        TextLayer(
                            text: text, fonts: FontChain([font]), size: size,
                            placement: .baseline(x: origin.x, y: origin.y, alignment: .leading),
                            paint: .fixed(.white, shadow: nil), isVertical: vertical, language: language)),
                ]))
    }

    /// The centre of the box of lit pixels whose centres fall in `columns` and `rows`.
    static func inkCentre(_ image: Image, columns: ClosedRange<Double>, rows: ClosedRange<Double>) -> (
        x: Double, y: Double
    )? {
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for y in 0..<image.height where rows.contains(Double(y) + 0.5) {
            for x in 0..<image.width where columns.contains(Double(x) + 0.5) && image[x, y].r > 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        guard minX <= maxX else { return nil }
        return (Double(minX + maxX + 1) / 2, Double(minY + maxY + 1) / 2)
    }

    /// The cell of character 1 of `line` on the canvas: across, its advance; up and
    /// down, the em box the font's ascender and descender span (the middle of the
    /// ideographic em box for a font without a BASE table, as the Kai faces are).
    static func cell(_ line: TextLine) -> (columns: ClosedRange<Double>, centre: (x: Double, y: Double)) {
        let left = origin.x + line.characterStarts[1]
        let right = origin.x + line.characterStarts[2]
        let centreY = origin.y - (line.ascender - line.descender) / 2
        return (left...right, ((left + right) / 2, centreY))
    }

    @Test(arguments: ["WallgenKai-Regular.ttf", "WallgenKai-Bold.ttf"], marks)
    func eachMarkIsCentredInItsCell(file: String, mark: Character) throws {
        let font = try Self.kai(file)
        let text = "天\(mark)天"
        let line = try TextLine.layout(text, font: font, size: Self.size, language: .traditionalChinese)
        let image = try Self.render(text, font, language: .traditionalChinese)
        let (columns, centre) = Self.cell(line)
        let ink = try #require(Self.inkCentre(image, columns: columns, rows: 0...Double(image.height)))
        #expect(abs(ink.x - centre.x) <= Self.tolerance, "\(mark) in \(file): ink x \(ink.x), cell \(centre.x)")
        #expect(abs(ink.y - centre.y) <= Self.tolerance, "\(mark) in \(file): ink y \(ink.y), cell \(centre.y)")
        // And beside the ideographs, not below them: level with the middle of 天's ink.
        let ideograph = try #require(
            Self.inkCentre(image, columns: Self.origin.x...columns.lowerBound, rows: 0...Double(image.height)))
        #expect(abs(ink.y - ideograph.y) <= 0.05 * Self.size, "\(mark): \(ink.y) against 天 at \(ideograph.y)")
    }

    /// Without the language the bundled faces keep their own placement: the comma and
    /// the stops in the bottom left of the cell, the others on the left.
    @Test(arguments: marks) func withoutTheLanguageTheFontsFormsStay(mark: Character) throws {
        let font = try Self.kai("WallgenKai-Regular.ttf")
        let text = "天\(mark)天"
        let line = try TextLine.layout(text, font: font, size: Self.size)
        let image = try Self.render(text, font, language: nil)
        let (columns, centre) = Self.cell(line)
        let ink = try #require(Self.inkCentre(image, columns: columns, rows: 0...Double(image.height)))
        #expect(centre.x - ink.x > 0.2 * Self.size, "\(mark) sits left: ink x \(ink.x), cell \(centre.x)")
        if "，。、".contains(mark) {
            #expect(ink.y - centre.y > 0.25 * Self.size, "\(mark) sits low: ink y \(ink.y), cell \(centre.y)")
        }
    }

    /// Centring moves ink, never the pen: every character starts where it did, so line
    /// breaks and widths are those of the font's own advances.
    @Test func advancesAreUnchanged() throws {
        let font = try Self.kai("WallgenKai-Regular.ttf")
        let text = "立春是二十四節氣之首，東風解凍、萬物開始復甦；天：春來了？來了！"
        let plain = try TextLine.layout(text, font: font, size: 44)
        let centred = try TextLine.layout(text, font: font, size: 44, language: .traditionalChinese)
        #expect(plain.characterStarts == centred.characterStarts)
        #expect(
            try LineBreaker.lines(text, font: font, size: 44, maxWidth: 600)
                == LineBreaker.lines(text, font: font, size: 44, maxWidth: 600, language: .traditionalChinese))
    }

    /// Latin punctuation is the Latin font's: a comma in English text sits on the
    /// baseline, drawn the same whether or not the line is marked Chinese.
    @Test func aLatinCommaIsUnchanged() throws {
        let latin = try bundledFont()
        let text = "Hello, world."
        let marked = try Self.render(text, latin, language: .traditionalChinese)
        let plain = try Self.render(text, latin, language: nil)
        #expect(Self.pixels(marked) == Self.pixels(plain))
        let line = try TextLine.layout(text, font: latin, size: Self.size)
        let comma = try #require(
            Self.inkCentre(
                plain, columns: (Self.origin.x + line.characterStarts[5])...(Self.origin.x + line.characterStarts[6]),
                rows: 0...Double(plain.height)))
        #expect(abs(comma.y - Self.origin.y) <= 0.1 * Self.size, "the comma's ink is about the baseline: \(comma.y)")
    }

    /// Vertical text keeps the font's vertical forms, language or not: the comma of
    /// "天，天" in the upper right of its cell, and the same pixels either way.
    @Test func verticalTextIsUnchanged() throws {
        let font = try Self.kai("WallgenKai-Regular.ttf")
        let text = "天，天"
        let marked = try Self.render(text, font, language: .traditionalChinese, vertical: true)
        let plain = try Self.render(text, font, language: nil, vertical: true)
        #expect(Self.pixels(marked) == Self.pixels(plain))
        // Top to bottom the pen starts at the top of the column, on its centre line.
        let line = try TextLine.layout(text, fonts: FontChain([font]), size: Self.size, vertical: true)
        let top = Self.origin.y + line.characterStarts[1]
        let bottom = Self.origin.y + line.characterStarts[2]
        let ink = try #require(
            Self.inkCentre(
                plain, columns: (Self.origin.x - Self.size / 2)...(Self.origin.x + Self.size / 2), rows: top...bottom))
        #expect(ink.x > Self.origin.x + 0.15 * Self.size, "right of the centre line: \(ink.x)")
        #expect(ink.y < (top + bottom) / 2 - 0.15 * Self.size, "in the upper half of \(top)...\(bottom): \(ink.y)")
    }

    static func pixels(_ image: Image) -> [UInt8] {
        (0..<image.height).flatMap { y in (0..<image.width).map { x in image[x, y].r } }
    }
}
