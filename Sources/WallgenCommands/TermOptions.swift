import Almanac
import Compositor
import Designs
import Foundation

/// A validated request for a batch of term cards.
public struct TermsRequest: Equatable {
    var specs: [TermCardSpec]
    var folder: String
    var jobs: Int
    var gallery: Bool
    var settings = RenderSettings()
    /// Each card's note of how it was made, as `wallgen term` would write it (none with
    /// --no-metadata).
    var provenances: [String?] = []
}

/// Options of `wallgen term` and `wallgen terms`.
enum TermOptions {
    static let language = Option(
        "lang", .choice(["zh": CardLanguage.chinese, "en": .english]),
        help: "Card texts in Traditional Chinese (zh) or English (en).", default: .chinese, shown: "zh")
    static let year = Option(
        "year", short: "y", .year,
        help:
            "Print the exact dates of that term year (1900-2100) instead of the usual days. A term year runs from 立春 to 大寒, so its 小寒 and 大寒 fall in the following January."
    )
    static let zone = Option(
        "tz", .zone,
        help:
            "Time zone for dates: an IANA name in any case (Asia/Tokyo), an offset (+08:00, UTC+8), UTC, or local for this machine's.",
        default: SolarTermCalendar.calendarZone, shown: "Asia/Taipei, UTC+8")
    static let date = Option(
        "date", short: "d", .date,
        help: "Instead of a name: the term in effect on that day (the last one begun by the day's end in --tz).")
    static let background = CommonOptions.background(replacing: "the term's picture")
    static let title = Option("text", short: "t", .text(), help: "Your own title instead of the term's name.")
    static let vertical = Flag("vertical", help: "Set the title top to bottom.")
    static let alpha = Option(
        "alpha", short: "a", .fraction, help: "Opacity of the picture over --base; the app's card shows it whole.",
        default: 1)
    static let base = Option("base", .opaqueColor, help: "Colour under a faded picture.", default: .white)
    static let textColor = Option(
        "text-color", .opaqueColor, help: "The colour of the title, date and description.", defaultText: "white")
    static let font = Option("font", .file, help: "Your own TrueType or OpenType font for the title.")

    /// How a card may be restyled, as the wallpaper's label and picture are.
    static let style: [any OptionDeclaration] = [alpha, base, textColor, font]

    /// The style options into a spec.
    static func applyStyle(_ parsed: ParsedArguments, to spec: inout TermCardSpec) {
        spec.alpha = parsed[required: alpha]
        spec.baseColor = parsed.isGiven(base) ? parsed[base] : nil
        spec.textColor = parsed[textColor]
        spec.fontPath = parsed[font]
    }
    static let output = Option(
        "output", short: "o", .outputFile,
        help:
            "Where to write the card; its extension may choose the format (see --format); - writes it to standard output.",
        defaultText: "NN-name.png, as 22-dongzhi.png (.jpg, .webp with --format)")

    static let termOptions: [any OptionDeclaration] =
        [date, year, zone] + CanvasOptions.all
        + [
            language, background, title, LabelOptions.maxCharacters, LabelOptions.strict, vertical,
            CommonOptions.darkVariant, output, CommonOptions.noMetadata,
        ] + style + ApplyCommand.renderOptions + CommonOptions.everywhere

    static let folder = Option(
        "output", short: "o", .folder, help: "Folder for the cards, made if missing (its parent must exist).",
        default: "solar-terms")
    static let season = Option("season", short: "s", .season, help: "Only that season's six terms.")
    static let jobs = Option(
        "jobs", short: "j", .wholeNumber(atLeast: 1), help: "Cards rendered at once, at most the number of cores.",
        defaultText: "the number of cores")
    static let noGallery = Flag(
        "no-gallery", help: "Skip the contact sheet (contact-sheet.png, or .jpg, .webp with --format) and index.html.")

    static let termsOptions: [any OptionDeclaration] =
        [folder, season, jobs, year, zone] + CommonOptions.canvas + [
            language, CommonOptions.darkVariant, noGallery, CommonOptions.noMetadata,
        ]
        + style
        + CommonOptions.everywhere

    static func validateTerm(_ parsed: ParsedArguments) throws(UsageError) -> TermRequest {
        let zone = parsed[required: Self.zone]
        let year = parsed[year]
        let language = parsed[required: language]
        var spec: TermCardSpec
        switch (parsed.positionals.first, parsed[date]) {
        case (_?, _?):
            throw UsageError("give a term name or --date, not both")
        case (nil, nil):
            throw UsageError(
                "'term' needs a term: a Chinese name (冬至), pinyin (dongzhi), English (winter-solstice) or 1-24, or --date"
            )
        case (let name?, nil):
            try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
            spec = TermCardSpec(term: try term(name), language: language)
            if let year { spec.dateText = try exactDate(spec.term, year: year, zone: zone, language) }
        case (nil, let date?):
            guard year == nil else { throw UsageError("--date already sets the year; give one or the other") }
            let range = SolarTermCalendar.supportedYears
            guard let started = try? SolarTermCalendar.term(inEffectOn: date, zone: zone) else {
                throw UsageError(
                    "--date \(date) is outside the supported years \(range.lowerBound)-\(range.upperBound)")
            }
            spec = TermCardSpec(term: started.term, language: language)
            spec.dateText = dateText(started.localDate(in: zone), language)
        }
        let canvases = try CanvasOptions.plan(parsed)
        let canvas = canvases.first
        (spec.width, spec.height) = (canvas.width, canvas.height)
        let (title, warnings) = try LabelOptions.text(parsed, from: title)
        spec.title = title
        spec.isVerticalTitle = parsed.has(vertical)
        try LabelOptions.checkVertical(title, isVertical: spec.isVerticalTitle)
        spec.backgroundPath = parsed[background]
        spec.isDark = parsed.has(CommonOptions.darkVariant)
        applyStyle(parsed, to: &spec)
        let settings = try RenderSettings(parsed, output: parsed[output])
        let defaultName =
            spec.term.fileStem + (spec.isDark ? "-dark" : "") + "." + settings.encoding.format.fileExtension
        return TermRequest(
            spec: spec, output: parsed[output] ?? .file(defaultName),
            canvases: canvases, settings: settings, warnings: warnings,
            apply: parsed.has(ApplyCommand.applyFlag),
            desktop: parsed[ApplyCommand.desktop])
    }

    static func validateTerms(_ parsed: ParsedArguments) throws(UsageError) -> TermsRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        let terms = parsed[season].map(SolarTerm.terms(of:)) ?? SolarTerm.all
        let canvas = try CommonOptions.canvasSize(parsed)
        let language = parsed[required: language]
        let zone = parsed[required: Self.zone]
        let folder = parsed[required: folder]
        guard folder != "-" else { throw UsageError("--output needs a folder name for 'terms'") }
        var specs: [TermCardSpec] = []
        for term in terms {
            var spec = TermCardSpec(term: term, width: canvas.width, height: canvas.height, language: language)
            spec.isDark = parsed.has(CommonOptions.darkVariant)
            applyStyle(parsed, to: &spec)
            if let year = parsed[year] { spec.dateText = try exactDate(term, year: year, zone: zone, language) }
            specs.append(spec)
        }
        return TermsRequest(
            specs: specs, folder: folder, jobs: parsed[jobs] ?? Parallel.availableCores,
            gallery: !parsed.has(noGallery),
            settings: try RenderSettings(parsed, output: nil))
    }

    /// A term by any of its names, or an error listing the closest ones.
    static func term(_ query: String) throws(UsageError) -> SolarTerm {
        if let term = SolarTerm.find(query) { return term }
        if !query.isEmpty, query.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw UsageError("there is no term \(query): the terms are numbered 1-24, from 立春 (1) to 大寒 (24)")
        }
        let key = SolarTerm.lookupKey(query)
        let ranked = SolarTerm.all.map { term in
            (term, term.lookupKeys.map { editDistance(key, $0) }.min() ?? Int.max)
        }.sorted { $0.1 < $1.1 }
        let near = ranked.prefix(3).filter { $0.1 <= max(2, key.count / 2) }.map { "\($0.0.slug) (\($0.0.name))" }
        let hint = near.isEmpty ? "" : "; closest: " + near.joined(separator: ", ")
        throw UsageError(
            "unknown term '\(query)'\(hint). Give a Chinese name (冬至), pinyin (dongzhi), English (winter-solstice) or 1-24; `wallgen terms --help` lists them"
        )
    }

    /// The day a term begins in a given year, written for the card.
    static func exactDate(_ term: SolarTerm, year: Int, zone: Zone, _ language: CardLanguage) throws(UsageError)
        -> String
    {
        let calendarYear = term.calendarYear(inTermYear: year)
        guard let instant = try? SolarTermCalendar.instant(of: term, inYear: calendarYear) else {
            let range = SolarTermCalendar.supportedYears
            throw UsageError(
                "--year \(year): \(term.name) of that term year begins in \(calendarYear), outside the supported years \(range.lowerBound)-\(range.upperBound)"
            )
        }
        return dateText(instant.localDate(in: zone), language)
    }

    static func dateText(_ date: CivilDate, _ language: CardLanguage) -> String {
        language == .english ? date.englishText : "國曆" + date.chineseText
    }

}
