/// Keeping the last line of a paragraph from holding a single word or character.
///
/// A widow — "開。" alone under a full line of Chinese, or one English word — looks
/// like a layout mistake and wastes a line of a card's short description. The fix
/// typesetters use is to pull the break before the last line back, so the line above
/// gives up a little text; that line only gets shorter, so it still fits.
extension LineBreaker {
    /// `ranges` (the lines, as character ranges) with the last break moved earlier
    /// until the last line holds `minimum` units (see `units(in:)`), when it can: the
    /// moved break must be an allowed one, the last line must still fit `maxWidth`,
    /// and the line above must keep at least one unit.
    static func keepingLastLineFull(
        _ ranges: [Range<Int>], _ characters: [Character], _ starts: [Double], _ maxWidth: Double, minimum: Int
    ) -> [Range<Int>] {
        guard ranges.count >= 2, let last = ranges.last else { return ranges }
        let previous = ranges[ranges.count - 2]
        guard units(in: characters[last]) < minimum else { return ranges }
        var end = last.upperBound
        while end > last.lowerBound && characters[end - 1].isWhitespace { end -= 1 }
        // The latest break that gives the last line enough, scanning back through the line above.
        for start in stride(from: last.lowerBound - 1, to: previous.lowerBound, by: -1) {
            guard !characters[start].isWhitespace, canBreak(before: start, characters) else { continue }
            guard starts[end] - starts[start] <= maxWidth else { break }
            var aboveEnd = start
            while aboveEnd > previous.lowerBound && characters[aboveEnd - 1].isWhitespace { aboveEnd -= 1 }
            guard units(in: characters[previous.lowerBound..<aboveEnd]) >= 1 else { break }
            if units(in: characters[start..<last.upperBound]) >= minimum {
                return Array(ranges.dropLast(2)) + [previous.lowerBound..<aboveEnd, start..<last.upperBound]
            }
        }
        return ranges
    }

    /// What a reader counts on a line: each CJK character, and each run of other
    /// letters or digits (a word). Punctuation and spaces count for nothing.
    static func units(in characters: ArraySlice<Character>) -> Int {
        var count = 0
        var inWord = false
        for character in characters {
            if isCJK(character) {
                inWord = false
                if character.isLetter || character.isNumber { count += 1 }
            } else if character.isLetter || character.isNumber || (inWord && (character == "'" || character == "’")) {
                if !inWord { count += 1 }
                inWord = true
            } else {
                inWord = character == "-" && inWord
            }
        }
        return count
    }
}
