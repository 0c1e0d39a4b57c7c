import FoundationEssentials

/// What one run of a batch shard says it did (docs/BATCH.md, "Reports"): `batch` writes
/// it as rows finish (`BatchReportWriter`), `gather` reads it back. One type for both
/// sides, so the two cannot disagree on a key.
///
/// A report is data: whoever reads it checks every number and path before believing it.
public struct BatchReport: Codable, Equatable, Sendable {
    /// What the run was, known before its first row.
    public struct Header: Codable, Equatable, Sendable {
        /// The wallgen version that wrote it.
        public var wallgen: String
        /// The manifest's absolute path, or "-" for standard input.
        public var manifest: String
        /// The output folder's absolute path (gather ignores it: it works in the folder it is given).
        public var folder: String
        /// The manifest's rows, all shards together.
        public var rows: Int
        public var shard: Shard
        public var resume: Bool
        /// When the run started, as an ISO 8601 stamp in UTC.
        public var started: String

        public init(
            wallgen: String, manifest: String, folder: String, rows: Int, shard: Shard, resume: Bool, started: String
        ) {
            self.wallgen = wallgen
            self.manifest = manifest
            self.folder = folder
            self.rows = rows
            self.shard = shard
            self.resume = resume
            self.started = started
        }
    }

    public struct Shard: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    public enum Status: String, Codable, Sendable {
        case done, skipped, failed
    }

    /// One row as it finished.
    public struct Result: Codable, Equatable, Sendable {
        /// The manifest line the row starts on (0 for a failure of the manifest itself).
        public var row: Int
        /// The row's position among the manifest's rows (-1 for the manifest itself).
        public var index: Int
        /// The output as the row names it, relative to the folder.
        public var output: String
        public var status: Status
        /// The row's time in milliseconds, to a tenth (rows made only).
        public var ms: Double?
        /// The status the row alone would have exited with (failed rows only).
        public var exit: Int32?
        /// Why it failed (failed rows only).
        public var reason: String?

        public init(
            row: Int, index: Int, output: String, status: Status, ms: Double? = nil, exit: Int32? = nil,
            reason: String? = nil
        ) {
            self.row = row
            self.index = index
            self.output = output
            self.status = status
            self.ms = ms
            self.exit = exit
            self.reason = reason
        }

        /// A made row, its time kept to a tenth of a millisecond.
        public static func done(row: Int, index: Int, output: String, milliseconds: Double) -> Result {
            Result(row: row, index: index, output: output, status: .done, ms: (milliseconds * 10).rounded() / 10)
        }
    }

    /// What the run came to, known after its last row.
    public struct Totals: Codable, Equatable, Sendable {
        public var done: Int
        public var skipped: Int
        public var failed: Int
        /// The run's wall time, to a millisecond.
        public var seconds: Double
        /// The run's exit status.
        public var exit: Int32

        public init(done: Int, skipped: Int, failed: Int, seconds: Double, exit: Int32) {
            self.done = done
            self.skipped = skipped
            self.failed = failed
            self.seconds = (seconds * 1000).rounded() / 1000
            self.exit = exit
        }
    }

    public var header: Header
    /// In the order the rows finished.
    public var results: [Result]
    public var totals: Totals

    public init(header: Header, results: [Result], totals: Totals) {
        self.header = header
        self.results = results
        self.totals = totals
    }

    // One flat object: the header's keys, "results", then the totals' keys.
    private enum ResultsKey: String, CodingKey { case results }

    public init(from decoder: any Decoder) throws {
        header = try Header(from: decoder)
        results = try decoder.container(keyedBy: ResultsKey.self).decode([Result].self, forKey: .results)
        totals = try Totals(from: decoder)
    }

    public func encode(to encoder: any Encoder) throws {
        try header.encode(to: encoder)
        var container = encoder.container(keyedBy: ResultsKey.self)
        try container.encode(results, forKey: .results)
        try totals.encode(to: encoder)
    }

    /// The encoder every part of a report is written with: keys in a fixed order (sorted)
    /// so the same run writes the same bytes, and paths with their slashes as they are.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Reads a report whole; throws when `bytes` are not one (a key missing, a value of
    /// the wrong kind, a status that is none of the three).
    public static func decode(_ bytes: [UInt8]) throws -> BatchReport {
        try JSONDecoder().decode(BatchReport.self, from: Data(bytes))
    }
}
