import Almanac
import Batch
import Compositor
import Designs
import Files
import FoundationEssentials
import Glibc
import Platform

/// A validated request for a batch of term cards.
public struct TermsRequest: Equatable, Sendable {
    var specs: [TermCardSpec]
    var folder: String
    var jobs: Int
    var gallery: Bool
    var settings = RenderSettings()
    /// Each card's note of how it was made, as `wallgen term` would write it (none with
    /// --no-metadata).
    var provenances: [Provenance] = []
    /// Show the contact sheet (or, without one, each card) in the terminal once written.
    var preview = false
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
        + [
            TermOptions.language, CommonOptions.darkVariant, noGallery, CommonOptions.noMetadata, CardStyleOptions(),
            PreviewOptions(),
        ]
        + CommonOptions.everywhereItems

    static let commandName: String? = "terms"

    static let drawsText = true
    static let declaration = CommandDeclaration(
        name: commandName, summary: "All 24 term cards, a contact sheet and a gallery page.",
        overview:
            "Make all 24 solar-term cards (or one season's six) in a folder, with contact-sheet.png (every card small, one row per season) and index.html (a page that browses them as the app did). Files are named by number and pinyin: 01-lichun.png ... 24-dahan.png. With --format the cards and the contact sheet are in that format (\(RenderOptions.otherExtensions) files), and index.html shows those. A card that fails does not stop the others; the run then names every failure and exits as a batch does: 72 if wallgen's own pictures or fonts failed, 75 if cards failed only in writing, 65 otherwise (docs/BATCH.md). On a terminal one line shows the cards done, the rate and the time left; --preview then shows the contact sheet (with --no-gallery, each card).",
        usage: ["[-o <folder>] [--season <season>] [--jobs <n>] [--year <year>] [--lang zh|en] [--no-gallery]"],
        options: options,
        sections: [.init(title: "TERMS", body: TermOptions.termTable)])

    /// Checks every value and builds the request, with each card's note (none with
    /// --no-metadata).
    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> TermsRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        let terms = parsed[season].map(SolarTerm.terms(of:)) ?? SolarTerm.all
        let canvas = try OneCanvasOptions.read(parsed, maxPixels: RenderOptions.limits(parsed).maxPixels)
        let language = parsed[required: TermOptions.language]
        let zone = parsed[required: TermOptions.zone]
        let folder = parsed[required: folder]
        guard folder != "-" else { throw CommandFailure("--output needs a folder name for 'terms'", option: "output") }
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
        request.preview = try PreviewOptions.read(parsed, output: nil)
        for note in request.provenances { try request.settings.check(note: note) }
        return request
    }

    /// Each card of `wallgen terms` recorded as the `wallgen term` command that makes it:
    /// the term's name, then the options the two commands share, as `term` orders them
    /// (the options only `terms` has, such as --season and --jobs, are not `term`'s).
    private static func provenances(_ parsed: ParsedArguments, _ specs: [TermCardSpec]) -> [Provenance] {
        let shared = parsed.canonicalArguments(
            order: TermCommand.declaration.options, excluding: Provenance.unrecorded(in: TermCommand.declaration))
        return specs.map { Provenance(command: PictureCommand.term.rawValue, arguments: [$0.term.slug] + shared) }
    }

    static func run(_ request: TermsRequest, _ output: StatusOutput) throws(CommandFailure) {
        let suffix = request.specs.first?.isDark == true ? "-dark" : ""
        let cards = request.specs.indices.map { index in
            CardFile(
                spec: request.specs[index],
                provenance: request.provenances.indices.contains(index) ? request.provenances[index] : nil,
                name: request.specs[index].term.fileStem + suffix + "."
                    + request.settings.encoding.format.fileExtension)
        }
        // An unusable folder, or a link, folder or FIFO at any name this run writes, is
        // reported before any card is rendered; every file is written beneath the folder.
        let outputs: OutputFolder
        do {
            try AtomicFileWriter.prepareFolder(request.folder)
            outputs = try OutputFolder(opening: request.folder)
            try outputs.checkWritable(cards.map(\.name) + (request.gallery ? galleryNames(request) : []))
        } catch {
            throw .in("output", error, status: error.exitCode)
        }
        let engine = BatchEngine(jobs: request.jobs, cpus: Parallel.availableCores)
        let maker: PictureMaker
        do {
            // No picture cache: no two cards share a picture (see `PictureMaker(data:batch:pictureCache:)`).
            maker = PictureMaker(data: try DataDirectory.locate(), batch: engine, pictureCache: nil)
            try maker.prepareCards(request.settings)
        } catch {
            throw CommandFailure(error)
        }
        let clock = ContinuousClock()
        let started = clock.now
        let thumbnails = Thumbnails()
        let tally = engine.run(
            cards,
            make: { card, slot in
                card.make(
                    maker, settings: request.settings, thumbnailWidth: request.gallery ? 180 : nil, into: outputs,
                    slot: slot)
            },
            finished: { card, outcome in
                if case .done(let thumbnail) = outcome { thumbnails.keep(thumbnail, for: card.name) }
            },
            progress: BatchProgress.onStandardError(total: cards.count, unit: "cards", quiet: output.quiet),
            label: { "\($0.spec.term.fileStem) \($0.spec.term.name)" })

        guard tally.failed == 0 else {
            throw CommandFailure(
                lines: tally.failureLines + [
                    "\(tally.failed) of \(cards.count) cards failed; \(tally.done) written to \(request.folder)"
                        + (request.gallery ? "; no contact sheet or gallery was made" : "")
                ], status: ExitCode(rawValue: tally.status) ?? .software)
        }
        if request.gallery {
            do {
                try writeGallery(cards, thumbnails, request, into: outputs)
            } catch {
                throw .in("output", error, status: error.exitCode)
            }
        }
        let extras = request.gallery ? ", \(contactSheetName(request)) and index.html" : ""
        output.status(
            "Wrote \(tally.done) cards\(extras) to \(request.folder) in "
                + PrintfNumber.format("%.1f", WallgenCLI.seconds(clock.now - started)) + " s (\(engine.jobs) at a time)"
        )
        if request.preview {
            // The contact sheet is every card at once; without it, each card.
            let shown = request.gallery ? [contactSheetName(request)] : cards.map(\.name)
            ShowCommand.preview(shown.map { request.folder + "/" + $0 })
        }
    }

    /// One card of the batch and the name of its file in the folder: `01-lichun.png`
    /// (`01-lichun-dark.png` for the dark style; `.jpg` or `.webp` with --format).
    struct CardFile: Sendable {
        let spec: TermCardSpec
        let provenance: Provenance?
        let name: String

        /// Renders the card, writes it, and returns its thumbnail for the contact sheet
        /// when `thumbnailWidth` is given (scaling a card down to one costs about as much
        /// as its own picture's horizontal pass). The thumbnail is made before the file is
        /// written, which gives the card's place to the next (`BatchSlot`).
        func make(
            _ maker: PictureMaker, settings: RenderSettings, thumbnailWidth: Int?, into outputs: OutputFolder,
            slot: BatchSlot
        ) -> BatchOutcome<Image?> {
            let subject = "\(spec.term.fileStem) (\(spec.term.name))"
            do {
                let (encoded, thumbnail) = try render(maker, settings: settings, thumbnailWidth: thumbnailWidth)
                slot.writing()
                try outputs.write(encoded, to: name)
                return .done(thumbnail)
            } catch {
                return .failed(.from(error, subject: subject))
            }
        }

        /// The card's file and its thumbnail; its pixels go when this returns.
        private func render(_ maker: PictureMaker, settings: RenderSettings, thumbnailWidth: Int?)
            throws(PipelineError) -> (encoded: [UInt8], thumbnail: Image?)
        {
            let card = try maker.render(spec, settings: settings, provenance: provenance)
            guard let width = thumbnailWidth else { return (card.encoded, nil) }
            let height = Int((Double(width) * Double(card.image.height) / Double(card.image.width)).rounded())
            return (
                card.encoded, Resampler.coverReducingFirst(card.image, width: width, height: max(1, height), workers: 1)
            )
        }
    }

    /// The cards' thumbnails by file, kept as they finish (one at a time) for the sheet.
    final class Thumbnails: @unchecked Sendable {
        private(set) var byName: [String: Image] = [:]

        func keep(_ thumbnail: Image?, for name: String) {
            byName[name] = thumbnail
        }
    }

    /// The contact sheet (one row per season, in term order) and index.html.
    static func writeGallery(
        _ cards: [CardFile], _ thumbnails: Thumbnails, _ request: TermsRequest, into outputs: OutputFolder
    ) throws(FileError) {
        let rows = Season.allCases.map { season in
            cards.filter { $0.spec.term.season == season }.compactMap { thumbnails.byName[$0.name] }
        }.filter { !$0.isEmpty }
        let sheet = ContactSheet.make(rows: rows)
        let bytes: [UInt8]
        do {
            bytes = try request.settings.encoding.encode(sheet)
        } catch {
            throw .other(path: request.folder + "/" + contactSheetName(request), reason: "\(error)")
        }
        try outputs.write(bytes, to: contactSheetName(request))
        let entries = cards.map { card in
            Gallery.Card(term: card.spec.term, fileName: card.name, dateText: card.spec.dateText)
        }
        let html = Gallery.html(cards: entries, language: request.specs.first?.language ?? .chinese)
        try outputs.write(Array(html.utf8), to: "index.html")
    }

    /// The files the gallery adds to the folder: the contact sheet and index.html.
    static func galleryNames(_ request: TermsRequest) -> [String] {
        [contactSheetName(request), "index.html"]
    }

    /// `contact-sheet.png`, or `.jpg`, `.webp`: the sheet is in the cards' format.
    static func contactSheetName(_ request: TermsRequest) -> String {
        "contact-sheet." + request.settings.encoding.format.fileExtension
    }
}
