/// What became of one item of a batch. `Made` is what the caller keeps of an item it
/// made (a card's thumbnail for the contact sheet, or nothing); the engine passes it to
/// `finished` and keeps none of it.
public enum BatchOutcome<Made: Sendable>: Sendable {
    case done(Made)
    /// Already there (`batch --resume`).
    case skipped
    case failed(BatchFailure)
}

/// Why one item was not made: its exit status (sysexits, as wallgen's `ExitCode`) and a
/// message naming the item.
public struct BatchFailure: Error, Sendable, CustomStringConvertible {
    /// The status the item alone would have exited with.
    public let status: Int32
    /// What failed, for the summary: "row 12", "05-qingming (清明)"; empty when the
    /// failure is the batch's own (its manifest).
    public let subject: String
    public let reason: String

    public init(status: Int32, subject: String, reason: String) {
        self.status = status
        self.subject = subject
        self.reason = reason
    }

    public var description: String { subject.isEmpty ? reason : "\(subject): \(reason)" }
}

/// The counts of one run and the status they make.
public struct BatchTally: Sendable {
    public var done = 0
    public var skipped = 0
    public var failed = 0
    /// The first failures (`BatchEngine.keptFailures`), in the order they finished.
    public private(set) var failures: [BatchFailure] = []
    /// Every failed item's status.
    public private(set) var failureStatuses: Set<Int32> = []

    public init() {}

    public mutating func add(_ failure: BatchFailure) {
        failed += 1
        failureStatuses.insert(failure.status)
        if failures.count < BatchEngine.keptFailures { failures.append(failure) }
    }

    /// Items that finished, whatever became of them.
    public var finished: Int { done + skipped + failed }

    /// The run's exit status, one rule for every batch (docs/BATCH.md): 0 when every
    /// item was made or skipped; 72 when wallgen's own pictures or fonts failed (no retry
    /// or other input helps until it is installed again); 75 when items failed only in
    /// writing or for memory (74, 75: a retry may finish them); otherwise 65, an item
    /// failed for its own input or spec, or could not be created where it goes (73), and
    /// running again fails again. A partial batch is never 0.
    public var status: Int32 {
        if failureStatuses.isEmpty { return Self.success }
        if failureStatuses.contains(Self.bundledDataMissing) { return Self.bundledDataMissing }
        if failureStatuses.isSubset(of: [Self.ioError, Self.tryAgain]) { return Self.tryAgain }
        return Self.dataError
    }

    // The sysexits statuses the rule names (wallgen's `ExitCode` has them all).
    static let success: Int32 = 0
    static let dataError: Int32 = 65
    static let bundledDataMissing: Int32 = 72
    static let ioError: Int32 = 74
    static let tryAgain: Int32 = 75
}
