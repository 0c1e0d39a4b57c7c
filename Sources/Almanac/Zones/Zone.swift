import FoundationEssentials

/// The offset from UTC a zone keeps for a while, as the tz database records it.
public struct ZoneOffset: Hashable, Sendable {
    /// Seconds east of Greenwich: 28800 for UTC+8, -18000 for New York in winter.
    public let secondsEast: Int
    /// What local clocks call the time (`CST`, `EDT`, `+0530`).
    public let abbreviation: String
    public let isDaylightSaving: Bool

    public init(secondsEast: Int, abbreviation: String, isDaylightSaving: Bool) {
        self.secondsEast = secondsEast
        self.abbreviation = abbreviation
        self.isDaylightSaving = isDaylightSaving
    }
}

/// A time zone: the offsets it has kept, when each began, and the rule for every
/// instant after the last recorded change (the tz database's model, RFC 8536).
///
/// A plain value, read from a TZif file by `ZoneDatabase` or made for a fixed offset,
/// so that every conversion wallgen makes between instants and wall clocks uses the
/// system's own tz data, never a copy inside a library.
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// The name it was asked for by (`Asia/Kolkata`, `UTC+05:30`).
    public let name: String
    /// Seconds since 1970 (UTC) at which the offset changes, ascending.
    let transitions: [Int64]
    /// For each transition, the index in `offsets` of the offset kept from then on.
    let transitionOffsets: [Int]
    /// Every offset the zone has used; the first is kept before the first transition.
    let offsets: [ZoneOffset]
    /// The offset after the last transition, as a POSIX TZ rule; nil keeps the last one.
    let rule: PosixZoneRule?

    init(name: String, transitions: [Int64], transitionOffsets: [Int], offsets: [ZoneOffset], rule: PosixZoneRule?) {
        precondition(!offsets.isEmpty && transitions.count == transitionOffsets.count)
        self.name = name
        self.transitions = transitions
        self.transitionOffsets = transitionOffsets
        self.offsets = offsets
        self.rule = rule
    }

    /// A zone that keeps one offset for ever.
    public static func fixed(name: String, secondsEast: Int) -> Zone {
        let abbreviation = secondsEast == 0 ? "UTC" : name
        return Zone(
            name: name, transitions: [], transitionOffsets: [],
            offsets: [ZoneOffset(secondsEast: secondsEast, abbreviation: abbreviation, isDaylightSaving: false)],
            rule: nil)
    }

    public static let utc = fixed(name: "UTC", secondsEast: 0)

    /// The same rules under another name (the name `/etc/timezone` gives this machine's zone).
    public func renamed(_ newName: String) -> Zone {
        Zone(
            name: newName, transitions: transitions, transitionOffsets: transitionOffsets, offsets: offsets, rule: rule)
    }

    public var description: String { name }

    /// The offset in force at an instant.
    public func offset(at instant: Date) -> ZoneOffset {
        offset(atSecond: Int64(instant.timeIntervalSince1970.rounded(.down)))
    }

    func offset(atSecond second: Int64) -> ZoneOffset {
        // The last transition at or before `second`, by binary search.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= second { low = middle + 1 } else { high = middle }
        }
        if low == transitions.count, let rule { return rule.offset(atSecond: second) }
        if low == 0 { return offsets[0] }
        return offsets[transitionOffsets[low - 1]]
    }

    /// What a wall clock in this zone reads at an instant (to the whole second, rounding down).
    public func wallClock(at instant: Date) -> WallClock {
        let second = Int64(instant.timeIntervalSince1970.rounded(.down))
        return WallClock(secondsSinceEpoch: second + Int64(offset(atSecond: second).secondsEast))
    }

    /// The instant a wall clock in this zone reads `reading`.
    ///
    /// A reading that happens twice (clocks turned back) is its first instant; one that
    /// never happens (clocks turned forward past it) is read with the offset before the
    /// change, which lands as far past the gap as it was into it (02:30 on the morning
    /// clocks go from 02:00 to 03:00 is 03:30), as Foundation's calendar and Python's
    /// `zoneinfo` (fold 0) do.
    public func instant(at reading: WallClock) -> Date {
        let local = reading.secondsSinceEpoch
        // Every instant that reads `reading` is `local` less one of the zone's offsets.
        let candidates = Set(allOffsets.map(\.secondsEast)).map { local - Int64($0) }.sorted()
        if let first = candidates.first(where: { local - $0 == Int64(offset(atSecond: $0).secondsEast) }) {
            return Date(timeIntervalSince1970: TimeInterval(first))
        }
        // In a gap: the offset kept before it (changes are months apart, so a day earlier).
        let before = offset(atSecond: local - 86_400 - 14 * 3600).secondsEast
        return Date(timeIntervalSince1970: TimeInterval(local - Int64(before)))
    }

    /// Every offset the zone has used or will use by its rule.
    var allOffsets: [ZoneOffset] {
        offsets + (rule.map { [$0.standard] + ($0.daylight.map { [$0.offset] } ?? []) } ?? [])
    }
}
