import Almanac
import Compositor
import Designs
import Foundation

/// `wallgen [options]`: a season wallpaper, the command that runs when none is named.
enum WallpaperCommand: WallgenCommand {
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

    static let all: [any OptionDeclaration] =
        [season, date, SeasonOptions.rule, SeasonOptions.hemisphere, zone, alpha, label] + CanvasOptions.all
        + [
            background, base, font, output, LabelOptions.text, LabelOptions.maxCharacters, LabelOptions.strict,
            LabelOptions.textColor, LabelOptions.position, LabelOptions.vertical, CommonOptions.darkVariant,
            CommonOptions.noMetadata,
        ] + ApplyCommand.renderOptions + [CommonOptions.version] + CommonOptions.everywhere

    static let declaration = CommandDeclaration(
        name: nil, summary: "A season wallpaper (the default command).",
        overview:
            "Make a full-screen season wallpaper: the season's picture faded over a base colour, shaded at the edges and the bottom, with the season's name on top.",
        usage: [
            "[--season <season> | --date <yyyy-mm-dd>] [--alpha <0...1>] [--label on|off] [--size <WxH>]... [--device <name>|all|here]... [--span] [--background <file>] [--base <colour>] [-o <file>]"
        ],
        options: all,
        sections: [
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen --season winter --alpha 0.5 --label on -o out.png
                    wallgen --text "冬天 ❄️ Winter" --label-position center -o mine.png
                    wallgen --date 2026-04-05 --device desktop-4k -o spring-desk.png
                    wallgen --device iphone-16-pro --size 2560x1440 -o winter.png
                    wallgen --span -o desk.png
                    wallgen --background photo.jpg --alpha 0.8 --label off -o - > mine.png
                    wallgen --season summer -o summer.webp --quality 80
                    """)
        ])

    /// Checks every value and builds the request, with the note of how the picture is
    /// made (none with --no-metadata). `today` decides the season when neither --season
    /// nor --date is given.
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> WallpaperRequest {
        var request = try request(parsed, today: context.today)
        if !parsed.has(CommonOptions.noMetadata) {
            request.provenance = try provenance(context.arguments, parsed, request.settings, today: context.today)
        }
        return request
    }

    static func run(_ request: WallpaperRequest, _ output: StatusOutput) -> ExitCode {
        ImageCommand.run(request, subject: request.spec.labelText, output)
    }

    /// A wallpaper's note. Without --season or --date the season is today's: the day is
    /// then recorded as --date, so the spec makes the same picture on any day.
    private static func provenance(
        _ arguments: [String], _ parsed: ParsedArguments, _ settings: RenderSettings, today: CivilDate
    ) throws(UsageError) -> String {
        let undated = parsed[season] == nil && parsed[date] == nil
        let dateWords = undated ? ["--date", "\(today)"] : []
        let recorded = try Provenance.recorded(
            arguments, parsed, adding: dateWords + Provenance.formatWords(parsed, settings), declaration)
        return Provenance(declaration, recorded).json
    }

    /// Checks every value and builds the request, without its note.
    static func request(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> WallpaperRequest {
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
        let zone = parsed[zone]?.zone ?? .current
        let end = day.start(in: zone).addingTimeInterval(86_399)
        do {
            return try parsed[required: SeasonOptions.rule].season(
                at: end, zone: zone, hemisphere: parsed[required: SeasonOptions.hemisphere])
        } catch {
            throw UsageError("--date \(day): \(error)")
        }
    }
}
