/// Which Debian package has fonts for a script, so a missing-glyph message can say
/// what to install rather than only what went wrong.
enum ScriptFonts {
    /// The script of `character` and the Debian package that covers it, for the
    /// scripts whose package is known; nil otherwise.
    static func package(for character: Character) -> (script: String, package: String)? {
        guard let value = character.unicodeScalars.first?.value else { return nil }
        let core = "fonts-noto-core"
        switch value {
        case 0x0530...0x058F: return ("Armenian", core)
        case 0x0590...0x05FF: return ("Hebrew", core)
        case 0x0600...0x06FF, 0x0750...0x077F: return ("Arabic", core)
        case 0x0900...0x097F: return ("Devanagari", core)
        case 0x0980...0x09FF: return ("Bengali", core)
        case 0x0A00...0x0A7F: return ("Gurmukhi", core)
        case 0x0A80...0x0AFF: return ("Gujarati", core)
        case 0x0B00...0x0B7F: return ("Odia", core)
        case 0x0B80...0x0BFF: return ("Tamil", core)
        case 0x0C00...0x0C7F: return ("Telugu", core)
        case 0x0C80...0x0CFF: return ("Kannada", core)
        case 0x0D00...0x0D7F: return ("Malayalam", core)
        case 0x0D80...0x0DFF: return ("Sinhala", core)
        case 0x0E00...0x0E7F: return ("Thai", core)
        case 0x0E80...0x0EFF: return ("Lao", core)
        case 0x0F00...0x0FFF: return ("Tibetan", core)
        case 0x1000...0x109F: return ("Myanmar", core)
        case 0x10A0...0x10FF: return ("Georgian", core)
        case 0x1200...0x139F: return ("Ethiopic", core)
        case 0x1780...0x17FF: return ("Khmer", core)
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return ("Hangul", "fonts-noto-cjk")
        case 0x3040...0x30FF: return ("Japanese kana", "fonts-noto-cjk")
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x20000...0x3134F: return ("Chinese", "fonts-noto-cjk")
        default: return nil
        }
    }
}
