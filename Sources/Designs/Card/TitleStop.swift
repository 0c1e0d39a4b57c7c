/// The full stop a card's title ends with, as the app wrote "冬至｡".
///
/// The stop is Chinese (and Japanese) punctuation: it follows only a title that ends in
/// a Han character or kana. A title ending in a Latin letter or an emoji ("冬至快樂, Mia",
/// "春暖花開 🌸") is left as written, and one that already ends a sentence ("春天來了！",
/// "春分。") keeps its own mark: a second one would read "春分。。".
enum TitleStop {
    /// Marks that end a sentence or close one (quotes and brackets after a stop).
    static let closingMarks: Set<Character> = [
        "。", "｡", "．", ".", "！", "!", "？", "?", "…", "‥", "」", "』", "）", ")", "】", "〕", "〉", "》", "〗",
        "”", "’", "\"", "'", "～", "~",
    ]

    /// `title` with `stop` appended when it ends in a Han character or kana.
    static func appended(_ stop: String, to title: String) -> String {
        guard let last = title.last(where: { !$0.isWhitespace }), !closingMarks.contains(last),
            last.unicodeScalars.contains(where: CJKText.isIdeographOrKana)
        else { return title }
        return title + stop
    }
}
