import Almanac
import FoundationEssentials

/// Instants as the formats of this library write them, all to the whole second.
///
/// Every writer rounds the almanac's instants the same way (to the nearest second), so
/// the calendar feed, the GNOME slideshow, the systemd timer and `schedule.json` name the
/// same second for the same term. The digits are composed here rather than by a
/// `DateFormatter`, whose output depends on the machine's locale data.
public enum InstantText {
    /// The instant rounded to the nearest whole second.
    public static func rounded(_ instant: Date) -> Date {
        Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded())
    }

    /// The wall-clock fields of a rounded instant in a zone.
    public static func fields(_ instant: Date, zone: Zone) -> WallClock {
        zone.wallClock(at: rounded(instant))
    }

    /// `20261221T205013Z`: an RFC 5545 DATE-TIME in UTC.
    public static func iCalendar(_ instant: Date) -> String {
        let f = fields(instant, zone: utc)
        return pad(f.year, 4) + pad(f.month, 2) + pad(f.day, 2) + "T" + pad(f.hour, 2) + pad(f.minute, 2)
            + pad(f.second, 2) + "Z"
    }

    /// `2026-12-21 20:50:13 UTC`: a systemd calendar event for one instant (systemd.time(7)).
    public static func systemd(_ instant: Date) -> String {
        let f = fields(instant, zone: utc)
        return pad(f.year, 4) + "-" + pad(f.month, 2) + "-" + pad(f.day, 2) + " " + pad(f.hour, 2) + ":"
            + pad(f.minute, 2) + ":" + pad(f.second, 2) + " UTC"
    }

    /// `2026-12-21T20:50:13Z`: ISO 8601 in UTC, as `schedule.json` stores instants.
    public static func iso8601(_ instant: Date) -> String {
        let f = fields(instant, zone: utc)
        return pad(f.year, 4) + "-" + pad(f.month, 2) + "-" + pad(f.day, 2) + "T" + pad(f.hour, 2) + ":"
            + pad(f.minute, 2) + ":" + pad(f.second, 2) + "Z"
    }

    /// Parses exactly the form `iso8601(_:)` writes; nil for anything else.
    public static func parseISO8601(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            bytes[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let slice = bytes[range]
            guard slice.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return slice.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        let date = utc.instant(
            at: WallClock(year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        guard iso8601(date) == text else { return nil }
        return date
    }

    static let utc = Zone.utc

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
