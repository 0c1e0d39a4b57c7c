import FoundationEssentials

/// What a wall clock reads: a day on the Gregorian calendar and a time of day, to the
/// second, in no particular zone. A `Zone` turns instants into wall-clock readings and
/// back.
public struct WallClock: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// The reading `seconds` after midnight at the start of 1970-01-01 (a count that
    /// ignores leap seconds, as POSIX time does).
    init(secondsSinceEpoch seconds: Int64) {
        let days = seconds.floorDivided(by: 86_400)
        let (year, month, day) = DayNumber.civil(days)
        let ofDay = Int(seconds - days * 86_400)
        self.init(
            year: Int(year), month: month, day: day, hour: ofDay / 3600, minute: ofDay % 3600 / 60,
            second: ofDay % 60)
    }

    /// Seconds from 1970-01-01 00:00:00 on the same clock to this reading.
    var secondsSinceEpoch: Int64 {
        DayNumber.days(year: Int64(year), month: month, day: day) * 86_400
            + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The day, when it is one `CivilDate` holds (years 1 to 9999).
    public var date: CivilDate? { CivilDate(year: year, month: month, day: day) }

    /// `2026-12-22 04:50:13`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(abs(value))
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) \(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))"
    }
}

/// Days on the proleptic Gregorian calendar counted from 1970-01-01 (day 0), the
/// arithmetic behind wall clocks and the tz database's rules (after Howard Hinnant's
/// `days_from_civil` and `civil_from_days`: 400-year eras of 146,097 days, years
/// counted from March so that the leap day ends a year).
enum DayNumber {
    static func days(year: Int64, month: Int, day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(_ days: Int64) -> (year: Int64, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// 0 for Sunday to 6 for Saturday (1970-01-01 was a Thursday).
    static func weekday(_ days: Int64) -> Int {
        Int((days + 4).floorModulo(7))
    }
}

extension Int64 {
    /// Division rounding toward minus infinity, so days before 1970 start at midnight too.
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    func floorModulo(_ divisor: Int64) -> Int64 {
        self - floorDivided(by: divisor) * divisor
    }
}
