import Almanac
import Foundation

/// `--tz`: the time zone dates are read in.
enum ZoneOption {
    static let spec = OptionSpec(
        long: "tz", short: nil, valueName: "zone",
        help: ["Time zone for dates: an IANA name, or local for this machine's.", "(default: Asia/Taipei, UTC+8)"])

    static func parse(_ text: String?) throws(UsageError) -> TimeZone {
        guard let text else { return SolarTermCalendar.calendarZone }
        if text.lowercased() == "local" { return .current }
        guard let zone = TimeZone(identifier: text) else {
            throw UsageError(
                "--tz must be an IANA time zone such as Asia/Taipei or Europe/Paris, or local; got '\(text)'")
        }
        return zone
    }

    /// `--year`, checked against the years the almanac computes.
    static func year(_ text: String?) throws(UsageError) -> Int? {
        guard let text else { return nil }
        let range = SolarTermCalendar.supportedYears
        guard let year = Int(text) else { throw UsageError("--year must be a year such as 2026, got '\(text)'") }
        guard range.contains(year) else {
            throw UsageError("--year \(year) is outside the supported years \(range.lowerBound)-\(range.upperBound)")
        }
        return year
    }

    /// ISO 8601 with the zone's offset at that instant, to the second: 2026-12-22T04:50:13+08:00.
    static func localStamp(_ instant: Date, in zone: TimeZone) -> String {
        stamp(instant, in: zone, utcDesignator: false)
    }

    /// ISO 8601 in UTC, to the second, ending in Z: 2026-12-21T20:50:13Z.
    static func utcStamp(_ instant: Date) -> String {
        stamp(instant, in: TimeZone(secondsFromGMT: 0)!, utcDesignator: true)
    }

    private static func stamp(_ instant: Date, in zone: TimeZone, utcDesignator: Bool) -> String {
        let rounded = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded())
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: rounded)
        let offset = zone.secondsFromGMT(for: rounded)
        let sign = offset < 0 ? "-" : "+"
        let zoneText = utcDesignator ? "Z" : "\(sign)\(pad(abs(offset) / 3600)):\(pad(abs(offset) % 3600 / 60))"
        return "\(p.year!)-\(pad(p.month!))-\(pad(p.day!))T\(pad(p.hour!)):\(pad(p.minute!)):\(pad(p.second!))"
            + zoneText
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
