/// The language a text is written in, where it changes how the text is drawn.
///
/// In horizontal text HarfBuzz is told the language, so a font that has forms for it
/// (its `locl` feature) uses them, and the language's own rule for punctuation is kept
/// where the font has no such forms (see `CentredPunctuation`). Vertical text is set
/// with the fonts' vertical forms as they are, whatever the language.
public enum TextLanguage: Sendable, Hashable {
    /// Traditional Chinese as written in Taiwan, the cards' language: in horizontal
    /// text ，。、；：！？ sit in the middle of their cells (the Ministry of Education's
    /// standard), where mainland fonts set them at the bottom left.
    case traditionalChinese

    /// The BCP 47 tag HarfBuzz is given.
    var tag: String {
        switch self {
        case .traditionalChinese: "zh-Hant-TW"
        }
    }

    /// The script (ISO 15924) a run of punctuation alone is shaped in: HarfBuzz finds a
    /// font's language forms under the text's script, and punctuation has none.
    var script: String {
        switch self {
        case .traditionalChinese: "Hani"
        }
    }

    /// Whether full-width punctuation is centred in its cell in horizontal text.
    var centresPunctuation: Bool {
        switch self {
        case .traditionalChinese: true
        }
    }
}
