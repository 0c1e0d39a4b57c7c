/// A POSIX TZ rule (`EST5EDT,M3.2.0,M11.1.0`, `<+0330>-3:30`): a standard offset and,
/// optionally, a daylight-saving offset with the yearly dates it starts and ends. A
/// TZif file's footer holds one for every instant after its last transition.
///
/// Read as POSIX (XBD 8.3) writes it, with RFC 8536's extensions: rule times from
/// -167 to 167 hours, and daylight saving all year (a start on January 1 at 00:00 and an
/// end after December 31 at 24:00 plus the saving).
struct PosixZoneRule: Hashable, Sendable {
    struct Daylight: Hashable, Sendable {
        let offset: ZoneOffset
        let start: DayRule
        /// Seconds after local standard midnight of the start day.
        let startTime: Int
        let end: DayRule
        /// Seconds after local daylight-saving midnight of the end day.
        let endTime: Int
    }

    /// Which day of a year a change falls on.
    enum DayRule: Hashable, Sendable {
        /// `Jn`: day 1 to 365, February 29 never counted.
        case julianSkippingLeapDay(Int)
        /// `n`: day 0 to 365, February 29 counted.
        case dayOfYear(Int)
        /// `Mm.w.d`: weekday `d` (0 Sunday) of week `w` (5: the last) of month `m`.
        case weekdayOfMonth(month: Int, week: Int, weekday: Int)

        /// Days from 1970-01-01 to the day in `year`.
        func day(in year: Int64) -> Int64 {
            let january1 = DayNumber.days(year: year, month: 1, day: 1)
            switch self {
            case .julianSkippingLeapDay(let n):
                let isLeap = CivilDate.isLeap(Int(year))
                return january1 + Int64(n - 1) + (isLeap && n >= 60 ? 1 : 0)
            case .dayOfYear(let n):
                return january1 + Int64(n)
            case .weekdayOfMonth(let month, let week, let weekday):
                let first = DayNumber.days(year: year, month: month, day: 1)
                var day = first + Int64((weekday - DayNumber.weekday(first) + 7) % 7) + Int64(7 * (week - 1))
                let length = Int64(CivilDate.daysIn(month: month, year: Int(year)))
                while day >= first + length { day -= 7 }
                return day
            }
        }
    }

    let standard: ZoneOffset
    let daylight: Daylight?

    /// The offset at `second` (seconds since 1970, UTC).
    func offset(atSecond second: Int64) -> ZoneOffset {
        guard let daylight else { return standard }
        let year = WallClock(secondsSinceEpoch: second + Int64(standard.secondsEast)).year
        // The changes of the years around it, in order; at a tie the end comes first,
        // so that daylight saving all year (one year's end at the next one's start) stays on.
        var changes: [(second: Int64, isStart: Bool)] = []
        for y in Int64(year - 1)...Int64(year + 1) {
            let start = daylight.start.day(in: y) * 86_400 + Int64(daylight.startTime - standard.secondsEast)
            let end = daylight.end.day(in: y) * 86_400 + Int64(daylight.endTime - daylight.offset.secondsEast)
            changes += [(start, true), (end, false)]
        }
        changes.sort { ($0.second, $0.isStart ? 1 : 0) < ($1.second, $1.isStart ? 1 : 0) }
        guard let last = changes.last(where: { $0.second <= second }) else { return standard }
        return last.isStart ? daylight.offset : standard
    }

    /// Reads a TZ string; nil when it is not one.
    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardWest = scanner.offset() else { return nil }
        standard = ZoneOffset(secondsEast: -standardWest, abbreviation: standardName, isDaylightSaving: false)
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard let daylightName = scanner.name() else { return nil }
        var daylightWest = standardWest - 3600
        if let peeked = scanner.peek, peeked != UInt8(ascii: ",") {
            guard let given = scanner.offset() else { return nil }
            daylightWest = given
        }
        // Without dates POSIX leaves the changes to the implementation; the tz code
        // takes the United States' rules since 2007, as glibc does.
        var start = DayRule.weekdayOfMonth(month: 3, week: 2, weekday: 0)
        var end = DayRule.weekdayOfMonth(month: 11, week: 1, weekday: 0)
        var startTime = 7200
        var endTime = 7200
        if !scanner.isAtEnd {
            guard scanner.take(","), let s = scanner.dayRule() else { return nil }
            start = s
            if scanner.take("/") {
                guard let time = scanner.ruleTime() else { return nil }
                startTime = time
            }
            guard scanner.take(","), let e = scanner.dayRule() else { return nil }
            end = e
            if scanner.take("/") {
                guard let time = scanner.ruleTime() else { return nil }
                endTime = time
            }
        }
        guard scanner.isAtEnd else { return nil }
        daylight = Daylight(
            offset: ZoneOffset(secondsEast: -daylightWest, abbreviation: daylightName, isDaylightSaving: true),
            start: start, startTime: startTime, end: end, endTime: endTime)
    }

    /// The pieces of a TZ string, read left to right.
    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { index == bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[index] }

        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard peek == UInt8(ascii: character) else { return false }
            index += 1
            return true
        }

        /// `EST` (three or more letters) or `<+0530>` (letters, digits, + and - in angle brackets).
        mutating func name() -> String? {
            let start = index
            if take("<") {
                while let byte = peek, isLetter(byte) || isDigit(byte) || byte == 0x2B || byte == 0x2D { index += 1 }
                let end = index
                guard take(">"), end - start - 1 >= 3 else { return nil }
                return String(decoding: bytes[(start + 1)..<end], as: UTF8.self)
            }
            while let byte = peek, isLetter(byte) { index += 1 }
            guard index - start >= 3 else { return nil }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// `[+-]hh[:mm[:ss]]` with hours up to 24: seconds west of Greenwich, as POSIX counts.
        mutating func offset() -> Int? {
            signedTime(maxHours: 24)
        }

        /// A change's time of day: `[+-]h[:mm[:ss]]`, hours -167 to 167 (RFC 8536).
        mutating func ruleTime() -> Int? {
            signedTime(maxHours: 167)
        }

        private mutating func signedTime(maxHours: Int) -> Int? {
            var sign = 1
            if take("-") {
                sign = -1
            } else {
                _ = take("+")
            }
            guard let hours = number(maxDigits: 3), hours <= maxHours else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number(maxDigits: 2), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let rest = number(maxDigits: 2), rest < 60 else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        mutating func dayRule() -> DayRule? {
            if take("J") {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                return .julianSkippingLeapDay(n)
            }
            if take("M") {
                guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                    let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                    let weekday = number(maxDigits: 1), (0...6).contains(weekday)
                else { return nil }
                return .weekdayOfMonth(month: month, week: week, weekday: weekday)
            }
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            return .dayOfYear(n)
        }

        private mutating func number(maxDigits: Int) -> Int? {
            let start = index
            var value = 0
            while let byte = peek, isDigit(byte), index - start < maxDigits {
                value = value * 10 + Int(byte - 0x30)
                index += 1
            }
            return index > start ? value : nil
        }

        private func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        private func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }
    }
}
