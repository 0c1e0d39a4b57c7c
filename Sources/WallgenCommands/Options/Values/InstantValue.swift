import Almanac
import FoundationEssentials

extension ValueType where Value == Date {
    /// An instant: `now`, ISO 8601 with a zone (`2026-12-21T20:50:15Z`,
    /// `2026-12-22T04:50:15+08:00`), or a local date and time (`2026-12-22 04:50:15`,
    /// `2026-12-22T04:50`) read in this machine's zone.
    static let instant = ValueType(placeholder: "time", completion: .none, kind: .instant) {
        text, flag throws(CommandFailure) in
        guard let date = InstantText.reading(text)?.instant(localZone: ZoneDatabase.system().localZone()) else {
            throw CommandFailure(
                "\(flag) must be now, or a date and time as 2026-12-21T20:50:15Z, 2026-12-22T04:50:15+08:00 or 2026-12-22 04:50 (this machine's zone), got '\(text)'"
            )
        }
        return date
    }
}

extension ValueType where Value == InstantText.Reading {
    /// An instant as `instant` reads it, except that a date and time without a zone is
    /// kept as a wall-clock reading for the command to place in the zone it means (the
    /// sky's place), rather than this machine's.
    static let placedInstant = ValueType(placeholder: "time", completion: .none, kind: .instant) {
        text, flag throws(CommandFailure) in
        guard let reading = InstantText.reading(text) else {
            throw CommandFailure(
                "\(flag) must be now, or a date and time as 2026-12-21T20:50:15Z, 2026-12-22T04:50:15+08:00 or 2026-12-22 04:50 (the place's zone), got '\(text)'"
            )
        }
        return reading
    }
}

/// Reads the instants people type, to the second.
enum InstantText {
    /// What was typed: an instant, or a wall clock still to be read in some zone.
    enum Reading: Sendable, Equatable {
        case instant(Date)
        case wallClock(WallClock)

        func instant(localZone: @autoclosure () -> Zone) -> Date {
            switch self {
            case .instant(let date): date
            case .wallClock(let reading): localZone().instant(at: reading)
            }
        }
    }

    static func reading(_ text: String) -> Reading? {
        if text.lowercased() == "now" {
            return .instant(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        }
        var body = Substring(text)
        guard body.count >= 16 else { return nil }
        let datePart = body.prefix(10)
        body = body.dropFirst(10)
        guard let separator = body.first, separator == "T" || separator == " " || separator == "t" else { return nil }
        body = body.dropFirst()
        let dateFields = datePart.split(separator: "-", omittingEmptySubsequences: false)
        guard dateFields.count == 3, let year = Int(dateFields[0]), let month = Int(dateFields[1]),
            let day = Int(dateFields[2])
        else { return nil }
        // The time runs to the first zone designator.
        let timeEnd = body.firstIndex { $0 == "Z" || $0 == "z" || $0 == "+" || $0 == "-" } ?? body.endIndex
        let timeFields = body[..<timeEnd].split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(timeFields.count), timeFields.allSatisfy({ $0.count == 2 }),
            let hour = Int(timeFields[0]), let minute = Int(timeFields[1])
        else { return nil }
        let second = timeFields.count == 3 ? Int(timeFields[2]) : 0
        guard let second, (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            return nil
        }
        let designator = body[timeEnd...]
        guard CivilDate(year: year, month: month, day: day) != nil else { return nil }
        let clock = WallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        if designator.isEmpty { return .wallClock(clock) }
        if designator.lowercased() == "z" { return .instant(Zone.utc.instant(at: clock)) }
        guard let offset = ZoneNames.offsetSeconds(String(designator)) else { return nil }
        return .instant(Zone.fixed(name: ZoneNames.offsetName(offset), secondsEast: offset).instant(at: clock))
    }
}
