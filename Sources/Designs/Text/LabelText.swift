import Compositor

/// The engraving app's rules for a person's own label text.
///
/// Length is counted as a person counts: in grapheme clusters (Swift's `Character`), so
/// "👍🏽" and "👨‍👩‍👧" are one each. Beyond the limit the app kept the first 13 and
/// said so. The size steps down as the text grows, in the app's proportions 17 : 14 : 11.
public enum LabelText {
    public static let defaultMaxCharacters = 13

    /// What ends a cut text; it counts as one of its characters.
    public static let ellipsis: Character = "…"

    /// The text cut to at most `maxCharacters` (the ellipsis one of them), and how many
    /// characters it had.
    ///
    /// A longer text keeps the words that fit whole: it is cut where a word ends (a
    /// space, or between two Chinese or Japanese characters, which need none), and the
    /// ellipsis follows the last whole word: "Happy birthday dear Margaret" at 13 is
    /// "Happy…". When that would keep under a third of what fits (one long word, or a
    /// script written without spaces such as Thai), the cut falls after the last whole
    /// character (grapheme cluster) instead.
    public static func limited(_ text: String, maxCharacters: Int) -> (text: String, count: Int) {
        let characters = Array(text)
        guard characters.count > maxCharacters else { return (text, characters.count) }
        // One character leaves no room for an ellipsis beside it.
        guard maxCharacters > 1 else { return (String(characters.prefix(maxCharacters)), characters.count) }
        let room = maxCharacters - 1
        var end = room
        if let wordEnd = (1...room).reversed().first(where: { isWordEnd(characters, at: $0) }),
            wordEnd >= max(1, room / 3)
        {
            end = wordEnd
        }
        var kept = characters[..<end]
        while let last = kept.last, last.isWhitespace || separators.contains(last) { kept.removeLast() }
        if kept.isEmpty { kept = characters[..<room] }
        return (String(kept) + String(ellipsis), characters.count)
    }

    /// Marks a cut text should not end on, before its ellipsis.
    static let separators: Set<Character> = [",", "，", "、", ";", "；", ":", "：", "-", "–", "—"]

    /// Whether a word ends before `characters[index]`: at a space on either side, or
    /// beside a character of a script written without spaces.
    static func isWordEnd(_ characters: [Character], at index: Int) -> Bool {
        guard index > 0, index < characters.count else { return index == characters.count }
        let before = characters[index - 1]
        let after = characters[index]
        return before.isWhitespace || after.isWhitespace || CJKText.isWrittenWithoutSpaces(before)
            || CJKText.isWrittenWithoutSpaces(after)
    }

    /// The app's three sizes: fewer than 4 characters, fewer than 8, and more.
    public enum Step: Int, Sendable {
        case large = 17
        case medium = 14
        case small = 11

        public init(characterCount count: Int) {
            self = count < 4 ? .large : count < 8 ? .medium : .small
        }
    }

    /// The em size for a label: the large step is 17 % of the canvas width (capped at
    /// 12 % of its height, for wide screens), the others in proportion. Fitting the safe
    /// margin may shrink it further when drawn.
    public static func size(for text: String, width: Int, height: Int) -> Double {
        let large = min(0.17 * Double(width), 0.12 * Double(height))
        return large * Double(Step(characterCount: text.count).rawValue) / 17
    }

    /// The first control character in `text` (tabs, line breaks, escapes), if any:
    /// they draw nothing and are never meant.
    public static func firstControlCharacter(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { $0.properties.generalCategory == .control }
    }
}

/// Where a wallpaper's label sits.
public enum LabelPosition: String, Sendable, CaseIterable {
    case top, center, bottom
}
