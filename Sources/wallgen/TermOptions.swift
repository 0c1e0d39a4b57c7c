import Almanac
import Compositor
import Designs

/// A validated request for one term card.
struct TermRequest: Equatable {
    var spec: TermCardSpec
    var output: OutputTarget
}

/// A validated request for a batch of term cards.
struct TermsRequest: Equatable {
    var specs: [TermCardSpec]
    var folder: String
    var jobs: Int
    var gallery: Bool
}

/// Options of `wallgen term` and `wallgen terms`.
enum TermOptions {
    static let language = OptionSpec(
        long: "lang", short: nil, valueName: "zh|en",
        help: ["Card texts in Traditional Chinese (zh) or English (en). (default: zh)"])

    static let termSpecs: [OptionSpec] = [
        CommonOptions.size, CommonOptions.device, language,
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
        CommonOptions.size, CommonOptions.device, language,
        OptionSpec(long: "no-gallery", short: nil, valueName: nil, help: ["Skip contact-sheet.png and index.html."]),
        CommonOptions.help,
    ]

    static func validateTerm(_ parsed: ParsedArguments) throws(UsageError) -> TermRequest {
        guard let name = parsed.positionals.first else {
            throw UsageError(
                "'term' needs a term: a Chinese name (冬至), pinyin (dongzhi), English (winter-solstice) or 1-24")
        }
        try CommonOptions.rejectExtra(Array(parsed.positionals.dropFirst()))
        var spec = TermCardSpec(term: try term(name))
        (spec.width, spec.height) = try CommonOptions.canvasSize(
            size: parsed.values["size"], device: parsed.values["device"])
        spec.language = try language(parsed.values["lang"])
        let output: OutputTarget
        switch parsed.values["output"] {
        case nil: output = .file(spec.term.fileStem + ".png")
        case "-": output = .standardOutput
        case let path?:
            guard !path.isEmpty else { throw UsageError("--output needs a file name") }
            output = .file(path)
        }
        return TermRequest(spec: spec, output: output)
    }

    static func validateTerms(_ parsed: ParsedArguments) throws(UsageError) -> TermsRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        var terms = SolarTerm.all
        if let name = parsed.values["season"] {
            terms = SolarTerm.terms(of: try CommonOptions.season(named: name))
        }
        let (width, height) = try CommonOptions.canvasSize(size: parsed.values["size"], device: parsed.values["device"])
        let language = try language(parsed.values["lang"])
        var jobs = Parallel.availableCores
        if let text = parsed.values["jobs"] {
            guard let value = Int(text), value >= 1 else {
                throw UsageError("--jobs must be a whole number of at least 1, got '\(text)'")
            }
            jobs = value
        }
        let folder = parsed.values["output"] ?? "solar-terms"
        guard !folder.isEmpty, folder != "-" else { throw UsageError("--output needs a folder name for 'terms'") }
        return TermsRequest(
            specs: terms.map { TermCardSpec(term: $0, width: width, height: height, language: language) },
            folder: folder, jobs: jobs, gallery: !parsed.flags.contains("no-gallery"))
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

    static func language(_ text: String?) throws(UsageError) -> CardLanguage {
        guard let text else { return .chinese }
        guard let language = CardLanguage(rawValue: text.lowercased()) else {
            throw UsageError("--lang must be zh or en, got '\(text)'")
        }
        return language
    }
}
