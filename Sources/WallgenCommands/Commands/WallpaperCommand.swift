import Almanac
import Compositor
import Designs
import FoundationEssentials

/// `wallgen [options]`: a season wallpaper, the command that runs when none is named.
enum WallpaperCommand: WallgenCommand {
    static let alpha = Option(
        "alpha", short: "a", .fraction,
        help: "Opacity of the picture over the base colour (1 with --at or --place: the sky whole).", default: 0.5
    ).inStudio(.picture)
    static let label = Option("label", short: "l", .onOff, help: "Show the season's name.", default: true, shown: "on")
        .inStudio(.words)
    static let background = CommonOptions.background(replacing: "the season's picture").inStudio(.picture)
    static let base = Option(
        "base", .opaqueColor, help: "Colour under the faded picture.", default: .white
    ).inStudio(.picture)
    static let font = Option("font", .file, help: "Your own TrueType or OpenType font for the label.")
    static let output = Option(
        "output", short: "o", .outputFile,
        help:
            "Where to write the picture; its extension may choose the format (see --format); - writes it to standard output.",
        defaultText: "wallpaper-<season>.png (\(RenderOptions.otherExtensions) with --format)"
    ).role(.fileOnly)

    /// Its options and groups in the order help lists them, which is also the order a
    /// picture's note records them in: changing it changes every note's hash.
    static let options: [any OptionListItem] =
        [
            SeasonOptions(), alpha, label, CanvasOptions(), RenderOptions(), background, base, font, output,
            LabelOptions(), SkyOptions(),
        ]
        + [
            CommonOptions.darkVariant, CommonOptions.noMetadata, ApplyOptions(), PreviewOptions(), SchemeOptions(),
            CommonOptions.version,
        ]
        + CommonOptions.everywhereItems

    static let commandName: String? = nil

    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "A season wallpaper (the default command).",
        overview:
            "Make a full-screen season wallpaper: the season's picture faded over a base colour, shaded at the edges and the bottom, with the season's name on top.",
        usage: [
            "[--season <season> | --date <yyyy-mm-dd>] [--alpha <0...1>] [--label on|off] [--size <WxH>]... [--device <name>|all|here]... [--span] [--background <file>] [--base <colour>] [-o <file>]"
        ],
        options: options,
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
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure)
        -> WallpaperRequest
    {
        var request = try request(parsed, today: context.today)
        if !parsed.has(CommonOptions.noMetadata) {
            request.provenance = try provenance(parsed, request, today: context.today)
            try request.settings.check(note: request.provenance)
        }
        return request
    }

    static func run(_ request: WallpaperRequest, _ output: StatusOutput) throws(CommandFailure) {
        try ImageCommand.run(request, subject: request.spec.labelText, output)
    }

    /// A wallpaper's note. Without --season or --date the season is today's (or the day of
    /// --at): the day is then recorded as --date, so the spec makes the same picture on any
    /// day; a sky is recorded as its instant and place (`SkyOptions.recordedValues`).
    private static func provenance(_ parsed: ParsedArguments, _ request: WallpaperRequest, today: CivilDate)
        throws(CommandFailure) -> Provenance
    {
        let day = request.sky.map { CivilDate.on($0.instant, in: $0.zone) } ?? today
        let date: [Provenance.Addition] = SeasonOptions.isDated(parsed) ? [] : [(SeasonOptions.date, "\(day)")]
        var recorded = try Provenance.recorded(
            parsed, adding: date + Provenance.formatChosenByName(parsed, request.settings))
        if let sky = request.sky {
            for (option, value) in SkyOptions.recordedValues(sky, parsed) { try recorded.replace(option, value: value) }
        }
        return Provenance(declaration, recorded)
    }

    /// Checks every value and builds the request, without its note.
    static func request(_ parsed: ParsedArguments, today: CivilDate) throws(CommandFailure) -> WallpaperRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        // A sky's day picks the season as today would.
        let sky = try SkyOptions.read(
            parsed, fallbackZone: parsed[SeasonOptions.zone] ?? ZoneDatabase.system().localZone())
        let season = try SeasonOptions.read(parsed, today: sky.map { CivilDate.on($0.instant, in: $0.zone) } ?? today)
        let canvases = try CanvasOptions.read(
            parsed, maxPixels: RenderOptions.limits(parsed).maxPixels, applies: ApplyOptions.read(parsed) != nil)
        let canvas = canvases.first
        var spec = SeasonWallpaperSpec(
            season: season, width: canvas.width, height: canvas.height,
            // A scene under the real sky is shown whole unless --alpha fades it: faded over
            // the white base, a night would be grey.
            alpha: sky != nil && !parsed.isGiven(alpha) ? 1 : parsed[required: alpha],
            showsLabel: parsed[required: label], baseColor: parsed[required: base])
        spec.backgroundPath = parsed[background]
        spec.fontPath = parsed[font]
        let label = try LabelOptions.read(parsed)
        label.apply(to: &spec)
        spec.isDark = parsed.has(CommonOptions.darkVariant)
        spec.light = sky?.light
        let darkSuffix = spec.isDark ? "-dark" : ""
        let settings = try RenderOptions.read(parsed, output: parsed[output])
        try canvases.check(settings)
        let fileExtension = settings.encoding.format.fileExtension
        return WallpaperRequest(
            spec: spec, output: parsed[output] ?? .file("wallpaper-\(season.rawValue)\(darkSuffix).\(fileExtension)"),
            canvases: canvases, settings: settings, warnings: label.warnings + (sky?.placeNote.map { [$0] } ?? []),
            applyAfterwards: ApplyOptions.read(parsed), sky: sky,
            preview: try PreviewOptions.read(parsed, output: parsed[output]),
            scheme: try SchemeOptions.read(parsed, output: parsed[output], season: season, isDark: spec.isDark))
    }
}
