import Batch
import Compositor
import Designs
import Escaping
import Files
import FoundationEssentials
import Glibc

/// A validated `wallgen gather`.
public struct GatherRequest: Equatable, Sendable {
    var inputs: [String]
    var folder: String?
    var gallery: Bool
    /// Make the gallery of what was made even when rows are missing (`--partial`).
    var partial = false
    /// Show the contact sheet in the terminal once made (`--preview`).
    var preview = false
}

/// `wallgen gather REPORT…|DIR`: the shards' reports merged; every row must be done, and
/// then a contact sheet and a gallery page are made over the whole set.
enum GatherCommand {
    static let folder = Option(
        "output", short: "o", .folder, help: "Where contact-sheet.png and index.html go.",
        defaultText: "the folder given, or the one holding the reports named")
    static let noGallery = Flag("no-gallery", help: "Only check the reports; make no contact sheet or gallery.")
    static let partial = Flag(
        "partial",
        help:
            "When rows failed or are in no report, still make the contact sheet and gallery of those that were made, listing what is missing on standard error and on the page; the status stays the batch's (65 or 66)."
    )
    static let options: [any OptionDeclaration] =
        [folder, noGallery, partial, PreviewOptions.preview] + CommonOptions.everywhere

    /// Thumbnails on the contact sheet at most (the page lists every picture): a sheet
    /// of a million thumbnails would be a picture no one can open.
    static let sheetLimit = 1_000
    /// The contact sheet's width and the height its rows keep near (justified rows:
    /// pictures of mixed shapes leave no gaps under the short ones).
    static let sheetWidth = 1_600
    static let sheetRowHeight = 160

    static func validate(_ parsed: ParsedArguments) throws(CommandFailure) -> GatherRequest {
        guard !parsed.positionals.isEmpty else {
            throw CommandFailure("'gather' needs the shards' reports, or the folder that holds them")
        }
        if parsed.has(PreviewOptions.preview), parsed.has(noGallery) {
            throw CommandFailure("--preview shows the contact sheet, and --no-gallery makes none", option: "preview")
        }
        return GatherRequest(
            inputs: parsed.positionals, folder: parsed[folder], gallery: !parsed.has(noGallery),
            partial: parsed.has(partial), preview: try PreviewOptions.read(parsed, output: nil))
    }

    /// A report claims at most this many rows, and this many shards: bounds on what its
    /// numbers can make gather allocate (a row costs a byte here and a few dozen in the
    /// page), far above any batch wallgen has run.
    static let maxRows = 50_000_000
    static let maxShards = 1_000_000
    /// The largest report read.
    static let maxReportBytes = 1 << 30

    /// One report, as much of it as gather reads. A report is data: the folder it names
    /// is never used (gather works in the folder it was given), and every number and
    /// output is checked before it is believed.
    struct Report {
        let path: String
        let rows: Int
        let shard: BatchReport.Shard
        let results: [BatchReport.Result]
    }

    static func run(_ request: GatherRequest, _ output: StatusOutput) throws(CommandFailure) {
        let batchFolder = try folder(of: request.inputs)
        let reports = try readReports(request.inputs)
        let tally = try Tally(reports)
        let first = reports[0]
        let (made, failed, failures) = (tally.made, tally.failed, tally.failures)
        var entries = tally.entries
        let shardsSeen = Set(reports.map(\.shard.index))
        let missingShards = (0..<first.shard.count).filter { !shardsSeen.contains($0) }
        let missing = made.indices.lazy.filter { !made[$0] && !failed[$0] }.count
        // What is missing, in the order it is said: failed rows, rows in no report, then
        // outputs that are not there or not whole. The status is that of the first kind.
        var absent: [String] = failures
        var errors: [String] = []
        var status = ExitCode.success
        let partialHint = request.gallery ? "(gather --partial makes the gallery of the rows that were made)" : nil
        if !failures.isEmpty {
            errors += failures.prefix(20)
            errors.append(
                "\(failures.count) of \(first.rows) rows failed; fix them and run their shards again with --resume")
            status = .dataError
        }
        if missing > 0 {
            let shards = missingShards.prefix(20).map { "\($0)/\(first.shard.count)" }
            let line =
                "\(missing) of \(first.rows) rows are in no report"
                + (shards.isEmpty ? "" : "; no report from shard \(shards.joined(separator: ", "))")
            errors.append(line)
            absent.append(line)
            if status == .success { status = .noInput }
        }
        if status != .success && !request.partial {
            throw CommandFailure(lines: errors, status: status, conclusion: partialHint)
        }
        entries.sort { $0.index < $1.index }
        // Done only when every output is there and whole, read beneath the folder.
        let outputs: OutputFolder
        do {
            outputs = try OutputFolder(opening: batchFolder)
        } catch {
            throw CommandFailure(lines: errors + ["\(error)"], status: error.exitCode)
        }
        let check = checkOutputs(entries, in: outputs)
        if !check.problems.isEmpty {
            errors += check.problems.prefix(20)
            errors.append(
                "\(check.problems.count) of \(first.rows) rows' outputs are missing or not whole; run their shards again with --resume"
            )
            absent += check.problems
            if status == .success { status = check.anyMissing ? .noInput : .dataError }
            if !request.partial { throw CommandFailure(lines: errors, status: status, conclusion: partialHint) }
        }
        let shown = entries.filter { entry in check.sizes[entry.index] != nil }
        let galleryFolder = request.folder ?? batchFolder
        if request.gallery {
            do {
                try writeGallery(
                    shown, sizes: check.sizes, from: outputs, folder: galleryFolder, of: first.rows, missing: absent)
            } catch {
                throw CommandFailure(lines: errors + ["--output: \(error)"], status: error.exitCode)
            }
        }
        // A batch's pictures are too many to draw one by one: its contact sheet stands for them.
        if request.gallery, request.preview { ShowCommand.preview([galleryFolder + "/contact-sheet.png"]) }
        let wrote =
            request.gallery ? "; wrote \(galleryFolder)/contact-sheet.png and \(galleryFolder)/index.html" : ""
        guard status == .success else {
            // Said on standard error, after the errors: the run did not succeed, whatever it made.
            throw CommandFailure(
                lines: errors, status: status,
                conclusion: "Gathered \(shown.count) of \(first.rows) rows (\(reports.count) reports)" + wrote)
        }
        output.status("All \(first.rows) rows are done (\(reports.count) reports)" + wrote)
    }

    /// The reports named, or every report in the folders named; refused when a name is
    /// nothing at all, a report cannot be read, there is none, or they are of different
    /// batches.
    static func readReports(_ inputs: [String]) throws(CommandFailure) -> [Report] {
        // A name that is nothing at all is said to be missing, not unreadable: it may
        // be a folder mistyped as well as a report.
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw CommandFailure(
                "'\(input)' does not exist (give the batch's folder, or its shards' reports)", status: .noInput)
        }
        var reports: [Report] = []
        for path in reportPaths(inputs) {
            do {
                reports.append(try read(path))
            } catch {
                throw CommandFailure("report '\(path)': \(error.message)", status: error.status)
            }
        }
        guard let first = reports.first else {
            throw CommandFailure(
                "no reports (.wallgen-report-*.json) in \(inputs.joined(separator: ", "))", status: .noInput)
        }
        for report in reports where report.rows != first.rows || report.shard.count != first.shard.count {
            throw CommandFailure(
                "report '\(report.path)' is of \(report.rows) rows in \(report.shard.count) shards, '\(first.path)' of \(first.rows) in \(first.shard.count): not the same batch",
                status: .dataError)
        }
        return reports
    }

    /// What the reports say of each row: made (done or skipped, with its output inside the
    /// folder), failed (with its reason), or in no report.
    struct Tally {
        var made: [Bool]
        var failed: [Bool]
        var entries: [(index: Int, row: Int, output: String)] = []
        var failures: [String] = []

        init(_ reports: [Report]) throws(CommandFailure) {
            let rows = reports[0].rows
            made = [Bool](repeating: false, count: rows)
            failed = [Bool](repeating: false, count: rows)
            for report in reports {
                for result in report.results {
                    let (index, row, output) = (result.index, result.row, result.output)
                    if result.status == .failed {
                        failures.append("row \(row): \(result.reason ?? "failed")")
                        // Reported, as failed: not among the rows in no report.
                        if failed.indices.contains(index) { failed[index] = true }
                        continue
                    }
                    guard made.indices.contains(index), row >= 0 else {
                        throw CommandFailure(
                            "report '\(report.path)': a result of row \(row) has index \(index) outside the batch",
                            status: .dataError)
                    }
                    guard let inside = GatherCommand.insideFolder(output) else {
                        throw CommandFailure(
                            "report '\(report.path)': row \(row)'s output \(ShellQuoting.quote(output)) is not a path inside the batch's folder",
                            status: .dataError)
                    }
                    if !made[index] {
                        made[index] = true
                        entries.append((index, row, inside))
                    }
                }
            }
        }
    }

    /// The batch's folder: the folder given, or the one holding the reports named. Reports
    /// in several folders are refused: gather works in one.
    static func folder(of inputs: [String]) throws(CommandFailure) -> String {
        let folders = Set(
            inputs.map { input -> String in
                isFolder(input) ? input : FilePath.folder(of: input)
            }.map { FilePath.absolute($0) })
        guard folders.count == 1, let only = folders.first else {
            throw CommandFailure(
                "the reports are in several folders (\(folders.sorted().joined(separator: ", "))); gather one batch's folder at a time",
                status: .usage)
        }
        return only
    }

    /// An output as a report names it, if it is a path inside the folder (relative, no
    /// `..`, no NUL, no empty part), in one normal form.
    static func insideFolder(_ output: String) -> String? {
        let parts = output.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !output.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."), !output.unicodeScalars.contains("\u{0}")
        else { return nil }
        return parts.joined(separator: "/")
    }

    /// Every output opened beneath the folder, mapped and checked whole (`WholePicture`),
    /// one at a time: the pixel size of each whole one by its index, and nothing of its
    /// bytes kept (memory stays flat however large and many the pictures are).
    static func checkOutputs(_ entries: [(index: Int, row: Int, output: String)], in outputs: OutputFolder)
        -> (problems: [String], anyMissing: Bool, sizes: [Int: (width: Int, height: Int)])
    {
        var sizes: [Int: (width: Int, height: Int)] = [:]
        var problems: [String] = []
        var anyMissing = false
        for entry in entries {
            let size: (width: Int, height: Int)?
            do {
                size = WholePicture.size(of: try mapped(entry.output, in: outputs, use: .headers))
            } catch {
                if case .notFound = error { anyMissing = true }
                problems.append("row \(entry.row): \(error)")
                continue
            }
            guard let size else {
                problems.append(
                    "row \(entry.row): \(ShellQuoting.quote(entry.output)) is cut short or holds no picture")
                continue
            }
            sizes[entry.index] = size
        }
        return (problems, anyMissing, sizes)
    }

    /// The output `relative`, opened beneath the folder and mapped for `use` (read where
    /// it cannot be).
    static func mapped(_ relative: String, in outputs: OutputFolder, use: MappedFile.Use) throws(FileError)
        -> FileBytes
    {
        let descriptor = try outputs.openForReading(relative)
        defer { close(descriptor) }
        // The file as opened beneath the folder, never the path again.
        return try FileReader.mapped("/proc/self/fd/\(descriptor)", use: use)
    }

    /// Whether `path` is a folder, or a link to one.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Reports named, and those in folders named.
    static func reportPaths(_ inputs: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            guard isFolder(input) else { return [input] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
            return names.filter { $0.hasPrefix(".wallgen-report-") && $0.hasSuffix(".json") }.sorted()
                .map { input + "/" + $0 }
        }
    }

    static func read(_ path: String) throws(CommandFailure) -> Report {
        let data: [UInt8]
        do {
            data = try FileReader.read(path, maxBytes: maxReportBytes)
        } catch {
            throw CommandFailure("cannot be read: \(error)", status: .noInput)
        }
        guard let report = try? BatchReport.decode(data) else {
            throw CommandFailure("is not a wallgen batch report", status: .dataError)
        }
        let (rows, index, count, results) =
            (report.header.rows, report.header.shard.index, report.header.shard.count, report.results)
        guard (1...maxRows).contains(rows), (1...maxShards).contains(count), (0..<count).contains(index),
            results.count <= rows
        else {
            throw CommandFailure(
                "claims \(rows) rows, shard \(index) of \(count) and \(results.count) results: outside what a batch can have (rows 1 to \(maxRows), shards 1 to \(maxShards))",
                status: .dataError)
        }
        return Report(path: path, rows: rows, shard: report.header.shard, results: results)
    }

    /// contact-sheet.png (the first `sheetLimit` pictures, small, in justified rows) and
    /// index.html (every picture, of `rowCount` rows, and what is `missing`), written
    /// beneath `folder`: a link at either name is refused before either is made. Each
    /// picture of the sheet is mapped and decoded in its turn, never all at once.
    static func writeGallery(
        _ entries: [(index: Int, row: Int, output: String)], sizes: [Int: (width: Int, height: Int)],
        from outputs: OutputFolder, folder: String, of rowCount: Int, missing: [String]
    ) throws(FileError) {
        let gallery = try OutputFolder(opening: folder)
        try gallery.checkWritable(["contact-sheet.png", "index.html"])
        let onSheet = Array(entries.prefix(sheetLimit))
        let layout = JustifiedRows(
            sizes: onSheet.map { sizes[$0.index] ?? (1, 1) }, width: sheetWidth, rowHeight: sheetRowHeight, gap: 16)
        let sheet = ContactSheet.make(layout) { index, tile in
            guard let file = try? mapped(onSheet[index].output, in: outputs, use: .whole),
                let picture = try? ImageDecoder.decode(file, coverTarget: (tile.width, tile.height))
            else { return nil }
            return Resampler.coverReducingFirst(picture, width: tile.width, height: tile.height, workers: 1)
        }
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(sheet)
        } catch {
            throw .other(path: folder + "/contact-sheet.png", reason: "\(error)")
        }
        try gallery.write(png, to: "contact-sheet.png")
        let html = BatchGallery.html(
            entries: entries.map { BatchGallery.Entry(fileName: $0.output, row: $0.row) },
            title: missing.isEmpty ? "\(entries.count) pictures" : "\(entries.count) of \(rowCount) pictures",
            missing: missing)
        try gallery.write(Array(html.utf8), to: "index.html")
    }
}

/// `wallgen gather` as one of wallgen's commands (see `CommandRegistry`).
extension GatherCommand: WallgenCommand {
    static let commandName: String? = "gather"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Merge a batch's shard reports; make its contact sheet and gallery.",
        overview:
            "Read the reports the shards of a batch wrote (the files named, or every .wallgen-report-*.json in a folder named), check that every row of the manifest was made, and write contact-sheet.png (the first 1,000 pictures, small) and index.html (every picture) into the batch's output folder. Exit 65 when a row failed, 66 when rows are in no report (a shard has not finished, or its report is missing); with --partial, the gallery of the rows that were made is written all the same, listing what is missing, and the status is still 65 or 66.",
        usage: ["(<report>... | <folder>) [-o <folder>] [--no-gallery] [--partial]"],
        arguments: [.init(name: "report", help: "A shard's report, or a folder of them.", completion: .file)],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> GatherRequest {
        try validate(parsed)
    }
}
