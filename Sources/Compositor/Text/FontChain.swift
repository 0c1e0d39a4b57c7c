import FoundationEssentials
import Platform

/// Fonts to try, in order, for each character of a text: the first that has every
/// glyph a character needs sets it. Emoji (presentation forms, sequences, flags,
/// keycaps) try the colour fonts first, so ❄️ comes out in colour even when a text
/// font also has a plain ❄. When none has a character, an optional system lookup
/// (fontconfig) may supply one; its answers are kept for the chain's life.
public final class FontChain: @unchecked Sendable {
    public let fonts: [Font]
    private let systemLookup: (@Sendable (Character) -> Font?)?
    private var found: [Character: Font?] = [:]
    private let lock = Lock()

    /// Whether characters none of `fonts` has are looked for in the installed fonts.
    public var searchesInstalledFonts: Bool { systemLookup != nil }

    public init(_ fonts: [Font], systemLookup: (@Sendable (Character) -> Font?)? = nil) {
        self.fonts = fonts
        self.systemLookup = systemLookup
    }

    public convenience init(_ font: Font) {
        self.init([font])
    }

    /// The font that sets `character`, or nil when no font has all its glyphs.
    public func font(for character: Character) -> Font? {
        let ordered = Self.prefersColor(character) ? fonts.filter(\.isColor) + fonts.filter { !$0.isColor } : fonts
        if let font = ordered.first(where: { $0.covers(character) }) { return font }
        guard let systemLookup else { return nil }
        return lock.withLock {
            if let known = found[character] { return known }
            let font = systemLookup(character).flatMap { $0.covers(character) ? $0 : nil }
            found[character] = font
            return font
        }
    }

    /// Whether a character is meant to be shown as a colour emoji: it asks for emoji
    /// presentation (U+FE0F, or a scalar that defaults to it), joins emoji (U+200D),
    /// is a flag (regional indicators) or a keycap (U+20E3).
    public static func prefersColor(_ character: Character) -> Bool {
        character.unicodeScalars.contains { scalar in
            scalar.value == 0xFE0F || scalar.value == 0x200D || scalar.value == 0x20E3
                || (0x1F1E6...0x1F1FF).contains(scalar.value) || scalar.properties.isEmojiPresentation
        }
    }
}
