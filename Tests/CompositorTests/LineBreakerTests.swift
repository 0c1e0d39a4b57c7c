import Compositor
import Testing

/// Line breaking on crafted strings, set in the bundled Chinese face where every
/// ideograph and full-width mark is exactly one em wide.
@Suite struct LineBreakerTests {
    func kai() throws -> Font {
        try Font(data: FileReader.read(repositoryRoot + "/fonts/WallgenKai-Regular.ttf"), label: "Wallgen Kai")
    }

    /// Lines of `text` at 10 px with room for `columns` ideographs (plus a hair); a
    /// `lastLineMinimum` of 1 leaves widows alone, to see the other rules by themselves.
    func lines(_ text: String, columns: Int, lastLineMinimum: Int = 1) throws -> [String] {
        try LineBreaker.lines(
            text, font: try kai(), size: 10, maxWidth: Double(columns) * 10 + 0.5, lastLineMinimum: lastLineMinimum)
    }

    /// A last line of one character (and its stop) takes one more from the line above.
    @Test func lastLineHoldsTwoCharacters() throws {
        #expect(try lines("一二三四五六七八九", columns: 4, lastLineMinimum: 2) == ["一二三四", "五六七", "八九"])
        #expect(try lines("一二三四五六七八九。", columns: 4, lastLineMinimum: 2) == ["一二三四", "五六七", "八九。"])
        // Closing punctuation still never starts the line: 四 comes down with ，.
        #expect(try lines("一二三四，五", columns: 4, lastLineMinimum: 2) == ["一二三", "四，五"])
        // Already two: nothing moves.
        #expect(try lines("一二三四五六", columns: 4, lastLineMinimum: 2) == ["一二三四", "五六"])
        // One line, or a paragraph of one character, cannot do better.
        #expect(try lines("一。", columns: 4, lastLineMinimum: 2) == ["一。"])
    }

    /// English ends on two words, not one.
    @Test func lastLineHoldsTwoWords() throws {
        let font = try kai()
        let text = "aaa bbb ccc ddd"
        let width = try TextLine.layout("aaa bbb ccc", font: font, size: 20).advance + 1
        #expect(
            try LineBreaker.lines(text, font: font, size: 20, maxWidth: width, lastLineMinimum: 1) == [
                "aaa bbb ccc", "ddd",
            ])
        #expect(try LineBreaker.lines(text, font: font, size: 20, maxWidth: width) == ["aaa bbb", "ccc ddd"])
    }

    @Test func ideographsBreakAnywhere() throws {
        #expect(try lines("一二三四五六七八九十", columns: 4) == ["一二三四", "五六七八", "九十"])
        #expect(try lines("一二三", columns: 3) == ["一二三"])
    }

    @Test func closingPunctuationNeverStartsALine() throws {
        // A plain cut after 四 would put ， first on the next line: 四 moves down with it.
        #expect(try lines("一二三四，五六七", columns: 4) == ["一二三", "四，五六", "七"])
        #expect(try lines("一二三四。", columns: 4) == ["一二三", "四。"])
        #expect(try lines("一二三四」五", columns: 4) == ["一二三", "四」五"])
        for text in ["天氣回暖，降雪漸少，雨水開始增多。細雨滋潤土壤，正是麥田追肥、果樹修剪的時節。", "春夏、秋冬，天地。日月」年時』分秒）雨"] {
            for columns in 3...9 {
                for line in try lines(text, columns: columns).dropFirst() {
                    #expect(!"，。、」』）".contains(line.first!), "\(columns) columns: line starts with \(line.first!)")
                }
            }
        }
    }

    @Test func openingPunctuationNeverEndsALine() throws {
        #expect(try lines("一二三「四五」", columns: 4) == ["一二三", "「四五」"])
        for columns in 3...8 {
            for line in try lines("春夏「秋冬」天『地日』月（年時）", columns: columns).dropLast() {
                #expect(!"「『（".contains(line.last!), "\(columns) columns: line ends with \(line.last!)")
            }
        }
    }

    @Test func everyLineFitsAndNothingIsLost() throws {
        let text = "一年之中黑夜最長、白晝最短的一天，太陽直射南回歸線。此後白晝漸長，家家團聚吃湯圓。"
        for columns in 2...12 {
            let result = try lines(text, columns: columns)
            #expect(result.joined() == text)
            #expect(result.allSatisfy { $0.count <= columns }, "\(columns): \(result)")
        }
    }

    @Test func latinBreaksAtSpaces() throws {
        let font = try kai()
        let text = "The first spring thunder wakes the insects that wintered underground."
        let width = try TextLine.layout("The first spring", font: font, size: 20).advance + 1
        let result = try LineBreaker.lines(text, font: font, size: 20, maxWidth: width)
        #expect(result.first == "The first spring")
        #expect(result.joined(separator: " ") == text)
        for line in result {
            #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "))
            #expect(try TextLine.layout(line, font: font, size: 20).advance <= width)
        }
    }

    @Test func aWordWiderThanTheLineIsSplit() throws {
        let result = try LineBreaker.lines("Supercalifragilistic", font: try kai(), size: 20, maxWidth: 60)
        #expect(result.count > 1 && result.joined() == "Supercalifragilistic")
        #expect(try LineBreaker.lines("", font: try kai(), size: 20, maxWidth: 60).isEmpty)
    }
}

@Suite struct ShapeTests {
    @Test func discCoversItsAreaWithSoftEdges() {
        let mask = CoverageMask.disc(centerX: 20, centerY: 20, radius: 8)
        var total = 0.0
        for y in 0..<mask.height {
            for x in 0..<mask.width { total += Double(mask[x, y]) / 255 }
        }
        #expect(abs(total - Double.pi * 64) < 1.5, "area \(total)")
        // Centre full, far corner empty, a rim pixel partial.
        #expect(mask[20 - mask.originX, 20 - mask.originY] == 255)
        #expect(mask[0, 0] == 0)
        let rim = mask[25 - mask.originX, 25 - mask.originY]  // centre 7.8 px from the middle
        #expect(rim > 0 && rim < 255)
    }

    @Test func ringIsHollow() {
        let mask = CoverageMask.ring(centerX: 20, centerY: 20, radius: 8, lineWidth: 2)
        #expect(mask[20 - mask.originX, 20 - mask.originY] == 0)
        #expect(mask[27 - mask.originX, 20 - mask.originY] == 255)
    }

    @Test func baselinePlacementPutsTheBaselineOnTheRow() throws {
        let image = try Renderer().render(
            Scene(
                width: 200, height: 100,
                layers: [
                    .solid(.white),
                    .text(
                        TextLayer(
                            text: "HH", font: try bundledFont(), size: 40,
                            placement: .baseline(x: 30, y: 70, alignment: .leading), paint: .fixed(.black, shadow: nil))
                    ),
                ]))
        var lowest = 0
        var leftmost = 200
        for y in 0..<100 {
            for x in 0..<200 where image[x, y].r < 128 {
                lowest = max(lowest, y)
                leftmost = min(leftmost, x)
            }
        }
        #expect(lowest == 69, "the ink of H ends on the row above the baseline")
        #expect((30...36).contains(leftmost), "H starts just after the pen position (its side bearing)")
    }
}
