import Compositor

/// The language a person's own text is drawn in.
///
/// wallgen's Chinese is Traditional, as the cards and their bundled faces are: a text
/// with Chinese characters is set as Traditional Chinese (centred punctuation, see
/// `TextLanguage`), unless it also has kana or hangul, which make it Japanese or Korean,
/// whose punctuation sits where the fonts put it. Any other text has no language set.
public enum LabelLanguage {
    public static func of(_ text: String) -> TextLanguage? {
        var hasHan = false
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F,  // kana
                0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF:  // hangul
                return nil
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F:
                hasHan = true
            default:
                continue
            }
        }
        return hasHan ? .traditionalChinese : nil
    }
}
