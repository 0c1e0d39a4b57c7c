/// Trimming and replacing as Foundation's `trimmingCharacters(in:)` and
/// `replacingOccurrences(of:with:)` did them: on Unicode scalars, never on `Character`s
/// (a placeholder followed by a combining mark is still that placeholder).
extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, searched from the start,
    /// scalar by scalar, without overlaps.
    public func replacingScalars(of target: String, with replacement: String) -> String {
        let pattern = Array(target.unicodeScalars)
        guard !pattern.isEmpty else { return String(self) }
        let scalars = Array(unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            if scalars.count - index >= pattern.count, scalars[index..<index + pattern.count].elementsEqual(pattern) {
                out.append(contentsOf: replacement.unicodeScalars)
                index += pattern.count
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }

    /// Without leading and trailing spaces and tabs (Foundation's `.whitespaces`:
    /// the space separators, Zs, and U+0009).
    public func trimmingSpaces() -> String {
        trimmingScalars { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
    }

    /// Without leading and trailing white space, line ends included (Foundation's
    /// `.whitespacesAndNewlines`: Zs, U+0009 to U+000D, U+0085, U+2028, U+2029).
    public func trimmingWhitespace() -> String {
        trimmingScalars { scalar in
            scalar.properties.generalCategory == .spaceSeparator || ("\u{9}"..."\u{D}").contains(scalar)
                || scalar == "\u{85}" || scalar == "\u{2028}" || scalar == "\u{2029}"
        }
    }

    private func trimmingScalars(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
