import Compositor
import Designs

/// A person's own label on the wallpaper, read into `LabelSettings`: the engraving app's
/// rules (`--text`, counted and cut to `--max-chars`, or refused with `--strict`) and
/// where and how it is set.
struct LabelOptions: OptionGroup {
    static let text = Option(
        "text", short: "t", .text(), help: "Your own label instead of the season's name (emoji welcome)."
    ).inStudio(.words)
    static let maxCharacters = Option(
        "max-chars", .wholeNumber(atLeast: 1),
        help: "Characters --text may have, as a person counts them: 👍🏽 is one. More are cut, with a warning.",
        default: LabelText.defaultMaxCharacters)
    static let strict = Flag("strict", help: "Refuse a --text over --max-chars instead of cutting it.")
    static let textColor = Option(
        "text-color", .opaqueColor, help: "The label's colour.",
        defaultText: "white or the season's ink, whichever reads better on the picture"
    ).inStudio(.words)
    static let position = Option(
        "label-position", .choice(["top": LabelPosition.top, "center": .center, "bottom": .bottom]),
        help: "Where the label sits.", default: .top, shown: "top"
    ).inStudio(.words, id: "position")
    static let vertical = Flag("vertical", help: "Set the label top to bottom, as Chinese is written.").inStudio(.words)

    var name: String { "label" }
    var declarations: [any OptionDeclaration] {
        [Self.text, Self.maxCharacters, Self.strict, Self.textColor, Self.position, Self.vertical]
    }

    static func read(_ parsed: ParsedArguments) throws(CommandFailure) -> LabelSettings {
        let (words, warnings) = try text(parsed)
        let textColor = parsed[textColor]
        let position = parsed[required: position]
        let isVertical = parsed.has(vertical)
        try checkVertical(words, isVertical: isVertical)
        return LabelSettings(
            text: words, warnings: warnings, textColor: textColor, position: position, isVertical: isVertical)
    }

    /// `text` (the option carrying the words: the label's or a card's title) checked
    /// and cut to `--max-chars`, with any warning to show.
    static func text(_ parsed: ParsedArguments, from text: Option<String> = text) throws(CommandFailure) -> (
        String?, [String]
    ) {
        let limit = parsed[required: maxCharacters]
        // Read whether or not there is a text to refuse: without one it changes nothing.
        let refusesLonger = parsed.has(strict)
        guard let given = parsed[text] else { return (nil, []) }
        if let control = LabelText.firstControlCharacter(in: given) {
            throw CommandFailure(
                "\(text.flagName) contains the control character \(codePoint(control)); remove it", option: text.long)
        }
        let (cut, count) = LabelText.limited(given, maxCharacters: limit)
        guard count > limit else { return (given, []) }
        if refusesLonger {
            throw CommandFailure(
                "\(text.flagName) has \(count) characters, more than the limit of \(limit) (--max-chars)",
                option: text.long)
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
    static func checkVertical(_ text: String?, isVertical: Bool) throws(CommandFailure) {
        guard isVertical, let text, let (script, reason) = VerticalScripts.unstackable(in: text) else { return }
        throw CommandFailure(
            "--vertical sets Chinese and Japanese top to bottom; \(script) \(reason) — drop --vertical",
            option: "vertical")
    }

    /// U+0009, as Unicode names code points.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

/// The wallpaper's label as asked for.
struct LabelSettings: Sendable, Equatable {
    /// The person's own words (cut to the limit), or nil for the season's name.
    var text: String?
    /// Said before the picture is made: the text was cut.
    var warnings: [String]
    var textColor: Color?
    var position: LabelPosition
    var isVertical: Bool

    func apply(to spec: inout SeasonWallpaperSpec) {
        spec.text = text
        spec.textColor = textColor
        spec.labelPosition = position
        spec.isVertical = isVertical
    }
}

/// A card's own title, read into `TitleSettings`: `--text` with the label's rules, and
/// `--vertical`.
struct TitleOptions: OptionGroup {
    static let title = Option("text", short: "t", .text(), help: "Your own title instead of the term's name.").inStudio(
        .words, label: "title")
    static let vertical = Flag("vertical", help: "Set the title top to bottom.").inStudio(.words)

    var name: String { "title" }
    var declarations: [any OptionDeclaration] {
        [Self.title, LabelOptions.maxCharacters, LabelOptions.strict, Self.vertical]
    }

    static func read(_ parsed: ParsedArguments) throws(CommandFailure) -> TitleSettings {
        let (words, warnings) = try LabelOptions.text(parsed, from: title)
        let isVertical = parsed.has(vertical)
        try LabelOptions.checkVertical(words, isVertical: isVertical)
        return TitleSettings(text: words, warnings: warnings, isVertical: isVertical)
    }
}

/// A card's title as asked for.
struct TitleSettings: Sendable, Equatable {
    /// The person's own words (cut to the limit), or nil for the term's name.
    var text: String?
    var warnings: [String]
    var isVertical: Bool
}
