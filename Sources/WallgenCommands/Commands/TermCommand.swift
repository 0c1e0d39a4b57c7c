import Almanac
import Compositor
import Designs
import FoundationEssentials

/// `wallgen term NAME`: one solar-term card.
enum TermCommand: WallgenCommand {
    static let date = Option(
        "date", short: "d", .day,
        help:
            "Instead of a name: the term in effect on that day (the last one begun by the day's end in --tz); today, tomorrow and yesterday are read in --tz."
    )
    static let background = CommonOptions.background(replacing: "the term's picture").inStudio(.picture)
    static let output = Option(
        "output", short: "o", .outputFile,
        help:
            "Where to write the card; its extension may choose the format (see --format); - writes it to standard output.",
        defaultText: "NN-name.png, as 22-dongzhi.png (\(RenderOptions.otherExtensions) with --format)"
    ).role(.fileOnly)

    /// Its options and groups in the order help lists them, which is also the order a
    /// card's note records them in: changing it changes every note's hash.
    static let options: [any OptionListItem] =
        [
            date, TermOptions.year, TermOptions.zone, CanvasOptions(spans: false), RenderOptions(),
            TermOptions.language, background,
        ]
        + [
            TitleOptions(), CommonOptions.darkVariant, output, CommonOptions.noMetadata, CardStyleOptions(),
            SkyOptions(),
        ]
        + [ApplyOptions(), PreviewOptions(), SchemeOptions()] + CommonOptions.everywhereItems

    static let commandName: String? = "term"

    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "One solar-term card.",
        overview:
            "Make the card of one solar term (二十四節氣): its picture, title, date and description, as the app showed them.",
        usage: [
            "(<name> | --date <yyyy-mm-dd>) [--year <year>] [--lang zh|en] [--size <WxH>]... [--device <name>|all|here]... [-o <file>]"
        ],
        arguments: [
            .init(
                name: "name",
                help:
                    "A Chinese name (冬至, or its simplified form), pinyin with or without tones (dongzhi, dōngzhì), an English name (winter-solstice) or the number 1-24 in the app's order from 立春.",
                completion: .words(SolarTerm.all.map(\.slug) + SolarTerm.all.map(\.name)),
                kind: {
                    .choice(SolarTerm.all.map { ControlChoice($0.slug, label: $0.englishName, chineseLabel: $0.name) })
                })
        ],
        options: options,
        sections: [
            .init(title: "TERMS", body: TermOptions.termTable),
            .init(
                title: "EXAMPLES",
                body: """
                    wallgen term 冬至 -o dongzhi.png
                    wallgen term 冬至 -o dongzhi.jpg
                    wallgen term qingming --lang en --device desktop-4k
                    wallgen term --date 2026-11-29 -o today.png
                    wallgen term 冬至 --year 2026
                    """),
        ])

    /// Checks every value and builds the request, with the note of how the card is made
    /// (none with --no-metadata).
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> TermRequest {
        var request = try request(parsed)
        if !parsed.has(CommonOptions.noMetadata) {
            // The term by its pinyin name, however it was typed (冬至, 22, dōngzhì), so
            // every way of asking for a card writes the same bytes.
            var named = try Provenance.recorded(
                parsed, adding: Provenance.formatChosenByName(parsed, request.settings))
            // today, tomorrow or yesterday is recorded as the day it was: the note makes
            // the same card again later.
            if let day = parsed[date] {
                try named.replace(date, value: "\(day.day(in: parsed[required: TermOptions.zone]))")
            }
            if !named.positionals.isEmpty { named.positionals = [request.spec.term.slug] }
            if let sky = request.sky {
                for (option, value) in SkyOptions.recordedValues(sky, parsed) {
                    try named.replace(option, value: value)
                }
            }
            request.provenance = Provenance(declaration, named)
            try request.settings.check(note: request.provenance)
        }
        return request
    }

    static func run(_ request: TermRequest, _ output: StatusOutput) throws(CommandFailure) {
        try ImageCommand.run(request, subject: "\(request.spec.term.name) \(request.spec.term.englishName)", output)
    }

    /// Checks every value and builds the request, without its note.
    static func request(_ parsed: ParsedArguments) throws(CommandFailure) -> TermRequest {
        let zone = parsed[required: TermOptions.zone]
        let year = parsed[TermOptions.year]
        let language = parsed[required: TermOptions.language]
        var spec: TermCardSpec
        switch (parsed.positionals.first, parsed[date]) {
        case (_?, _?):
            throw CommandFailure("give a term name or --date, not both", option: "date")
        case (nil, nil):
            throw CommandFailure(
                "'term' needs a term: a Chinese name (冬至), pinyin (dongzhi), English (winter-solstice) or 1-24, or --date"
            )
        case (let name?, nil):
            try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
            spec = TermCardSpec(term: try term(name), language: language)
            if let year { spec.dateText = try TermOptions.exactDate(spec.term, year: year, zone: zone, language) }
        case (nil, let day?):
            let date = day.day(in: zone)
            guard year == nil else {
                throw CommandFailure("--date already sets the year; give one or the other", option: "date")
            }
            let range = SolarTermCalendar.supportedYears
            guard let started = try? SolarTermCalendar.term(inEffectOn: date, zone: zone) else {
                throw CommandFailure(
                    "--date \(date) is outside the supported years \(range.lowerBound)-\(range.upperBound)",
                    option: "date")
            }
            spec = TermCardSpec(term: started.term, language: language)
            spec.dateText = TermOptions.dateText(started.localDate(in: zone), language)
        }
        let canvases = try CanvasOptions.read(
            parsed, maxPixels: RenderOptions.limits(parsed).maxPixels, applies: ApplyOptions.read(parsed) != nil)
        let canvas = canvases.first
        (spec.width, spec.height) = (canvas.width, canvas.height)
        let title = try TitleOptions.read(parsed)
        spec.title = title.text
        spec.isVerticalTitle = title.isVertical
        spec.backgroundPath = parsed[background]
        spec.isDark = parsed.has(CommonOptions.darkVariant)
        CardStyleOptions.read(parsed).apply(to: &spec)
        let sky = try SkyOptions.read(
            parsed, fallbackZone: parsed.isGiven(TermOptions.zone) ? zone : ZoneDatabase.system().localZone())
        spec.light = sky?.light
        let settings = try RenderOptions.read(parsed, output: parsed[output])
        try canvases.check(settings)
        let defaultName =
            spec.term.fileStem + (spec.isDark ? "-dark" : "") + "." + settings.encoding.format.fileExtension
        return TermRequest(
            spec: spec, output: parsed[output] ?? .file(defaultName),
            canvases: canvases, settings: settings, warnings: title.warnings + (sky?.placeNote.map { [$0] } ?? []),
            applyAfterwards: ApplyOptions.read(parsed), sky: sky,
            preview: try PreviewOptions.read(parsed, output: parsed[output]),
            scheme: try SchemeOptions.read(
                parsed, output: parsed[output], season: spec.term.season, isDark: spec.isDark))
    }

    /// A term by any of its names, or an error listing the closest ones.
    static func term(_ query: String) throws(CommandFailure) -> SolarTerm {
        if let term = SolarTerm.find(query) { return term }
        if !query.isEmpty, query.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw CommandFailure("there is no term \(query): the terms are numbered 1-24, from 立春 (1) to 大寒 (24)")
        }
        let key = SolarTerm.lookupKey(query)
        let ranked = SolarTerm.all.map { term in
            (term, term.lookupKeys.map { editDistance(key, $0) }.min() ?? Int.max)
        }.sorted { $0.1 < $1.1 }
        let near = ranked.prefix(3).filter { $0.1 <= max(2, key.count / 2) }.map { "\($0.0.slug) (\($0.0.name))" }
        let hint = near.isEmpty ? "" : "; closest: " + near.joined(separator: ", ")
        throw CommandFailure(
            "unknown term '\(query)'\(hint). Give a Chinese name (冬至), pinyin (dongzhi), English (winter-solstice) or 1-24; `wallgen terms --help` lists them"
        )
    }
}
