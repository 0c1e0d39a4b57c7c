import Compositor
import Designs

/// The options of a person's own label: the engraving app's rules on the command line.
enum LabelOptions {
    static let text = OptionSpec(
        long: "text", short: "t", valueName: "text",
        help: ["Your own label instead of the season's name (emoji welcome)."])
    static let maxCharacters = OptionSpec(
        long: "max-chars", short: nil, valueName: "n",
        help: [
            "Characters --text may have, as a person counts them: 👍🏽 is",
            "one. More are cut, with a warning. (default: 13)",
        ])
    static let strict = OptionSpec(
        long: "strict", short: nil, valueName: nil, help: ["Refuse a --text over --max-chars instead of cutting it."])
    static let textColor = OptionSpec(
        long: "text-color", short: nil, valueName: "#RRGGBB",
        help: ["The label's colour. (default: white or the season's ink,", "whichever reads better on the picture)"])
    static let position = OptionSpec(
        long: "label-position", short: nil, valueName: "top|center|bottom",
        help: ["Where the label sits. (default: top)"])
    static let vertical = OptionSpec(
        long: "vertical", short: nil, valueName: nil, help: ["Set the label top to bottom, as Chinese is written."])

    /// `--text` checked and cut to `--max-chars`, with any warning to show.
    static func text(_ parsed: ParsedArguments) throws(UsageError) -> (String?, [String]) {
        var limit = LabelText.defaultMaxCharacters
        if let given = parsed.values["max-chars"] {
            guard let value = Int(given), value >= 1 else {
                throw UsageError("--max-chars must be a whole number of at least 1, got '\(given)'")
            }
            limit = value
        }
        guard let text = parsed.values["text"] else { return (nil, []) }
        guard !text.isEmpty else { throw UsageError("--text must not be empty") }
        if let control = LabelText.firstControlCharacter(in: text) {
            throw UsageError("--text contains the control character \(codePoint(control)); remove it")
        }
        let (cut, count) = LabelText.limited(text, maxCharacters: limit)
        guard count > limit else { return (text, []) }
        if parsed.flags.contains("strict") {
            throw UsageError("--text has \(count) characters, more than the limit of \(limit) (--max-chars)")
        }
        return (
            cut,
            [
                "Warning: --text has \(count) characters, more than the limit of \(limit); using the first \(limit): \"\(cut)\""
            ]
        )
    }

    static func color(_ text: String?) throws(UsageError) -> Color? {
        guard let text else { return nil }
        guard let color = Color(hex: text), color.alpha == 255 else {
            throw UsageError("--text-color must be a colour as #RRGGBB, got '\(text)'")
        }
        return color
    }

    static func position(_ text: String?) throws(UsageError) -> LabelPosition {
        guard let text else { return .top }
        guard let position = LabelPosition(rawValue: text.lowercased()) else {
            throw UsageError("--label-position must be top, center or bottom, got '\(text)'")
        }
        return position
    }

    /// U+0009, as Unicode names code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
