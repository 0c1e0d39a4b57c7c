import Almanac
import Desktop
import Escaping
import Foundation
import Testing

/// Reads a feed with python3-icalendar and prints one JSON object per event.
private let icalendarReader = """
    import sys, json, icalendar
    cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
    out = {'prodid': str(cal['PRODID']), 'version': str(cal['VERSION']), 'calscale': str(cal['CALSCALE']), 'events': []}
    for event in cal.walk('VEVENT'):
        start = event.decoded('DTSTART')
        out['events'].append({'uid': str(event['UID']), 'start': int(start.timestamp()),
            'utc': start.tzinfo is not None and start.utcoffset().total_seconds() == 0,
            'stamp': int(event.decoded('DTSTAMP').timestamp()),
            'summary': str(event['SUMMARY']), 'description': str(event['DESCRIPTION'])})
    print(json.dumps(out, ensure_ascii=False))
    """

private struct ParsedFeed: Decodable {
    struct Event: Decodable {
        let uid: String
        let start: Int
        let utc: Bool
        let stamp: Int
        let summary: String
        let description: String
    }
    let prodid: String
    let version: String
    let calscale: String
    let events: [Event]
}

private func parseWithPython(_ feed: String) throws -> ParsedFeed {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = try folder.write("feed.ics", feed)
    let run = try runTool(systemPython, ["-c", icalendarReader, path])
    #expect(run.status == 0, "python3-icalendar failed: \(run.error)")
    return try JSONDecoder().decode(ParsedFeed.self, from: Data(run.output.utf8))
}

@Suite struct ICalendarTextTests {
    @Test func escapesTheFourTextSpecials() {
        #expect(ICalendarText.escape(#"a\b;c,d"# + "\ne\r\nf\rg") == #"a\\b\;c\,d\ne\nf\ng"#)
        #expect(ICalendarText.escape("冬至: no change") == "冬至: no change")
    }

    @Test func foldsAt75OctetsAndNotBefore() {
        let exactly75 = String(repeating: "a", count: 75)
        #expect(ICalendarText.fold(exactly75) == exactly75)
        let line = String(repeating: "a", count: 76)
        #expect(ICalendarText.fold(line) == String(repeating: "a", count: 75) + "\r\n a")
        // 74 continuation octets after the space: 75 + 74 + 1 = 150 octets in three lines.
        let long = String(repeating: "b", count: 150)
        #expect(
            ICalendarText.fold(long)
                == String(repeating: "b", count: 75) + "\r\n " + String(repeating: "b", count: 74) + "\r\n b")
    }

    @Test func neverSplitsAUTF8Sequence() {
        // 73 ASCII octets, then 冬 (3 octets) would end at octet 76: it moves whole to the next line.
        let line = String(repeating: "x", count: 73) + "冬至"
        #expect(ICalendarText.fold(line) == String(repeating: "x", count: 73) + "\r\n 冬至")
    }
}

@Suite(.enabled(if: pythonHas("icalendar"), "python3-icalendar is not installed (Scripts/debian-test-packages)"))
struct ICalendarFeedTests {
    private let stamp = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01 00:00:00 UTC

    @Test func everyTermOfTwoYearsReadsBackAtItsInstant() throws {
        let feed = try ICalendarFeed.solarTerms(years: 2026...2027, stamp: stamp)
        let parsed = try parseWithPython(feed)
        #expect(parsed.version == "2.0")
        #expect(parsed.calscale == "GREGORIAN")
        #expect(parsed.prodid == ICalendarFeed.productIdentifier)
        var expected: [String: (Int, SolarTerm)] = [:]
        for year in 2026...2027 {
            for instant in try SolarTermCalendar.instants(inYear: year) {
                expected["\(year)-\(instant.term.slug)@wallgen"] = (
                    Int(instant.instant.timeIntervalSince1970.rounded()), instant.term
                )
            }
        }
        #expect(parsed.events.count == 48)
        #expect(Set(parsed.events.map(\.uid)) == Set(expected.keys))
        for event in parsed.events {
            guard let (start, term) = expected[event.uid] else { continue }
            #expect(event.start == start, "\(event.uid)")
            #expect(event.utc, "\(event.uid) is not in UTC")
            #expect(event.stamp == 1_767_225_600)
            #expect(event.summary == "\(term.name) \(term.englishName)")
            #expect(event.description == term.chineseDescription + "\n" + term.englishDescription)
        }
    }

    @Test func winterSolsticeOf2026IsAtItsSecond() throws {
        let feed = try ICalendarFeed.solarTerms(years: 2026...2026, stamp: stamp)
        let unfolded = feed.replacingOccurrences(of: "\r\n ", with: "")
        let lines = unfolded.components(separatedBy: "\r\n")
        let uid = try #require(lines.firstIndex(of: "UID:2026-dongzhi@wallgen"))
        #expect(lines[uid + 1] == "DTSTAMP:20260101T000000Z")
        // The published December solstice of 2026 is 20:50 UTC on the 21st (to the minute);
        // the seconds are the almanac's, checked against it in the test above.
        #expect(lines[uid + 2].hasPrefix("DTSTART:20261221T2050"))
        #expect(lines[uid + 2].count == "DTSTART:20261221T205013Z".count && lines[uid + 2].hasSuffix("Z"))
        #expect(lines[uid + 3] == "SUMMARY:冬至 Winter Solstice")
    }

    @Test func twoGenerationsAreIdentical() throws {
        let first = try ICalendarFeed.solarTerms(years: 2030...2031, stamp: stamp)
        let second = try ICalendarFeed.solarTerms(years: 2030...2031, stamp: stamp)
        #expect(first == second)
        #expect(try parseWithPython(first).events.map(\.uid) == parseWithPython(second).events.map(\.uid))
    }

    @Test func linesEndInCRLFAndStayWithin75Octets() throws {
        let feed = try ICalendarFeed.solarTerms(years: 2026...2026, stamp: stamp)
        let bytes = Array(feed.utf8)
        #expect(bytes.suffix(2) == [13, 10])
        var lineCount = 0
        for line in feed.utf8.split(separator: 10, omittingEmptySubsequences: false).dropLast() {
            lineCount += 1
            #expect(line.last == 13, "a line ends in a bare LF")
            #expect(line.count - 1 <= 75, "a line of \(line.count - 1) octets")
            // Each physical line must be valid UTF-8 on its own: no sequence split by a fold.
            #expect(String(validating: Array(line.dropLast()), as: UTF8.self) != nil)
        }
        #expect(lineCount > 24 * 8)
    }

    @Test func specialCharactersRoundTrip() throws {
        let description = "one; two, three\nfour \\ five — 六, 七; 八\n" + String(repeating: "長", count: 40)
        let event = CalendarEvent(
            uid: "test-1@wallgen", start: Date(timeIntervalSince1970: 1_798_000_000), summary: "a, b; c",
            description: description)
        let parsed = try parseWithPython(ICalendarFeed.document(events: [event], stamp: stamp))
        #expect(parsed.events.count == 1)
        #expect(parsed.events.first?.description == description)
        #expect(parsed.events.first?.summary == "a, b; c")
        #expect(parsed.events.first?.start == 1_798_000_000)
    }

    @Test func refusesYearsOutsideTheAlmanac() {
        #expect(throws: DesktopError.yearsOutOfRange(from: 2100, count: 2, supported: 1900...2100)) {
            try ICalendarFeed.solarTerms(years: 2100...2101, stamp: stamp)
        }
    }
}
