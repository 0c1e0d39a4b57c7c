import Almanac
import Compositor
import Foundation
import Testing

@testable import Designs

@Suite struct TermCardTests {
    static let fonts: CardFonts = try! CardFonts.bundled(data)

    /// Every character of every text wallgen can print on a card or wallpaper is in
    /// the bundled fonts; a failure lists each missing one.
    @Test func bundledFontsCoverEverythingPrinted() throws {
        var cardTexts = SolarTerm.all.flatMap { term in
            [
                term.name + "｡", term.englishName, term.chineseDescription, term.englishDescription, term.usualDateText,
                term.usualEnglishDateText,
            ]
        }
        cardTexts.append("0123456789年月日國曆、")
        var missing: [String] = []
        for text in cardTexts {
            for character in text where !Self.fonts.body.covers(character) || !Self.fonts.title.covers(character) {
                missing.append("\(character) (in \(text.prefix(12))…)")
            }
        }
        let label = try Font(data: FileReader.read(data.font(SeasonWallpaper.labelFontFile)), label: "label")
        for season in Season.allCases {
            for character in season.displayName where !label.covers(character) { missing.append("\(character)") }
        }
        #expect(missing.isEmpty, "missing glyphs: \(missing)")
    }

    @Test func sceneHasPictureShadesTextAndSixDots() throws {
        let spec = TermCardSpec(term: SolarTerm.find("冬至")!)
        let scene = try TermCard.scene(spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: Self.fonts)
        guard case .picture(let picture) = scene.layers[0], case .gradient(let edge) = scene.layers[1],
            case .gradient(let bottom) = scene.layers[2]
        else {
            Issue.record("expected picture and two gradients first")
            return
        }
        #expect(picture.opacity == 1 && edge == SeasonWallpaper.edgeShade)
        #expect(bottom.stops.map(\.position) == [0.5, 1] && bottom.stops.map(\.alpha) == [0, 1])
        let texts = scene.layers.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(texts.contains { $0.text == "冬至｡" })
        #expect(texts.contains { $0.text == "國曆12月21、22日" })
        #expect(texts.filter { $0.fonts.fonts.first === Self.fonts.body }.map(\.text).joined().contains("湯圓"))
        let dots = scene.layers.compactMap { if case .shape(let shape) = $0 { shape } else { nil } }
        #expect(dots.count == 6)
        let filled = dots.enumerated().filter { if case .disc = $0.element.kind { true } else { false } }.map(\.offset)
        #expect(filled == [3], "冬至 is the fourth term of winter")
    }

    /// A wider card's text climbs higher than a phone's: its shade begins higher, at
    /// least 5% of the height above the title's top in either language, and is the
    /// same for both (by the shape alone, so they share their background). A phone's card
    /// keeps the shade from mid-height.
    @Test(arguments: [(3840, 2160), (3440, 1440), (5120, 1440), (1000, 1000), (2048, 2732)])
    func aWideCardsShadeBeginsAboveItsTitle(width: Int, height: Int) throws {
        var starts: Set<Double> = []
        for language in CardLanguage.allCases {
            for name in ["冬至", "立春", "清明"] {
                let spec = TermCardSpec(term: SolarTerm.find(name)!, width: width, height: height, language: language)
                let scene = try TermCard.scene(
                    spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: Self.fonts)
                guard case .gradient(let bottom) = scene.layers[2] else { throw CardTestFailure.noShade }
                let tops = scene.layers.compactMap { layer -> Double? in
                    guard case .text(let text) = layer, case .baseline(_, let y, _) = text.placement else { return nil }
                    return (y - text.size) / Double(height)
                }
                let titleTop = try #require(tops.min())
                #expect(
                    bottom.stops[0].position <= titleTop - 0.05, "\(width)x\(height) \(language) \(name): \(titleTop)")
                starts.insert(bottom.stops[0].position)
            }
        }
        #expect(starts.count == 1, "\(starts)")
        for (width, height) in [(1170, 2532), (180, 320), (1080, 1920)] {
            #expect(TermCard.shadeUnderText(width: width, height: height) == TermCard.bottomShade)
        }
    }

    enum CardTestFailure: Error { case noShade }

    /// A card with a person's own title shares everything but that title with the cards
    /// that differ only in it (one card per customer): the title is drawn last and the
    /// layers before it are marked as repeated. Cards without one share only the picture
    /// and its shading (the Chinese and English cards differ in every text), and a card
    /// too small to keep its dots apart from its title keeps the usual order.
    @Test func aPersonsOwnTitleIsTheOnlyLayerNotShared() throws {
        func scene(
            _ title: String?, width: Int = 1170, height: Int = 2532, _ language: CardLanguage = .chinese,
            vertical: Bool = false
        ) throws -> Scene {
            var spec = TermCardSpec(term: SolarTerm.find("冬至")!, width: width, height: height, language: language)
            spec.title = title
            spec.isVerticalTitle = vertical
            return try TermCard.scene(spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: Self.fonts)
        }
        for language in [CardLanguage.chinese, .english] {
            let ann = try scene("Ann", language)
            let bea = try scene("Bea", language)
            let shared = try #require(ann.repeatedLayerCount)
            #expect(ann.sharedLayerCount == shared && ann.backgroundSignature == bea.backgroundSignature)
            let own = ann.layers[shared...].compactMap { if case .text(let text) = $0 { text.text } else { nil } }
            #expect(own.first == "Ann", "\(own)")
            #expect(own.count == (language == .chinese ? 1 : 2), "an English card's Chinese name follows its title")
            #expect(!ann.layers[shared...].contains { if case .shape = $0 { true } else { false } })
        }
        let plain = try scene(nil)
        #expect(plain.repeatedLayerCount == nil && plain.sharedLayerCount == plain.backgroundLayerCount)
        // A column tall enough to shrink the text shrinks the date and description too:
        // another background.
        let long = try scene(String(repeating: "很長的標題", count: 6), vertical: true)
        let short = try scene("冬至", vertical: true)
        #expect(long.repeatedLayerCount != nil && short.repeatedLayerCount != nil)
        #expect(long.backgroundSignature != short.backgroundSignature)
        let tiny = try scene("Happy solstice to everyone", width: 24, height: 24, .english)
        #expect(tiny.repeatedLayerCount == nil)
        guard case .shape = tiny.layers.last else {
            Issue.record("a tiny card draws its dots last, as a card without its own title does")
            return
        }
    }

    /// A title that already ends a sentence keeps its own mark instead of gaining a second;
    /// the stop follows only a Chinese or Japanese character (issue 28: "冬至快樂, Mia。").
    @Test(arguments: [
        ("春分。", false, "春分。"), ("春天來了！", false, "春天來了！"), ("Spring!", false, "Spring!"),
        ("「春」", false, "「春」"), ("春分", false, "春分｡"), ("🌸", false, "🌸"),
        ("春分。", true, "春分。"), ("春天來了？", true, "春天來了？"), ("春分", true, "春分。"),
        ("冬至快樂, Mia", false, "冬至快樂, Mia"), ("春暖花開 🌸", false, "春暖花開 🌸"), ("Spring", false, "Spring"),
        ("はるです", false, "はるです｡"), ("겨울", false, "겨울"), ("冬至快樂", true, "冬至快樂。"),
    ])
    func ownTitleGetsOneStop(title: String, vertical: Bool, drawn: String) throws {
        var spec = TermCardSpec(term: SolarTerm.find("春分")!)
        spec.title = title
        spec.isVerticalTitle = vertical
        let texts = try TermCard.scene(spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: Self.fonts)
            .layers.compactMap { if case .text(let text) = $0 { text.text } else { nil } }
        #expect(texts.contains(drawn), "\(texts)")
    }

    @Test func englishCardKeepsTheChineseNameSmallAbove() throws {
        let spec = TermCardSpec(term: SolarTerm.find("qingming")!, language: .english)
        let texts = try TermCard.scene(spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: Self.fonts)
            .layers.compactMap {
                if case .text(let text) = $0 { text } else { nil }
            }
        let title = try #require(texts.first { $0.text == "Pure Brightness" })
        let chinese = try #require(texts.first { $0.text == "清明" })
        #expect(chinese.size < title.size)
        guard case .baseline(_, let chineseY, _) = chinese.placement, case .baseline(_, let titleY, _) = title.placement
        else {
            Issue.record("card text sits on baselines")
            return
        }
        #expect(chineseY < titleY)
        #expect(texts.contains { $0.text == "April 4 or 5" })
    }

    /// On a black picture only the text is bright: at any canvas size, every bright
    /// pixel lies inside the side margins and in the shaded lower half.
    @Test(arguments: [(585, 1266), (960, 540), (375, 667), (480, 320), (320, 1400), (1000, 200)])
    func textStaysInsideTheSafeArea(width: Int, height: Int) throws {
        let black = Image(width: 4, height: 4)
        black.fill(PremultipliedPixel(r: 0, g: 0, b: 0, a: 255))
        for term in [SolarTerm.all[0], SolarTerm.all[17]] {
            for language in CardLanguage.allCases {
                let spec = TermCardSpec(term: term, width: width, height: height, language: language)
                let image = try Renderer().render(
                    try TermCard.scene(spec, picture: DecodedPicture(black), fonts: Self.fonts))
                let margin = 0.08 * Double(width)
                var minX = width, maxX = 0, minY = height
                for y in 0..<height {
                    for x in 0..<width where image[x, y].g > 40 {
                        (minX, maxX, minY) = (min(minX, x), max(maxX, x), min(minY, y))
                    }
                }
                #expect(Double(minX) >= margin - 2, "\(width)x\(height) \(term.slug) \(language): ink at x = \(minX)")
                #expect(
                    Double(maxX) <= Double(width) - margin + 2,
                    "\(width)x\(height) \(term.slug) \(language): ink at x = \(maxX)")
                #expect(
                    Double(minY) >= 0.5 * Double(height),
                    "\(width)x\(height) \(term.slug) \(language): ink at y = \(minY)")
            }
        }
    }
}

@Suite struct GalleryTests {
    @Test func textIsEscapedEverywhere() {
        let page = Gallery.html(
            cards: SolarTerm.all.map { Gallery.Card(term: $0, fileName: "</script><script>alert(1)</script>.png") },
            language: .chinese)
        #expect(!page.contains("</script><script>alert(1)"), "a file name closed the script element")
        #expect(page.components(separatedBy: "</script>").count == 3, "exactly the page's own two scripts")
        #expect(page.contains("default-src 'none'") && !page.contains("unsafe-inline"), "the page carries its policy")
    }

    @Test func pageIsSelfContainedWithTabsForTheSeasonsGiven() {
        let spring = SolarTerm.terms(of: .spring).map { Gallery.Card(term: $0, fileName: $0.fileStem + ".png") }
        let page = Gallery.html(cards: spring, language: .chinese)
        #expect(page.contains("01-lichun.png") && page.contains("06-guyu.png") && !page.contains("07-lixia.png"))
        #expect(page.components(separatedBy: "role=\"tab\"").count == 2, "one season, one tab")
        for remote in ["http://", "https://", "//cdn", "@import"] { #expect(!page.contains(remote), "\(remote)") }
    }
}
