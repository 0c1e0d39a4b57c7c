import Almanac
import Batch
import Compositor
import Designs
import Escaping
import Files
import FoundationEssentials
import Glibc
import Platform

/// The render pass of one batch shard, on the one `BatchEngine`: rows streamed from the
/// manifest (the engine holds `jobs` of them, not the manifest), each parsed, made by the
/// shared `PictureMaker`, written atomically beneath the folder and recorded in the
/// report as it finishes.
final class BatchRun: @unchecked Sendable {
    let request: BatchRequest
    /// The manifest, read again row by row (a stream was copied when it was opened).
    let manifest: ManifestSource
    let report: BatchReportWriter
    /// The output folder, open: every row's file is written and read beneath it,
    /// following no link (`OutputFolder`).
    let outputs: OutputFolder
    /// The manifest's rows.
    let total: Int
    let engine: BatchEngine
    /// The progress line, on a terminal only (not with --quiet).
    private let progress: BatchProgress?
    /// The rows' pipelines, one per render settings, sharing the decoded pictures and
    /// their backgrounds (256 MiB at most) and the image memory.
    private let maker: PictureMaker

    init(
        request: BatchRequest, manifest: ManifestSource, data: DataDirectory, report: ReportFile,
        outputs: OutputFolder, total: Int, quiet: Bool
    ) {
        self.request = request
        self.manifest = manifest
        self.report = BatchReportWriter(
            file: report,
            header: BatchReport.Header(
                wallgen: Provenance.currentVersion,
                manifest: request.manifest == "-" ? "-" : FilePath.absolute(request.manifest),
                folder: FilePath.absolute(request.folder), rows: total,
                shard: BatchReport.Shard(index: request.shard.index, count: request.shard.count),
                resume: request.resume, started: ISOStamp.utcStamp(Date())))
        self.outputs = outputs
        self.total = total
        engine = BatchEngine(jobs: request.jobs, cpus: Parallel.availableCores)
        // Rows are not known in advance (the manifest is streamed): always a cache.
        maker = PictureMaker(data: data, batch: engine, pictureCache: PictureCache())
        let shardRows = (0..<total).count { request.shard.owns($0) }
        progress = BatchProgress.onStandardError(total: shardRows, unit: "rows", quiet: quiet)
    }

    /// Renders this shard's rows; returns what became of them and the shard's status:
    /// the tally's, or 66 when the manifest could no longer be opened.
    func renderShard(today: CivilDate) -> (BatchTally, ExitCode) {
        let reader: ManifestReader
        do {
            reader = try ManifestReader(source: manifest)
        } catch {
            var tally = BatchTally()
            tally.add(unread(.noInput, "manifest: \(error)"), item: 0)
            return (tally, .noInput)
        }
        let shard = request.shard
        let tally = engine.run(
            next: { () throws(BatchFailure) -> ManifestRow? in
                while true {
                    let row: ManifestRow?
                    do {
                        row = try reader.next()
                    } catch {
                        // The manifest changed since it was checked.
                        throw self.unread(.dataError, "manifest: \(error)")
                    }
                    guard let row else { return nil }
                    if shard.owns(row.index) { return row }
                }
            },
            make: { row, slot in self.render(row, today: today, slot: slot) },
            progress: progress,
            label: { row in
                // The row's output as the manifest names it (the progress line shows it
                // through `TerminalText.visible`).
                if case .text(let output) = row.fields["output"] {
                    "row \(row.line) \(output)"
                } else {
                    "row \(row.line)"
                }
            })
        return (tally, ExitCode(rawValue: tally.status) ?? .software)
    }

    /// A failure of the manifest itself, not of a row: in the report as row 0.
    private func unread(_ code: ExitCode, _ reason: String) -> BatchFailure {
        record(
            line: 0, index: -1, output: "", .failed(BatchFailure(status: code.rawValue, subject: "", reason: reason)))
        return BatchFailure(status: code.rawValue, subject: "", reason: reason)
    }

    /// Makes one row and records it in the report; returns what became of it.
    private func render(_ manifestRow: ManifestRow, today: CivilDate, slot: BatchSlot) -> BatchOutcome<Void> {
        let clock = ContinuousClock()
        let started = clock.now
        var output = ""
        let outcome: BatchOutcome<Void>
        do {
            let row = try BatchRow.make(manifestRow, today: today, metadata: request.metadata)
            output = row.output
            outcome = request.resume && isDone(row) ? .skipped : make(row, slot: slot)
        } catch {
            outcome = .failed(failure(manifestRow.line, .dataError, error.message))
        }
        record(
            line: manifestRow.line, index: manifestRow.index, output: output, outcome,
            milliseconds: WallgenCLI.seconds(clock.now - started) * 1000)
        return outcome
    }

    /// Renders the row and writes it, giving its place to the next row while it writes
    /// (`BatchSlot`).
    private func make(_ row: BatchRow, slot: BatchSlot) -> BatchOutcome<Void> {
        do {
            let encoded = try maker.render(row.picture).encoded
            slot.writing()
            try outputs.write(encoded, to: row.output)
            return .done(())
        } catch let error as PipelineError {
            return .failed(failure(row.line, ErrorReport.exitCode(for: error), ErrorReport.message(for: error)))
        } catch let error as FileError {
            return .failed(failure(row.line, error.exitCode, "output \(row.output): \(error)"))
        } catch {
            return .failed(failure(row.line, .software, "\(error)"))
        }
    }

    private func failure(_ line: Int, _ code: ExitCode, _ reason: String) -> BatchFailure {
        BatchFailure(status: code.rawValue, subject: "row \(line)", reason: reason)
    }

    private func isDone(_ row: BatchRow) -> Bool {
        guard let wanted = row.provenance,
            let descriptor = try? outputs.openForReading(row.output)
        else { return false }
        defer { close(descriptor) }
        // The file as opened beneath the folder, never the path again. Whole first: the
        // container check walks a bounded number of boxes on a mapping, so a crafted file
        // is given up on before any library parses it for its note.
        let opened = "/proc/self/fd/\(descriptor)"
        guard let bytes = try? FileReader.mapped(opened, use: .headers), let size = WholePicture.size(of: bytes),
            size.width == row.pixelSize.width, size.height == row.pixelSize.height,
            let found = try? PictureNote.read(opened), found.hash == wanted.hash, found.version == wanted.version
        else { return false }
        return true
    }

    /// The row's result in the report, as it finishes.
    private func record(
        line: Int, index: Int, output: String, _ outcome: BatchOutcome<Void>, milliseconds: Double = 0
    ) {
        switch outcome {
        case .done:
            report.add(.done(row: line, index: index, output: output, milliseconds: milliseconds))
        case .skipped:
            report.add(BatchReport.Result(row: line, index: index, output: output, status: .skipped))
        case .failed(let failure):
            report.add(
                BatchReport.Result(
                    row: line, index: index, output: output, status: .failed, exit: failure.status,
                    reason: failure.reason))
        }
    }

    /// The report's totals: the counts, the time and the status; then it is put in place.
    func finishReport(_ tally: BatchTally, status: ExitCode, seconds: Double) throws(ReportFileError) {
        try report.finish(
            BatchReport.Totals(
                done: tally.done, skipped: tally.skipped, failed: tally.failed, seconds: seconds,
                exit: status.rawValue))
    }
}
