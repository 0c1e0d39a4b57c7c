import Almanac
import Escaping
import FoundationEssentials

/// One timed event of a calendar feed.
public struct CalendarEvent: Sendable, Hashable {
    /// Globally unique and stable across runs, so a calendar that subscribes to the feed
    /// updates its events instead of doubling them.
    public let uid: String
    public let start: Date
    public let summary: String
    public let description: String

    public init(uid: String, start: Date, summary: String, description: String) {
        self.uid = uid
        self.start = start
        self.summary = summary
        self.description = description
    }

    /// The event of a solar term: UID `2026-dongzhi@wallgen` (the term's year in the
    /// calendar zone, UTC+8, and its slug), summary `冬至 Winter Solstice`, and both
    /// descriptions, Chinese first.
    public init(term instant: SolarTermInstant) {
        let term = instant.term
        let year = instant.localDate(in: SolarTermCalendar.calendarZone).year
        self.init(
            uid: "\(year)-\(term.slug)@wallgen", start: instant.instant,
            summary: "\(term.name) \(term.englishName)",
            description: term.chineseDescription + "\n" + term.englishDescription)
    }
}

/// Writes an iCalendar feed (RFC 5545) of timed events.
///
/// The output is byte-for-byte reproducible: the caller gives DTSTAMP, and UIDs depend
/// only on the event, so regenerating a subscribed feed changes nothing but what changed.
public enum ICalendarFeed {
    /// The PRODID of every feed wallgen writes.
    public static let productIdentifier = "-//wallgen//Solar Terms//EN"

    /// The feed of every solar term that begins in `years` (in the calendar zone, UTC+8).
    public static func solarTerms(years: ClosedRange<Int>, stamp: Date) throws(DesktopError) -> String {
        let supported = SolarTermCalendar.supportedYears
        guard supported.contains(years.lowerBound), supported.contains(years.upperBound) else {
            throw .yearsOutOfRange(from: years.lowerBound, count: years.count, supported: supported)
        }
        var events: [CalendarEvent] = []
        for year in years {
            guard let instants = try? SolarTermCalendar.instants(inYear: year) else {
                throw .yearsOutOfRange(from: years.lowerBound, count: years.count, supported: supported)
            }
            events += instants.map(CalendarEvent.init(term:))
        }
        return document(events: events, stamp: stamp, name: "二十四節氣 Solar Terms")
    }

    /// A VCALENDAR of `events`, with CR LF line ends and folded lines.
    ///
    /// `name` becomes X-WR-CALNAME, the name most calendar programs show for a feed.
    public static func document(events: [CalendarEvent], stamp: Date, name: String? = nil) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + productIdentifier, "CALSCALE:GREGORIAN"]
        if let name { lines.append("X-WR-CALNAME:" + ICalendarText.escape(name)) }
        let stampText = InstantText.iCalendar(stamp)
        for event in events {
            lines += [
                "BEGIN:VEVENT",
                "UID:" + ICalendarText.escape(event.uid),
                "DTSTAMP:" + stampText,
                "DTSTART:" + InstantText.iCalendar(event.start),
                "SUMMARY:" + ICalendarText.escape(event.summary),
                "DESCRIPTION:" + ICalendarText.escape(event.description),
                "TRANSP:TRANSPARENT",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.map { ICalendarText.fold($0) + "\r\n" }.joined()
    }
}
