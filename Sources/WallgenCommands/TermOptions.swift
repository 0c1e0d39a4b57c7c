import Almanac
import Compositor
import Designs
import Foundation

/// A validated request for one term card.
public struct TermRequest: Equatable {
    var spec: TermCardSpec
    var output: OutputTarget
    var limits = DecodeLimits.standard
    var pngOptions = PNGEncodingOptions.fast
    var dithers = true
    var warnings: [String] = []
}

/// A validated request for a batch of term cards.
public struct TermsRequest: Equatable {
    var specs: [TermCardSpec]
    var folder: String
    var jobs: Int
    var gallery: Bool
    var limits = DecodeLimits.standard
    var pngOptions = PNGEncodingOptions.fast
    var dithers = true
}

/// Options of `wallgen term` and `wallgen terms`.
enum TermOptions {
    static let language = OptionSpec(
        long: "lang", short: nil, valueName: "zh|en",
        help: ["Card texts in Traditional Chinese (zh) or English (en). (default: zh)"])

    static let year = OptionSpec(
        long: "year", short: "y", valueName: "year",
        help: ["Print that year's exact date (1900-2100) instead of the usual days."])

    static let termSpecs: [OptionSpec] = [
        OptionSpec(
            long: "date", short: "d", valueName: "yyyy-mm-dd",
            help: [
                "Instead of a name: the term in effect on that day (the last", "one begun by the day's end in --tz).",
            ]),
        year, ZoneOption.spec, CommonOptions.size, CommonOptions.device, CommonOptions.maxPixels,
        CommonOptions.compression, CommonOptions.dither, language,
        CommonOptions.background(replacing: "the term's picture"),
        OptionSpec(
            long: "text", short: "t", valueName: "text", help: ["Your own title instead of the term's name."]),
        LabelOptions.maxCharacters, LabelOptions.strict,
        OptionSpec(long: "vertical", short: nil, valueName: nil, help: ["Set the title top to bottom."]),
        OptionSpec(
            long: "output", short: "o", valueName: "file",
            help: [
                "Where to write the PNG; - writes it to standard output.", "(default: NN-name.png, as 22-dongzhi.png)",
            ]),
        CommonOptions.help,
    ]

    static let termsSpecs: [OptionSpec] = [
        OptionSpec(
            long: "output", short: "o", valueName: "folder",
            help: ["Folder for the cards, made if missing (its parent must exist).", "(default: solar-terms)"]),
        OptionSpec(long: "season", short: "s", valueName: "season", help: ["Only that season's six terms."]),
        OptionSpec(
            long: "jobs", short: "j", valueName: "n",
            help: ["Cards rendered at once, at most the number of cores.", "(default: \\(Parallel.availableCores))"]),
        year, ZoneOption.spec, CommonOptions.size, CommonOptions.device, CommonOptions.maxPixels,
        CommonOptions.compression, CommonOptions.dither, language,
        OptionSpec(long: "no-gallery", short: nil, valueName: nil, help: ["Skip contact-sheet.png and index.html."]),
        CommonOptions.help,
    ]

    static func validateTerm(_ parsed: ParsedArguments) throws(UsageError) -> TermRequest {
        let zone = try ZoneOption.parse(parsed.values["tz"])
        let year = try ZoneOption.year(parsed.values["year"])
        let language = try language(parsed.values["lang"])
        var spec: TermCardSpec
        switch (parsed.positionals.first, parsed.values["date"]) {
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
        case (nil, let text?):
            guard year == nil else { throw UsageError("--date already sets the year; give one or the other") }
            guard let date = CivilDate(iso: text) else {
                throw UsageError("--date must be a real date as YYYY-MM-DD, got '\(text)'")
            }
            let range = SolarTermCalendar.supportedYears
            guard let started = try? SolarTermCalendar.term(inEffectOn: date, zone: zone) else {
                throw UsageError(
                    "--date \(text) is outside the supported years \(range.lowerBound)-\(range.upperBound)")
            }
            spec = TermCardSpec(term: started.term, language: language)
            spec.dateText = dateText(started.localDate(in: zone), language)
        }
        (spec.width, spec.height) = try CommonOptions.canvasSize(parsed)
        let output: OutputTarget
        switch parsed.values["output"] {
        case nil: output = .file(spec.term.fileStem + ".png")
        case "-": output = .standardOutput
        case let path?:
            guard !path.isEmpty else { throw UsageError("--output needs a file name") }
            output = .file(path)
        }
        let (title, warnings) = try LabelOptions.text(parsed)
        spec.title = title
        spec.isVerticalTitle = parsed.flags.contains("vertical")
        spec.backgroundPath = try CommonOptions.path(parsed.values["background"], option: "--background")
        return TermRequest(
            spec: spec, output: output, limits: try CommonOptions.limits(parsed),
            pngOptions: try CommonOptions.pngOptions(parsed), dithers: try CommonOptions.dithers(parsed),
            warnings: warnings)
    }

    static func validateTerms(_ parsed: ParsedArguments) throws(UsageError) -> TermsRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        var terms = SolarTerm.all
        if let name = parsed.values["season"] {
            terms = SolarTerm.terms(of: try CommonOptions.season(named: name))
        }
        let (width, height) = try CommonOptions.canvasSize(parsed)
        let language = try language(parsed.values["lang"])
        let zone = try ZoneOption.parse(parsed.values["tz"])
        let year = try ZoneOption.year(parsed.values["year"])
        var jobs = Parallel.availableCores
        if let text = parsed.values["jobs"] {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("--jobs must be a whole number of at least 1, got '\(text)'")
            }
            jobs = value
        }
        let folder = parsed.values["output"] ?? "solar-terms"
        guard !folder.isEmpty, folder != "-" else { throw UsageError("--output needs a folder name for 'terms'") }
        var specs: [TermCardSpec] = []
        for term in terms {
            var spec = TermCardSpec(term: term, width: width, height: height, language: language)
            if let year { spec.dateText = try exactDate(term, year: year, zone: zone, language) }
            specs.append(spec)
        }
        return TermsRequest(
            specs: specs, folder: folder, jobs: jobs, gallery: !parsed.flags.contains("no-gallery"),
            limits: try CommonOptions.limits(parsed), pngOptions: try CommonOptions.pngOptions(parsed),
            dithers: try CommonOptions.dithers(parsed))
    }

    /// A term by any of its names, or an error listing the closest ones.
    static func term(_ query: String) throws(UsageError) -> SolarTerm {
        if let term = SolarTerm.find(query) { return term }
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
    static func exactDate(_ term: SolarTerm, year: Int, zone: TimeZone, _ language: CardLanguage) throws(UsageError)
        -> String
    {
        guard let instant = try? SolarTermCalendar.instant(of: term, inYear: year) else {
            throw UsageError("--year \(year) is outside the supported years")
        }
        return dateText(instant.localDate(in: zone), language)
    }

    static func dateText(_ date: CivilDate, _ language: CardLanguage) -> String {
        language == .english ? date.englishText : "國曆" + date.chineseText
    }

    static func language(_ text: String?) throws(UsageError) -> CardLanguage {
        guard let text else { return .chinese }
        guard let language = CardLanguage(rawValue: text.lowercased()) else {
            throw UsageError("--lang must be zh or en, got '\(text)'")
        }
        return language
    }
}
