import Almanac
import Desktop
import FoundationEssentials
import Platform

/// A validated `wallgen almanac` request.
public struct AlmanacRequest: Equatable, Sendable {
    var year: Int
    var zone: Zone
    var format: Format
    /// Years from `year` on; only the calendar feed takes more than one.
    var years = 1

    enum Format: Equatable {
        case table, json, iCalendar
    }
}

/// `wallgen almanac`: the 24 terms of a year, to the second, in a time zone.
enum AlmanacCommand: WallgenCommand {
    static let year = Option("year", short: "y", .year, help: "The year, 1900 to 2100.", defaultText: "this year")
    static let json = Flag("json", help: "A JSON array instead of a table.")
    static let iCalendar = Flag(
        "ics",
        help:
            "An iCalendar feed (RFC 5545) instead of a table: one event per term, starting at its instant in UTC, with a UID that stays the same on every run, for calendar programs to import or subscribe to. DTSTAMP is the time of the run, or SOURCE_DATE_EPOCH when set."
    )
    static let years = Option(
        "years", .wholeNumber(atLeast: 1), help: "With --ics: how many years from --year the feed covers.",
        default: 1)

    static let options: [any OptionDeclaration] =
        [year, TermOptions.zone, json, iCalendar, years] + CommonOptions.everywhere

    static let commandName: String? = "almanac"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "When each of a year's 24 terms begins.",
        overview:
            "When each solar term of a year begins, to the second: the instant the Sun's apparent longitude reaches the term's multiple of 15°, computed from the VSOP87 theory with nutation and aberration. Times are civil time: UTC from 1972 (TT - UTC is 32.184 s plus the leap seconds) and Universal Time before, from the Espenak-Meeus Delta T. With --json each term is an object with the keys number (1-24 in the app's order, as `term N` takes), index (1-24 in time), name, pinyin, english, longitude, utc and local.",
        usage: ["[--year <year>] [--tz <zone>] [--json | --ics [--years <n>]]"],
        options: options)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> AlmanacRequest
    {
        try CommonOptions.rejectExtra(parsed.positionals)
        let format: AlmanacRequest.Format
        switch (parsed.has(json), parsed.has(iCalendar)) {
        case (true, true): throw CommandFailure("--json and --ics are two formats; give only one", option: "json")
        case (true, false): format = .json
        case (false, true): format = .iCalendar
        case (false, false): format = .table
        }
        let first = parsed[year] ?? context.today.year
        let count = parsed[required: years]
        guard format == .iCalendar || !parsed.isGiven(years) else {
            throw CommandFailure("--years goes with --ics; the table and --json show one year", option: "years")
        }
        let last = SolarTermCalendar.supportedYears.upperBound
        guard first + count - 1 <= last else {
            throw CommandFailure(
                "--years \(count) from \(first) goes past \(last), the last year the almanac computes", option: "years")
        }
        return AlmanacRequest(year: first, zone: parsed[required: TermOptions.zone], format: format, years: count)
    }

    static func run(_ request: AlmanacRequest, _ output: StatusOutput) throws(CommandFailure) {
        if request.format == .iCalendar { return try writeFeed(request) }
        let instants: [SolarTermInstant]
        do {
            instants = try SolarTermCalendar.instants(inYear: request.year, zone: request.zone)
        } catch {
            throw CommandFailure("\(error)", option: "year")
        }
        Console.print(request.format == .json ? json(instants, request.zone) : table(instants, request))
    }

    /// The calendar feed on standard output, its lines ending in CR LF as RFC 5545 asks.
    static func writeFeed(_ request: AlmanacRequest) throws(CommandFailure) {
        do {
            let feed = try ICalendarFeed.solarTerms(
                years: request.year...(request.year + request.years - 1), stamp: stamp())
            Console.writeOutput(Array(feed.utf8))
        } catch {
            throw CommandFailure("\(error)", option: "years")
        }
    }

    /// Now, or SOURCE_DATE_EPOCH (the reproducible-builds convention) when it is set.
    static func stamp() -> Date {
        if let text = ProcessEnvironment.variables["SOURCE_DATE_EPOCH"], let seconds = Int(text) {
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
        return Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    }

    struct Entry: Encodable {
        /// The term's number in the app's order, 1 (立春) to 24 (大寒), as `term N` takes it.
        let number: Int
        /// Its place among the year's terms in time, 1 (小寒, in January) to 24.
        let index: Int
        let name: String
        let pinyin: String
        let english: String
        let longitude: Int
        let utc: String
        let local: String
    }

    static func json(_ instants: [SolarTermInstant], _ zone: Zone) -> String {
        let entries = instants.enumerated().map { index, instant in
            Entry(
                number: instant.term.number, index: index + 1, name: instant.term.name, pinyin: instant.term.pinyin,
                english: instant.term.englishName,
                longitude: instant.term.longitude, utc: ISOStamp.utcStamp(instant.instant),
                local: ISOStamp.localStamp(instant.instant, in: zone))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(entries), as: UTF8.self)
    }

    static func table(_ instants: [SolarTermInstant], _ request: AlmanacRequest) -> String {
        var lines = ["二十四節氣 \(request.year), \(request.zone.name)"]
        for instant in instants {
            let term = instant.term
            let stamp = ISOStamp.localStamp(instant.instant, in: request.zone)
            let when = stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(8) + " " + stamp.dropFirst(19)
            let longitude = String(repeating: " ", count: 3 - String(term.longitude).count) + "\(term.longitude)°"
            lines.append(
                "  \(term.name)  \(term.pinyin.padding(to: 13))\(term.englishName.padding(to: 21))\(longitude)  \(when)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
