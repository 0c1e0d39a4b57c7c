import Compositor
import Designs

/// How a card may be restyled, as the wallpaper's picture and label are: `--alpha`,
/// `--base`, `--text-color` and `--font`, read into a `CardStyle`. `term` and `terms`
/// take them.
struct CardStyleOptions: OptionGroup {
    static let alpha = Option(
        "alpha", short: "a", .fraction, help: "Opacity of the picture over --base; the app's card shows it whole.",
        default: 1
    ).inStudio(.picture)
    static let base = Option("base", .opaqueColor, help: "Colour under a faded picture.", default: .white).inStudio(
        .picture)
    static let textColor = Option(
        "text-color", .opaqueColor, help: "The colour of the title, date and description.", defaultText: "white"
    ).inStudio(.words)
    static let font = Option("font", .file, help: "Your own TrueType or OpenType font for the title.")

    var name: String { "card-style" }
    var declarations: [any OptionDeclaration] { [Self.alpha, Self.base, Self.textColor, Self.font] }

    static func read(_ parsed: ParsedArguments) -> CardStyle {
        CardStyle(
            alpha: parsed[required: alpha], baseColor: parsed.isGiven(base) ? parsed[base] : nil,
            textColor: parsed[textColor], fontPath: parsed[font])
    }
}

/// A card's style as asked for; nil where the card keeps its own.
struct CardStyle: Sendable, Equatable {
    var alpha: Double
    var baseColor: Color?
    var textColor: Color?
    var fontPath: String?

    func apply(to spec: inout TermCardSpec) {
        spec.alpha = alpha
        spec.baseColor = baseColor
        spec.textColor = textColor
        spec.fontPath = fontPath
    }
}
