import Compositor
import Designs

/// The options of a person's own label: the engraving app's rules on the command line.
enum LabelOptions {
    static let text = Option(
        "text", short: "t", .text(), help: "Your own label instead of the season's name (emoji welcome).")
    static let maxCharacters = Option(
        "max-chars", .wholeNumber(atLeast: 1),
        help: "Characters --text may have, as a person counts them: 👍🏽 is one. More are cut, with a warning.",
        default: LabelText.defaultMaxCharacters)
    static let strict = Flag("strict", help: "Refuse a --text over --max-chars instead of cutting it.")
    static let textColor = Option(
        "text-color", .opaqueColor, help: "The label's colour.",
        defaultText: "white or the season's ink, whichever reads better on the picture")
    static let position = Option(
        "label-position", .choice(["top": LabelPosition.top, "center": .center, "bottom": .bottom]),
        help: "Where the label sits.", default: .top, shown: "top")
    static let vertical = Flag("vertical", help: "Set the label top to bottom, as Chinese is written.")

    /// `text` (the option carrying the words: the label's or a card's title) checked
    /// and cut to `--max-chars`, with any warning to show.
    static func text(_ parsed: ParsedArguments, from text: Option<String> = text) throws(UsageError) -> (
        String?, [String]
    ) {
        let limit = parsed[required: maxCharacters]
        guard let given = parsed[text] else { return (nil, []) }
        if let control = LabelText.firstControlCharacter(in: given) {
            throw UsageError("\(text.flagName) contains the control character \(codePoint(control)); remove it")
        }
        let (cut, count) = LabelText.limited(given, maxCharacters: limit)
        guard count > limit else { return (given, []) }
        if parsed.has(strict) {
            throw UsageError(
                "\(text.flagName) has \(count) characters, more than the limit of \(limit) (--max-chars)")
        }
        return (
            cut,
            [
                "Warning: \(text.flagName) has \(count) characters, more than the limit of \(limit) (--max-chars); using \"\(cut)\". --max-chars \(count) keeps it whole; --strict refuses a text over the limit"
            ]
        )
    }

    /// Refuses `--vertical` for text in a script that stacking would break (see
    /// `VerticalScripts`): a clear refusal beats a column of unjoined letters.
    static func checkVertical(_ text: String?, isVertical: Bool) throws(UsageError) {
        guard isVertical, let text, let (script, reason) = VerticalScripts.unstackable(in: text) else { return }
        throw UsageError(
            "--vertical sets Chinese and Japanese top to bottom; \(script) \(reason) — drop --vertical")
    }

    /// U+0009, as Unicode names code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
