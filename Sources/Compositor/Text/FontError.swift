import Platform

/// Why text could not be set. Messages name the font and the character, never just
/// "failed": a user must be able to act on them.
public enum FontError: Error, Equatable, CustomStringConvertible {
    /// FreeType could not open the data as a font; `reason` is its error in words.
    case unusable(reason: String)
    /// FreeType or HarfBuzz cannot be loaded (they are loaded on first use, not linked).
    case librariesUnavailable(LibraryUnavailable)
    /// The font has no glyph for a character of the text.
    case missingGlyph(character: Character, font: String)
    /// FreeType failed on one glyph.
    case glyphFailed(character: Character, reason: String)
    case invalidSize(Double)
    /// The text has more Unicode scalars than `TextLine.maxScalars`.
    case tooManyScalars(count: Int, limit: Int)
    /// One character (grapheme cluster) is made of more scalars than
    /// `TextLine.maxScalarsPerCharacter`: a pile of combining marks or joined emoji.
    case characterTooLong(position: Int, scalars: Int, limit: Int)
    /// The drawn text would cover more pixels than its canvas allows.
    case rasterTooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .unusable(let reason): reason
        case .librariesUnavailable(let library): "\(library)"
        case .missingGlyph(let character, let font):
            "no font wallgen has (\(font)) can show \(Self.quotedName(character)); install one that covers the script"
                + (ScriptFonts.package(for: character).map { " (\($0.script): Debian's \($0.package))" } ?? "")
        case .glyphFailed(let character, let reason):
            "cannot draw \(Self.name(character)): \(reason)"
        case .invalidSize(let size): "invalid text size \(size)"
        case .tooManyScalars(let count, let limit):
            "the text has \(count) Unicode code points, above the limit of \(limit)"
        case .characterTooLong(let position, let scalars, let limit):
            "character \(position) of the text is \(scalars) Unicode code points joined into one "
                + "(combining marks or joined emoji), above the limit of \(limit) per character"
        case .rasterTooLarge(let width, let height, let limit):
            "the text would be drawn \(width)x\(height) pixels, above the limit of \(limit) pixels for this canvas"
        }
    }

    /// `U+0928 'न'`: the code points, then the character as it would look.
    static func quotedName(_ character: Character) -> String {
        let codes = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return codes.joined(separator: " ") + " '\(character)'"
    }

    /// `U+2744 "❄"`, one code point per scalar, so invisible characters are named too.
    static func name(_ character: Character) -> String {
        let codes = character.unicodeScalars.map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return codes.joined(separator: " ") + " \"\(character)\""
    }
}
