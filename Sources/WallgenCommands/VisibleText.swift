/// Text as a terminal may show it: characters that draw nothing or act on the terminal
/// (controls, format characters such as U+FEFF and U+200B, line and paragraph
/// separators) are named by their code point, `<U+FEFF>`, so a message says what is
/// there instead of hiding it or letting it move the cursor.
///
/// Works on Unicode scalars. Joiners and tags that belong to an emoji (after an emoji,
/// a variation selector or another of them) are kept: a family or a flag stays whole.
enum VisibleText {
    static func named(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) && !(continuesEmoji(scalar) && previous.map(isEmojiPart) == true) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            } else {
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }

    /// Line feeds are the message's own; everything else of these kinds is shown by name.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\n" else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The zero-width joiner and the tag characters (flags of England, Scotland, Wales).
    private static func continuesEmoji(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\u{200D}" || (0xE0020...0xE007F).contains(scalar.value)
    }

    private static func isEmojiPart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.properties.isEmoji && scalar.value > 0x7F) || scalar == "\u{FE0F}" || continuesEmoji(scalar)
            || scalar.properties.isEmojiModifier
    }
}
