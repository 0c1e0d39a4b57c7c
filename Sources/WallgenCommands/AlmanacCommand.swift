import Almanac
import Foundation

/// A validated `wallgen almanac` request.
public struct AlmanacRequest: Equatable {
    var year: Int
    var zone: NamedZone
    var json: Bool
}

/// `wallgen almanac`: the 24 terms of a year, to the second, in a time zone.
enum AlmanacCommand {
    static let year = Option("year", short: "y", .year, help: "The year, 1900 to 2100.", defaultText: "this year")
    static let json = Flag("json", help: "A JSON array instead of a table.")

    static let options: [any OptionDeclaration] = [year, TermOptions.zone, json] + CommonOptions.everywhere

    static func validate(_ parsed: ParsedArguments, today: CivilDate) throws(UsageError) -> AlmanacRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        return AlmanacRequest(
            year: parsed[year] ?? today.year, zone: parsed[required: TermOptions.zone], json: parsed.has(json))
    }

    static func run(_ request: AlmanacRequest) -> ExitCode {
        let instants: [SolarTermInstant]
        do {
            instants = try SolarTermCalendar.instants(inYear: request.year, zone: request.zone.zone)
        } catch {
            Console.report("Error: \(error)")
            return .usage
        }
        Console.print(request.json ? json(instants, request.zone.zone) : table(instants, request))
        return .success
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

    static func json(_ instants: [SolarTermInstant], _ zone: TimeZone) -> String {
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
            let stamp = ISOStamp.localStamp(instant.instant, in: request.zone.zone)
            let when = stamp.prefix(10) + " " + stamp.dropFirst(11).prefix(8) + " " + stamp.dropFirst(19)
            let longitude = String(repeating: " ", count: 3 - String(term.longitude).count) + "\(term.longitude)°"
            lines.append(
                "  \(term.name)  \(term.pinyin.padding(to: 13))\(term.englishName.padding(to: 21))\(longitude)  \(when)"
            )
        }
        return lines.joined(separator: "\n")
    }
}
