/// A status or error line for a terminal, when it may hold text from data or from the
/// person (an output name from a manifest, a reason from a report, a key with a
/// byte-order mark from Excel).
///
/// Works on Unicode scalars: characters that draw nothing or act on the terminal —
/// controls other than a line feed or tab, format characters (U+FEFF, U+200B, the
/// bidirectional marks such as U+202E) and the line and paragraph separators — are
/// named by their code point, `<U+FEFF>`, so no name can move the cursor, clear the
/// screen or hide the rest of a line, and a message says what is there instead of
/// hiding it. Joiners and tags that belong to an emoji (after an emoji, a variation
/// selector or another of them) are kept, so a family or a flag stays whole.
public enum TerminalText {
    public static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var out = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if isInvisible(scalar) && !(continuesEmoji(scalar) && previous.map(isEmojiPart) == true) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
            } else {
                out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return out
    }

    /// Line feeds and tabs are the message's own layout; everything else of these kinds
    /// is shown by name.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar != "\n" && scalar != "\t" else { return false }
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
