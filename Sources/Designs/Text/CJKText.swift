/// Chinese and Japanese characters, which are written without spaces between words: a
/// line or a cut may fall between any two of them.
enum CJKText {
    /// Han ideographs and kana.
    static func isIdeographOrKana(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F,  // Han
            0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:  // kana
            true
        default: false
        }
    }

    /// Han, kana, and their punctuation (、。「」, full-width forms).
    static func isWrittenWithoutSpaces(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            isIdeographOrKana(scalar) || (0x3000...0x303F).contains(scalar.value)
                || (0xFF00...0xFF65).contains(scalar.value)
        }
    }
}
