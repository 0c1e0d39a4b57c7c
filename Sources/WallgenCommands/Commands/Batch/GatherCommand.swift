import Compositor
import Designs
import Foundation

/// A validated `wallgen gather`.
public struct GatherRequest: Equatable, Sendable {
    var inputs: [String]
    var folder: String?
    var gallery: Bool
}

/// `wallgen gather REPORT…|DIR`: the shards' reports merged; every row must be done, and
/// then a contact sheet and a gallery page are made over the whole set.
enum GatherCommand {
    static let folder = Option(
        "output", short: "o", .folder, help: "Where contact-sheet.png and index.html go.",
        defaultText: "the batch's output folder, as the reports name it")
    static let noGallery = Flag("no-gallery", help: "Only check the reports; make no contact sheet or gallery.")
    static let options: [any OptionDeclaration] = [folder, noGallery] + CommonOptions.everywhere

    /// Thumbnails on the contact sheet at most (the page lists every picture): a sheet
    /// of a million thumbnails would be a picture no one can open.
    static let sheetLimit = 1_000
    static let thumbnailWidth = 120
    static let sheetColumns = 12

    static func validate(_ parsed: ParsedArguments) throws(UsageError) -> GatherRequest {
        guard !parsed.positionals.isEmpty else {
            throw UsageError("'gather' needs the shards' reports, or the folder that holds them")
        }
        return GatherRequest(inputs: parsed.positionals, folder: parsed[folder], gallery: !parsed.has(noGallery))
    }

    /// One report, as much of it as gather reads.
    struct Report {
        let path: String
        let folder: String
        let rows: Int
        let shard: (index: Int, count: Int)
        let results: [[String: Any]]
    }

    static func run(_ request: GatherRequest, _ output: StatusOutput) -> ExitCode {
        var reports: [Report] = []
        for path in reportPaths(request.inputs) {
            do {
                reports.append(try read(path))
            } catch {
                Console.report("Error: report '\(path)': \(error.message)")
                return error.code
            }
        }
        guard let first = reports.first else {
            Console.report("Error: no reports (.wallgen-report-*.json) in \(request.inputs.joined(separator: ", "))")
            return .noInput
        }
        for report in reports where report.rows != first.rows || report.shard.count != first.shard.count {
            Console.report(
                "Error: report '\(report.path)' is of \(report.rows) rows in \(report.shard.count) shards, '\(first.path)' of \(first.rows) in \(first.shard.count): not the same batch"
            )
            return .dataError
        }
        var made = [Bool](repeating: false, count: first.rows)
        var entries: [(index: Int, row: Int, output: String)] = []
        var failures: [String] = []
        for report in reports {
            for result in report.results {
                guard let index = result["index"] as? Int, let row = result["row"] as? Int,
                    let output = result["output"] as? String, let status = result["status"] as? String
                else { continue }
                if status == "failed" {
                    failures.append("row \(row): \(result["reason"] as? String ?? "failed")")
                } else if made.indices.contains(index), !made[index] {
                    made[index] = true
                    entries.append((index, row, output))
                }
            }
        }
        let shardsSeen = Set(reports.map(\.shard.index))
        let missingShards = (0..<first.shard.count).filter { !shardsSeen.contains($0) }
        let missing = made.lazy.filter { !$0 }.count
        if !failures.isEmpty {
            for failure in failures.prefix(20) { Console.report("Error: \(failure)") }
            Console.report(
                "Error: \(failures.count) of \(first.rows) rows failed; fix them and run their shards again with --resume"
            )
            return .dataError
        }
        if missing > 0 {
            let shards = missingShards.map { "\($0)/\(first.shard.count)" }
            Console.report(
                "Error: \(missing) of \(first.rows) rows are in no report"
                    + (shards.isEmpty ? "" : "; no report from shard \(shards.joined(separator: ", "))"))
            return .noInput
        }
        entries.sort { $0.index < $1.index }
        let folder = request.folder ?? first.folder
        if request.gallery {
            do {
                try writeGallery(entries, folder: folder)
            } catch {
                Console.report("Error: --output: \(error)")
                return error.exitCode
            }
        }
        output.status(
            "All \(first.rows) rows are done (\(reports.count) reports)"
                + (request.gallery ? "; wrote \(folder)/contact-sheet.png and \(folder)/index.html" : ""))
        return .success
    }

    struct ReportProblem: Error {
        let message: String
        let code: ExitCode
    }

    /// Reports named, and those in folders named.
    static func reportPaths(_ inputs: [String]) -> [String] {
        inputs.flatMap { input -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else {
                return [input]
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: input)) ?? []
            return names.filter { $0.hasPrefix(".wallgen-report-") && $0.hasSuffix(".json") }.sorted()
                .map { input + "/" + $0 }
        }
    }

    static func read(_ path: String) throws(ReportProblem) -> Report {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReportProblem(message: "cannot be read", code: .noInput)
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let folder = object["folder"] as? String, let rows = object["rows"] as? Int,
            let shard = object["shard"] as? [String: Any], let index = shard["index"] as? Int,
            let count = shard["count"] as? Int, let results = object["results"] as? [[String: Any]]
        else {
            throw ReportProblem(message: "is not a wallgen batch report", code: .dataError)
        }
        return Report(path: path, folder: folder, rows: rows, shard: (index, count), results: results)
    }

    /// contact-sheet.png (the first `sheetLimit` pictures, small, twelve a row) and
    /// index.html (every picture).
    static func writeGallery(_ entries: [(index: Int, row: Int, output: String)], folder: String) throws(FileError) {
        var thumbnails: [Image] = []
        for entry in entries.prefix(sheetLimit) {
            let path = folder + "/" + entry.output
            guard let bytes = try? FileReader.read(path, expecting: .picture),
                let picture = try? ImageDecoder.decode(bytes, coverTarget: (thumbnailWidth, thumbnailWidth))
            else { continue }
            let height = max(
                1, Int((Double(thumbnailWidth) * Double(picture.height) / Double(picture.width)).rounded()))
            thumbnails.append(Resampler.coverReducingFirst(picture, width: thumbnailWidth, height: height, workers: 1))
        }
        let rows = stride(from: 0, to: thumbnails.count, by: sheetColumns).map {
            Array(thumbnails[$0..<min($0 + sheetColumns, thumbnails.count)])
        }
        let sheet = ContactSheet.make(rows: rows)
        let png: [UInt8]
        do {
            png = try PNGEncoder.encode(sheet)
        } catch {
            throw .other(path: folder + "/contact-sheet.png", reason: "\(error)")
        }
        try AtomicFileWriter.write(png, to: folder + "/contact-sheet.png")
        let html = BatchGallery.html(
            entries: entries.map { BatchGallery.Entry(fileName: $0.output, row: $0.row) },
            title: "\(entries.count) pictures")
        try AtomicFileWriter.write(Array(html.utf8), to: folder + "/index.html")
    }
}

/// `wallgen gather` as one of wallgen's commands (see `CommandRegistry`).
extension GatherCommand: WallgenCommand {
    static let declaration = CommandDeclaration(
        name: "gather", summary: "Merge a batch's shard reports; make its contact sheet and gallery.",
        overview:
            "Read the reports the shards of a batch wrote (the files named, or every .wallgen-report-*.json in a folder named), check that every row of the manifest was made, and write contact-sheet.png (the first 1,000 pictures, small) and index.html (every picture) into the batch's output folder. Exit 65 when a row failed, 66 when rows are in no report (a shard has not finished, or its report is missing).",
        usage: ["(<report>... | <folder>) [-o <folder>] [--no-gallery]"],
        arguments: [.init(name: "report", help: "A shard's report, or a folder of them.", completion: .file)],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(UsageError) -> GatherRequest {
        try validate(parsed)
    }
}
