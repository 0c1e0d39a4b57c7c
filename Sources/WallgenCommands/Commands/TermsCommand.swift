import Almanac
import Compositor
import Designs
import Files
import Foundation

/// A validated request for a batch of term cards.
public struct TermsRequest: Equatable, Sendable {
    var specs: [TermCardSpec]
    var folder: String
    var jobs: Int
    var gallery: Bool
    var settings = RenderSettings()
    /// Each card's note of how it was made, as `wallgen term` would write it (none with
    /// --no-metadata).
    var provenances: [String?] = []
}

/// `wallgen terms`: a folder of term cards, a contact sheet and a gallery page.
enum TermsCommand: WallgenCommand {
    static let folder = Option(
        "output", short: "o", .folder, help: "Folder for the cards, made if missing (its parent must exist).",
        default: "solar-terms")
    static let season = Option("season", short: "s", .season, help: "Only that season's six terms.")
    static let noGallery = Flag(
        "no-gallery",
        help:
            "Skip the contact sheet (contact-sheet.png, or \(RenderOptions.otherExtensions) with --format) and index.html."
    )

    static let options: [any OptionListItem] =
        [
            folder, season, TermOptions.jobs, TermOptions.year, TermOptions.zone, OneCanvasOptions(),
            RenderOptions(fillsFolder: true),
        ]
        + [TermOptions.language, CommonOptions.darkVariant, noGallery, CommonOptions.noMetadata, CardStyleOptions()]
        + CommonOptions.everywhere

    static let declaration = CommandDeclaration(
        name: "terms", summary: "All 24 term cards, a contact sheet and a gallery page.",
        overview:
            "Make all 24 solar-term cards (or one season's six) in a folder, with contact-sheet.png (every card small, one row per season) and index.html (a page that browses them as the app did). Files are named by number and pinyin: 01-lichun.png ... 24-dahan.png. With --format the cards and the contact sheet are in that format (\(RenderOptions.otherExtensions) files), and index.html shows those. A card that fails does not stop the others; the run then exits with that card's status and names every failure.",
        usage: ["[-o <folder>] [--season <season>] [--jobs <n>] [--year <year>] [--lang zh|en] [--no-gallery]"],
        options: options,
        sections: [.init(title: "TERMS", body: TermOptions.termTable)])

    /// Checks every value and builds the request, with each card's note (none with
    /// --no-metadata).
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> TermsRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        let terms = parsed[season].map(SolarTerm.terms(of:)) ?? SolarTerm.all
        let canvas = try OneCanvasOptions.read(parsed, maxPixels: RenderOptions.limits(parsed).maxPixels)
        let language = parsed[required: TermOptions.language]
        let zone = parsed[required: TermOptions.zone]
        let folder = parsed[required: folder]
        guard folder != "-" else { throw UsageError("--output needs a folder name for 'terms'") }
        var specs: [TermCardSpec] = []
        for term in terms {
            var spec = TermCardSpec(term: term, width: canvas.width, height: canvas.height, language: language)
            spec.isDark = parsed.has(CommonOptions.darkVariant)
            CardStyleOptions.read(parsed).apply(to: &spec)
            if let year = parsed[TermOptions.year] {
                spec.dateText = try TermOptions.exactDate(term, year: year, zone: zone, language)
            }
            specs.append(spec)
        }
        var request = TermsRequest(
            specs: specs, folder: folder, jobs: parsed[TermOptions.jobs] ?? Parallel.availableCores,
            gallery: !parsed.has(noGallery),
            settings: try RenderOptions.read(parsed, output: nil))
        try request.settings.check(canvas: canvas)
        if !parsed.has(CommonOptions.noMetadata) { request.provenances = provenances(parsed, specs) }
        for note in request.provenances { try request.settings.check(note: note) }
        return request
    }

    /// Each card of `wallgen terms` recorded as the `wallgen term` command that makes it:
    /// the term's name, then the options the two commands share, as `term` orders them
    /// (the options only `terms` has, such as --season and --jobs, are not `term`'s).
    private static func provenances(_ parsed: ParsedArguments, _ specs: [TermCardSpec]) -> [String?] {
        let shared = parsed.canonicalArguments(
            order: TermCommand.declaration.options, excluding: Provenance.notInSpec)
        return specs.map { Provenance(command: "term", arguments: [$0.term.slug] + shared).json }
    }

    static func run(_ request: TermsRequest, _ output: StatusOutput) -> ExitCode {
        // An unusable folder is reported before any card is rendered.
        do {
            try AtomicFileWriter.prepareFolder(request.folder)
        } catch {
            Console.report("Error: --output: \(error)")
            return error.exitCode
        }
        var batch: CardBatch
        do {
            batch = CardBatch(
                pipeline: try request.settings.pipeline(try DataDirectory.locate()),
                folder: request.folder,
                jobs: request.jobs, thumbnailWidth: request.gallery ? 180 : nil)
        } catch {
            Console.report("Error: \(ErrorReport.message(for: error))")
            return ErrorReport.exitCode(for: error)
        }
        if request.specs.first?.isDark == true { batch.fileSuffix = "-dark" }
        let clock = ContinuousClock()
        let started = clock.now
        let progress = Progress(total: request.specs.count, live: isatty(STDERR_FILENO) != 0, started: started)
        let outcomes = batch.run(request.specs, provenances: request.provenances) { outcome in
            progress.finished(outcome)
        }
        progress.clear()

        let failures = outcomes.filter { if case .failure = $0.result { true } else { false } }
        for outcome in failures {
            if case .failure(let failure) = outcome.result {
                Console.report("Error: \(outcome.spec.term.fileStem) (\(outcome.spec.term.name)): \(failure)")
            }
        }
        let written = outcomes.count - failures.count
        if let first = failures.first, case .failure(let failure) = first.result {
            Console.report(
                "Error: \(failures.count) of \(outcomes.count) cards failed; \(written) written to \(request.folder)"
                    + (request.gallery ? "; no contact sheet or gallery was made" : ""))
            return exitCode(for: failure)
        }
        if request.gallery {
            do {
                try writeGallery(outcomes, request)
            } catch {
                Console.report("Error: --output: \(error)")
                return error.exitCode
            }
        }
        let extras = request.gallery ? ", \(contactSheetName(request)) and index.html" : ""
        output.status(
            "Wrote \(written) cards\(extras) to \(request.folder) in "
                + String(format: "%.1f", WallgenCLI.seconds(clock.now - started)) + " s (\(batch.jobs) at a time)")
        return .success
    }

    static func writeGallery(_ outcomes: [CardBatch.Outcome], _ request: TermsRequest) throws(FileError) {
        let rows = Season.allCases.map { season in
            outcomes.filter { $0.spec.term.season == season }.compactMap(\.thumbnail)
        }.filter { !$0.isEmpty }
        let sheet = ContactSheet.make(rows: rows)
        let sheetPath = request.folder + "/" + contactSheetName(request)
        let bytes: [UInt8]
        do {
            bytes = try request.settings.encoding.encode(sheet)
        } catch {
            throw .other(path: sheetPath, reason: "\(error)")
        }
        try AtomicFileWriter.write(bytes, to: sheetPath)
        let cards = outcomes.compactMap { outcome -> Gallery.Card? in
            guard case .success(let path) = outcome.result else { return nil }
            return Gallery.Card(
                term: outcome.spec.term, fileName: (path as NSString).lastPathComponent,
                dateText: outcome.spec.dateText)
        }
        let html = Gallery.html(cards: cards, language: request.specs.first?.language ?? .chinese)
        try AtomicFileWriter.write(Array(html.utf8), to: request.folder + "/index.html")
    }

    /// `contact-sheet.png`, or `.jpg`, `.webp`: the sheet is in the cards' format.
    static func contactSheetName(_ request: TermsRequest) -> String {
        "contact-sheet." + request.settings.encoding.format.fileExtension
    }

    static func exitCode(for failure: CardBatch.BatchFailure) -> ExitCode {
        switch failure {
        case .pipeline(let error): ErrorReport.exitCode(for: error)
        case .file(let error): error.exitCode
        }
    }
}

/// The progress line on a terminal: cards done, the last one, and the time left.
/// Off a terminal nothing is printed until the summary.
final class Progress: @unchecked Sendable {
    private let total: Int
    private let live: Bool
    private let started: ContinuousClock.Instant
    private var done = 0

    init(total: Int, live: Bool, started: ContinuousClock.Instant) {
        self.total = total
        self.live = live
        self.started = started
    }

    /// Called by the batch one card at a time.
    func finished(_ outcome: CardBatch.Outcome) {
        done += 1
        guard live else { return }
        let elapsed = WallgenCLI.seconds(ContinuousClock.now - started)
        let left = elapsed / Double(done) * Double(total - done)
        let term = outcome.spec.term
        let line =
            "[\(done)/\(total)] \(term.name) \(term.slug)"
            + (done < total ? String(format: ", about %.0f s left", left.rounded(.up)) : "")
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }

    func clear() {
        if live { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
