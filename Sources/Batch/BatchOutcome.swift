import Platform

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

/// Items that failed with the same status and the same words, said once: a library that
/// cannot be loaded fails every item that needs it alike, and a run of 1,000 such items
/// is one line, not a screenful of the same line.
public struct FailureGroup: Sendable, CustomStringConvertible {
    public let status: Int32
    public let reason: String
    /// The items that failed so that come first in the batch (`listedSubjects` of them),
    /// as (position in the batch, subject), in that order.
    private var listed: [(item: Int, subject: String)]
    /// Every item that failed so.
    public private(set) var count: Int

    /// Items named in a group's line; the rest are counted.
    public static let listedSubjects = 3

    init(_ failure: BatchFailure, item: Int) {
        status = failure.status
        reason = failure.reason
        listed = [(item, failure.subject)]
        count = 1
    }

    /// The position of the group's first item in the batch.
    var firstItem: Int { listed[0].item }

    mutating func add(_ failure: BatchFailure, item: Int) {
        count += 1
        let place = listed.firstIndex { $0.item > item } ?? listed.endIndex
        guard place < Self.listedSubjects else { return }
        listed.insert((item, failure.subject), at: place)
        if listed.count > Self.listedSubjects { listed.removeLast() }
    }

    func holds(_ failure: BatchFailure) -> Bool { failure.status == status && failure.reason == reason }

    /// "row 3: why"; "row 3, row 5 and 12 more: why"; the reason alone when the failure
    /// is the batch's own (an empty subject).
    public var description: String {
        let named = listed.map(\.subject).filter { !$0.isEmpty }
        guard !named.isEmpty else { return reason }
        let unnamed = count - named.count
        let items = unnamed > 0 ? named.joined(separator: ", ") + " and \(unnamed) more" : named.joinedAsProse()
        return "\(items): \(reason)"
    }
}

/// The counts of one run and the status they make.
public struct BatchTally: Sendable {
    public var done = 0
    public var skipped = 0
    public var failed = 0
    /// The failures kept, those with the same status and words as one group: at most
    /// `BatchEngine.keptFailures` groups, a reason first met after that only counted.
    public private(set) var failures: [FailureGroup] = []
    /// Every failed item's status.
    public private(set) var failureStatuses: Set<Int32> = []

    public init() {}

    /// Counts `failure`, of the batch's item at position `item` (which orders the
    /// summary: items finish out of order when several are made at once).
    public mutating func add(_ failure: BatchFailure, item: Int) {
        failed += 1
        failureStatuses.insert(failure.status)
        if let group = failures.firstIndex(where: { $0.holds(failure) }) {
            failures[group].add(failure, item: item)
        } else if failures.count < BatchEngine.keptFailures {
            failures.append(FailureGroup(failure, item: item))
        }
    }

    /// The failures kept, one line each, in the order of the batch's items (each group
    /// where its first item is).
    public var failureGroupLines: [String] {
        failures.sorted { $0.firstItem < $1.firstItem }.map(\.description)
    }

    /// Failed items whose reason was not kept (met after `BatchEngine.keptFailures` others).
    public var unlistedFailures: Int { failed - failures.reduce(0) { $0 + $1.count } }

    /// The failures to print: `failureGroupLines`, and a last line counting the
    /// `unlistedFailures`.
    public var failureLines: [String] {
        failureGroupLines + (unlistedFailures > 0 ? ["… and \(unlistedFailures) more"] : [])
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
