import Almanac
import Batch
import Compositor
import Designs
import Dispatch
import Escaping
import Files
import FoundationEssentials
import Glibc
import Platform

/// The render pass of one batch shard: rows streamed from the manifest, at most `jobs`
/// in flight (the reader waits for a free slot, so memory holds `jobs` rows, not the
/// manifest), each written atomically and recorded in the report as it finishes.
final class BatchRun: @unchecked Sendable {
    let request: BatchRequest
    let data: DataDirectory
    let report: ReportFile
    /// The output folder, open: every row's file is written and read beneath it,
    /// following no link (`OutputFolder`).
    let outputs: OutputFolder
    let total: Int
    let progress: Bool

    private let lock = Lock()
    private(set) var counts = (done: 0, skipped: 0, failed: 0)
    /// "row N: reason" for every failed row (kept for the summary; the report has them all).
    private(set) var failures: [String] = []
    private var failureCodes: Set<ExitCode> = []
    private var reportError: ReportFileError?
    /// Pictures decoded once for the rows that share them and their canvas (every
    /// pipeline's; 256 MiB at most).
    let pictures = PictureCache()
    /// The rows' pipelines, one per render settings, sharing the picture cache and the
    /// image memory; each row's own rows get the threads the rows leave.
    private let maker: PictureMaker

    init(
        request: BatchRequest, data: DataDirectory, report: ReportFile, outputs: OutputFolder, total: Int,
        progress: Bool
    ) {
        self.request = request
        self.data = data
        self.report = report
        self.outputs = outputs
        self.total = total
        self.progress = progress
        self.maker = PictureMaker(
            data: data, workers: max(1, Parallel.availableCores / request.jobs),
            recycler: ImageRecycler(capacity: 3 * request.jobs), pictureCache: pictures)
    }

    /// Renders this shard's rows; returns the shard's status.
    func renderShard(today: CivilDate) -> ExitCode {
        let header =
            "{\"wallgen\":\(JSONText.quoted(Provenance.currentVersion)),"
            + "\"manifest\":\(JSONText.quoted(FilePath.absolute(request.manifest))),"
            + "\"folder\":\(JSONText.quoted(FilePath.absolute(request.folder))),\"rows\":\(total),"
            + "\"shard\":{\"index\":\(request.shard.index),\"count\":\(request.shard.count)},"
            + "\"resume\":\(request.resume),\"started\":\(JSONText.quoted(ISOStamp.utcStamp(Date()))),\"results\":[\n"
        write(header)
        let reader: ManifestReader
        do {
            reader = try ManifestReader(path: request.manifest)
        } catch {
            record(line: 0, index: -1, output: "", .failed(code: .noInput, reason: "manifest: \(error)"))
            return .noInput
        }
        let slots = DispatchSemaphore(value: request.jobs)
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "wallgen.batch", attributes: .concurrent)
        while true {
            let row: ManifestRow?
            do {
                row = try reader.next()
            } catch {
                // The manifest changed since it was checked.
                record(line: 0, index: -1, output: "", .failed(code: .dataError, reason: "manifest: \(error)"))
                break
            }
            guard let row else { break }
            guard request.shard.owns(row.index) else { continue }
            slots.wait()
            group.enter()
            queue.async {
                self.render(row, today: today)
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        if progress { StandardError.write("\r\u{1B}[K") }
        return lock.withLock { status }
    }

    /// 0 when every row was made or skipped; 75 when rows failed only in writing (a
    /// retry may finish them); 65 when a row failed for its own input or spec (a retry
    /// would fail again).
    private var status: ExitCode {
        if failureCodes.isEmpty { return .success }
        if failureCodes.isSubset(of: [.ioError, .tryAgain]) { return .tryAgain }
        return .dataError
    }

    private enum Result {
        case done(milliseconds: Double)
        case skipped
        case failed(code: ExitCode, reason: String)
    }

    private func render(_ manifestRow: ManifestRow, today: CivilDate) {
        let clock = ContinuousClock()
        let started = clock.now
        let row: BatchRow
        do {
            row = try BatchRow.make(manifestRow, today: today, metadata: request.metadata)
        } catch {
            record(
                line: manifestRow.line, index: manifestRow.index, output: "",
                .failed(code: .dataError, reason: error.message))
            return
        }
        if request.resume, isDone(row) {
            record(line: row.line, index: row.index, output: row.output, .skipped)
            return
        }
        do {
            let rendered = try maker.render(row.picture)
            try outputs.write(rendered.encoded, to: row.output)
            let milliseconds = WallgenCLI.seconds(clock.now - started) * 1000
            record(line: row.line, index: row.index, output: row.output, .done(milliseconds: milliseconds))
        } catch let error as PipelineError {
            record(
                line: row.line, index: row.index, output: row.output,
                .failed(code: ErrorReport.exitCode(for: error), reason: ErrorReport.message(for: error)))
        } catch let error as FileError {
            record(
                line: row.line, index: row.index, output: row.output,
                .failed(code: error.exitCode, reason: "output \(row.output): \(error)"))
        } catch {
            record(line: row.line, index: row.index, output: row.output, .failed(code: .software, reason: "\(error)"))
        }
    }

    /// Whether the row's file was made from this row's spec by this wallgen and is whole:
    /// its note records the same spec hash and version, and its container is complete
    /// (the format's end marker) at the pixel size the spec asks for (`WholePicture`).
    /// The image data itself is not decoded: see BATCH.md for what this proves.
    private func isDone(_ row: BatchRow) -> Bool {
        guard let wanted = row.provenance.flatMap(Provenance.parse),
            let descriptor = try? outputs.openForReading(row.output)
        else { return false }
        defer { close(descriptor) }
        // The file as opened beneath the folder, never the path again.
        let opened = "/proc/self/fd/\(descriptor)"
        guard let text = try? PictureNote.read(opened), let found = Provenance.parse(text),
            found.hash == wanted.hash, found.version == wanted.version,
            let bytes = try? FileReader.read(opened), let size = WholePicture.size(of: bytes)
        else { return false }
        return size.width == row.pixelSize.width && size.height == row.pixelSize.height
    }

    private var firstResult = true

    private func record(line: Int, index: Int, output: String, _ result: Result) {
        var entry = "{\"row\":\(line),\"index\":\(index),\"output\":\(JSONText.quoted(output)),"
        switch result {
        case .done(let milliseconds):
            entry += "\"status\":\"done\",\"ms\":" + PrintfNumber.format("%.1f", milliseconds) + "}"
        case .skipped:
            entry += "\"status\":\"skipped\"}"
        case .failed(let code, let reason):
            entry += "\"status\":\"failed\",\"exit\":\(code.rawValue),\"reason\":\(JSONText.quoted(reason))}"
        }
        lock.withLock {
            switch result {
            case .done: counts.done += 1
            case .skipped: counts.skipped += 1
            case .failed(let code, let reason):
                counts.failed += 1
                failureCodes.insert(code)
                failures.append(line > 0 ? "row \(line): \(reason)" : reason)
            }
            writeLocked((firstResult ? "" : ",\n") + entry)
            firstResult = false
            if progress {
                let finished = counts.done + counts.skipped + counts.failed
                StandardError.write("\r\u{1B}[K[\(finished)] row \(line) \(TerminalText.visible(output))")
            }
        }
    }

    private func write(_ text: String) {
        lock.withLock { writeLocked(text) }
    }

    private func writeLocked(_ text: String) {
        guard reportError == nil else { return }
        do { try report.write(text) } catch { reportError = error }
    }

    /// The report's last lines: the counts, the time and the status; then it is put in place.
    func finishReport(seconds: Double, status: ExitCode) throws(ReportFileError) {
        let trailer =
            "\n],\"done\":\(counts.done),\"skipped\":\(counts.skipped),\"failed\":\(counts.failed),"
            + "\"seconds\":" + PrintfNumber.format("%.3f", seconds) + ",\"exit\":\(status.rawValue)}\n"
        write(trailer)
        if let reportError {
            report.abandon()
            throw reportError
        }
        try report.finish()
    }
}
