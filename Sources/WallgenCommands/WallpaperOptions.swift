import Almanac
import Compositor
import Designs
import Foundation

/// The wallpaper command's options: parse, then validate into a `WallpaperRequest`.
enum WallpaperOptions {
    static let season = Option(
        "season", short: "s", .season, help: "spring, summer, autumn (or fall) or winter.",
        defaultText: "the season of --date, or of today")
    static let date = Option(
        "date", short: "d", .date,
        help: "A date whose season to show, by --season-rule (by month, as the app, unless told otherwise).")
    static let zone = Option(
        "tz", .zone, help: "The zone --date and today are read in, for the rules that begin at an instant.",
        defaultText: "this machine's zone")
    static let alpha = Option(
        "alpha", short: "a", .fraction, help: "Opacity of the picture over the base colour.", default: 0.5)
    static let label = Option("label", short: "l", .onOff, help: "Show the season's name.", default: true, shown: "on")
    static let background = CommonOptions.background(replacing: "the season's picture")
    static let base = Option(
        "base", .opaqueColor, help: "Colour under the faded picture.", default: .white)
    static let font = Option("font", .file, help: "Your own TrueType or OpenType font for the label.")
    static let output = Option(
        "output", short: "o", .outputFile,
        help:
            "Where to write the picture; its extension may choose the format (see --format); - writes it to standard output.",
        defaultText: "wallpaper-<season>.png (.jpg, .webp with --format)")
    static let version = Flag("version", help: "Show the version.")

    static let all: [any OptionDeclaration] =
        [season, date, SeasonOptions.rule, SeasonOptions.hemisphere, zone, alpha, label] + CanvasOptions.all
        + [
            background, base, font, output, LabelOptions.text, LabelOptions.maxCharacters, LabelOptions.strict,
            LabelOptions.textColor, LabelOptions.position, LabelOptions.vertical, CommonOptions.darkVariant,
            CommonOptions.noMetadata,
        ] + ApplyCommand.renderOptions + [version] + CommonOptions.everywhere

    /// Checks every value and builds the request. `today` decides the season when
    /// neither --season nor --date is given.
    static func validate(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> WallpaperRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        let season: Season
        switch (parsed[Self.season], parsed[date]) {
        case (_?, _?): throw UsageError("--season and --date both choose the season; give only one")
        case (let chosen?, nil):
            if parsed.isGiven(SeasonOptions.rule) || parsed.isGiven(SeasonOptions.hemisphere) {
                throw UsageError("--season names the season; --season-rule and --hemisphere go with --date")
            }
            season = chosen
        case (nil, let day): season = try Self.season(on: day ?? today, parsed)
        }
        let canvases = try CanvasOptions.plan(parsed)
        let canvas = canvases.first
        var spec = SeasonWallpaperSpec(
            season: season, width: canvas.width, height: canvas.height, alpha: parsed[required: alpha],
            showsLabel: parsed[required: label], baseColor: parsed[required: base])
        spec.backgroundPath = parsed[background]
        spec.fontPath = parsed[font]
        var warnings: [String] = []
        (spec.text, warnings) = try LabelOptions.text(parsed)
        spec.textColor = parsed[LabelOptions.textColor]
        spec.labelPosition = parsed[required: LabelOptions.position]
        spec.isVertical = parsed.has(LabelOptions.vertical)
        try LabelOptions.checkVertical(spec.text, isVertical: spec.isVertical)
        spec.isDark = parsed.has(CommonOptions.darkVariant)
        let darkSuffix = spec.isDark ? "-dark" : ""
        let settings = try RenderSettings(parsed, output: parsed[output])
        let fileExtension = settings.encoding.format.fileExtension
        return WallpaperRequest(
            spec: spec, output: parsed[output] ?? .file("wallpaper-\(season.rawValue)\(darkSuffix).\(fileExtension)"),
            canvases: canvases, settings: settings, warnings: warnings,
            apply: parsed.has(ApplyCommand.applyFlag),
            desktop: parsed[ApplyCommand.desktop])
    }

    /// The season of a day by the rule: the season in effect at the day's end (as a term
    /// is "in effect on a day" once it has begun by then).
    static func season(on day: CivilDate, _ parsed: ParsedArguments) throws(UsageError) -> Season {
        let zone = parsed[zone] ?? ZoneDatabase.system().localZone()
        let end = day.start(in: zone).addingTimeInterval(86_399)
        do {
            return try parsed[required: SeasonOptions.rule].season(
                at: end, zone: zone, hemisphere: parsed[required: SeasonOptions.hemisphere])
        } catch {
            throw UsageError("--date \(day): \(error)")
        }
    }
}
