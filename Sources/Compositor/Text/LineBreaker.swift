/// Breaks a paragraph into lines no wider than a limit.
///
/// Latin text breaks at spaces (and after hyphens). Chinese and Japanese text may
/// break between any two characters, except that closing punctuation (，。、」』） and
/// the like) never starts a line and opening punctuation (「『（) never ends one: the
/// usual rule of CJK typesetting (kinsoku). A word wider than the whole line is split
/// between characters rather than allowed to overflow.
public enum LineBreaker {
    /// Characters that may not begin a line.
    static let closing: Set<Character> = Set("，。、．：；！？）」』】》〉〕｝…‥・｡､ー,.!?:;)]}%’”")
    /// Characters that may not end a line.
    static let opening: Set<Character> = Set("（「『【《〈〔｛([{‘“")

    /// The lines of `text` set in `font` at `size`, each at most `maxWidth` wide
    /// (spaces at the ends of lines do not count and are dropped). The last line holds
    /// at least `lastLineMinimum` words or CJK characters, punctuation aside, when the
    /// paragraph has that many: a lone "開。" or one English word under a full line
    /// reads as a mistake (see `LineBreaker.keepingLastLineFull`). The text is measured
    /// in `language`, as it will be drawn.
    public static func lines(
        _ text: String, font: Font, size: Double, maxWidth: Double, lastLineMinimum: Int = 2,
        language: TextLanguage? = nil
    ) throws(FontError) -> [String] {
        let characters = Array(text)
        guard !characters.isEmpty else { return [] }
        let starts = try TextLine.layout(text, font: font, size: size, language: language).characterStarts
        var ranges: [Range<Int>] = []
        var lineStart = 0
        while lineStart < characters.count {
            let end = lineEnd(from: lineStart, characters, starts, maxWidth)
            ranges.append(lineStart..<end)
            lineStart = end
            while lineStart < characters.count && characters[lineStart].isWhitespace { lineStart += 1 }
        }
        ranges = keepingLastLineFull(ranges, characters, starts, maxWidth, minimum: lastLineMinimum)
        return ranges.map { String(characters[$0]).trimmingTrailingSpaces() }
    }

    /// Where the line starting at `start` ends: the last allowed break that fits, or
    /// failing that the last character that fits (always at least one character).
    static func lineEnd(from start: Int, _ characters: [Character], _ starts: [Double], _ maxWidth: Double) -> Int {
        func width(_ end: Int) -> Double {
            var last = end
            while last > start && characters[last - 1].isWhitespace { last -= 1 }
            return starts[last] - starts[start]
        }
        if width(characters.count) <= maxWidth { return characters.count }
        var bestBreak: Int?
        for end in (start + 1)..<characters.count where canBreak(before: end, characters) {
            if width(end) <= maxWidth { bestBreak = end } else { break }
        }
        if let bestBreak { return bestBreak }
        var end = start + 1
        while end < characters.count && width(end + 1) <= maxWidth { end += 1 }
        return end
    }

    /// Whether a line may end between `characters[index - 1]` and `characters[index]`.
    static func canBreak(before index: Int, _ characters: [Character]) -> Bool {
        let previous = characters[index - 1]
        let next = characters[index]
        if next.isWhitespace { return false }
        if previous.isWhitespace { return true }
        if closing.contains(next) || opening.contains(previous) { return false }
        if isCJK(previous) || isCJK(next) { return true }
        return previous == "-" && next.isLetter
    }

    /// Ideographs, kana and full-width forms: scripts written without spaces.
    static func isCJK(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF00...0xFFEF, 0x20000...0x3134F:
            return true
        default:
            return false
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last?.isWhitespace == true { result.removeLast() }
        return result
    }
}
