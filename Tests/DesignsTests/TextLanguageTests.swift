import Almanac
import Compositor
import Designs
import Testing

/// Which texts are set as Traditional Chinese (Taiwan's centred punctuation, see
/// `TextLanguage`): the Chinese card's texts, a title or label with Chinese characters;
/// not English, and not Japanese or Korean, whose marks sit where their fonts put them.
@Suite struct TextLanguageTests {
    @Test(arguments: [
        ("春天來了，你好。", true), ("冬天 ❄️ Winter", true), ("春分", true), ("𠀋", true),
        ("Hello, world.", false), ("Winter ❄️", false), ("こんにちは、世界。", false), ("春の日、", false),
        ("안녕, 世界", false), ("，。", false), ("", false),
    ])
    func labelLanguage(text: String, chinese: Bool) {
        #expect((LabelLanguage.of(text) == .traditionalChinese) == chinese, "\(text)")
    }

    static func texts(_ spec: TermCardSpec) throws -> [TextLayer] {
        try TermCard.scene(spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: TermCardTests.fonts)
            .layers.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// Every text of the Chinese card, title, date and each line of the description.
    @Test func theChineseCardIsTraditionalChinese() throws {
        let texts = try Self.texts(TermCardSpec(term: SolarTerm.find("立春")!))
        #expect(texts.count >= 4)
        for text in texts { #expect(text.language == .traditionalChinese, "\(text.text)") }
        #expect(texts.contains { $0.text.contains("，") && $0.language == .traditionalChinese })
    }

    /// The English card's English texts have no language; its small Chinese name and a
    /// person's own Chinese title are Chinese.
    @Test func theEnglishCardIsChineseOnlyWhereItIsChinese() throws {
        var spec = TermCardSpec(term: SolarTerm.find("立春")!, language: .english)
        var texts = try Self.texts(spec)
        for text in texts {
            #expect(text.language == (text.text == "立春" ? .traditionalChinese : nil), "\(text.text)")
        }
        spec.title = "春天來了！"
        texts = try Self.texts(spec)
        #expect(texts.first { $0.text == "春天來了！" }?.language == .traditionalChinese)
    }

    @Test func aWallpaperLabelInChineseIsTraditionalChinese() {
        func language(_ text: String) -> TextLanguage? {
            let spec = SeasonWallpaperSpec(season: .spring, text: text)
            let scene = SeasonWallpaper.scene(
                spec, picture: DecodedPicture(Image(width: 8, height: 8)), fonts: FontChain([]))
            return scene.layers.compactMap { if case .text(let text) = $0 { text.language } else { nil } }.first
        }
        #expect(language("春天來了，你好。") == .traditionalChinese)
        #expect(language("Spring, at last") == nil)
    }
}
