/// The full stop a card's title ends with, as the app wrote "冬至｡".
///
/// A person's own title that already ends a sentence ("春天來了！", "春分。", "Spring!")
/// keeps its own mark: a second one would read "春分。。".
enum TitleStop {
    /// Marks that end a sentence or close one (quotes and brackets after a stop).
    static let closingMarks: Set<Character> = [
        "。", "｡", "．", ".", "！", "!", "？", "?", "…", "‥", "」", "』", "）", ")", "】", "〕", "〉", "》", "〗",
        "”", "’", "\"", "'", "～", "~",
    ]

    /// `title` with `stop` appended unless it already ends in a closing mark.
    static func appended(_ stop: String, to title: String) -> String {
        guard let last = title.last(where: { !$0.isWhitespace }), closingMarks.contains(last) else {
            return title + stop
        }
        return title
    }
}
