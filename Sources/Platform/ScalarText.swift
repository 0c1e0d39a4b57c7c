/// Trimming as Foundation's `trimmingCharacters(in:)` did it with its two white-space
/// sets, on Unicode scalars. (Foundation's `replacingOccurrences(of:with:)` became the
/// standard library's `replacing(_:with:)`: both match whole `Character`s, so a
/// placeholder followed by a combining mark is left alone by either.)
extension StringProtocol {
    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`: the
    /// space separators, Zs, U+0009 and U+200B ZERO WIDTH SPACE, which was Zs once).
    public func trimmingSpaces() -> String {
        trimmingScalars(where: Self.isSpace)
    }

    /// Without leading and trailing white space, line ends included (Foundation's
    /// `.whitespacesAndNewlines`: those spaces, U+000A to U+000D, U+0085, U+2028, U+2029).
    public func trimmingWhitespace() -> String {
        trimmingScalars { scalar in
            Self.isSpace(scalar) || ("\u{A}"..."\u{D}").contains(scalar) || scalar == "\u{85}"
                || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    private func trimmingScalars(where isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
