import FoundationEssentials
import Platform

/// Writes a `BatchReport` as the run goes: the header before the first row, each result
/// as its row finishes (from any thread), the totals at the end. Only the current line is
/// held, so memory stays flat however many rows there are; the file is a `ReportFile`,
/// put in place only when finished. What is written decodes as the one `BatchReport`.
public final class BatchReportWriter: @unchecked Sendable {
    private let file: ReportFile
    private let encoder = BatchReport.encoder()
    private let lock = Lock()
    /// The first failure to write; later writes are skipped and `finish` throws it.
    private var failure: ReportFileError?
    private var firstResult = true

    /// Starts the report in `file` with `header`.
    public init(file: ReportFile, header: BatchReport.Header) {
        self.file = file
        // The header's object, left open for the results: `{…,"results":[`.
        let opening = encoded(header).dropLast() + Array(",\"results\":[\n".utf8)
        write(Array(opening))
    }

    /// Adds one finished row.
    public func add(_ result: BatchReport.Result) {
        let line = encoded(result)
        lock.withLock {
            writeLocked((firstResult ? [] : Array(",\n".utf8)) + line)
            firstResult = false
        }
    }

    /// Closes the results with `totals` and puts the report in place; throws the first
    /// failure to write, having removed the unfinished file.
    public func finish(_ totals: BatchReport.Totals) throws(ReportFileError) {
        // The totals' members after the results: `\n],…}`.
        write(Array("\n],".utf8) + encoded(totals).dropFirst() + [0x0A])
        if let failure {
            file.abandon()
            throw failure
        }
        try file.finish()
    }

    /// A part's JSON object. Encoding strings, numbers and flags cannot fail.
    private func encoded(_ part: some Encodable) -> [UInt8] {
        Array(try! encoder.encode(part))
    }

    private func write(_ bytes: [UInt8]) {
        lock.withLock { writeLocked(bytes) }
    }

    private func writeLocked(_ bytes: [UInt8]) {
        guard failure == nil else { return }
        do { try file.write(bytes) } catch { failure = error }
    }
}
