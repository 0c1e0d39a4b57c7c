import Almanac
import Escaping
import FoundationEssentials
import Platform

/// A validated `wallgen sky` request.
public struct SkyRequest: Equatable, Sendable {
    var place: Place
    /// Said on standard error when the place was not given: where it came from.
    var placeNote: String?
    var instant: Date
    /// The zone times are shown in, and whose day the events are of.
    var zone: Zone
    var json: Bool
}

/// `wallgen sky`: the Sun and the Moon for a place and instant, and the day's sunrise,
/// sunset and twilights.
enum SkyCommand: WallgenCommand {
    static let place = SkyOptions.place
    static let at = SkyOptions.at
    static let zone = Option(
        "tz", .zone,
        help:
            "The zone times are shown in, and whose day the events are of; an --at without an offset is read in it too.",
        defaultText: "the place's zone, or this machine's for coordinates")
    static let json = Flag("json", help: "One JSON object instead of the text.")

    static let commandName: String? = "sky"
    static let declaration = CommandDeclaration(
        name: commandName, summary: "Where the Sun and the Moon are for a place, and the day's light.",
        overview:
            "The Sun's and the Moon's altitude and azimuth for a place and instant, the Moon's lit fraction, and that day's sunrise, sunset and civil, nautical and astronomical dawn and dusk in the place's zone. Degrees; azimuth from north through east; altitudes as seen (standard refraction, 1010 hPa and 10 °C), from sea level; sunrise and sunset when the Sun's centre is 0.833° below the horizon, the twilights at 6°, 12° and 18°. The Sun comes from the VSOP87 theory and the Moon from Meeus's abridged ELP-2000/82, both checked against PyEphem (docs/SKY.md). With --json the keys are sun.altitude, sun.azimuth, moon.altitude, moon.azimuth, moon.illumination (0 to 1), and events with sunrise, sunset, civil_dawn, civil_dusk, nautical_dawn, nautical_dusk, astronomical_dawn and astronomical_dusk (ISO 8601 with the offset, null when the Sun does not cross that altitude that day).",
        usage: ["[--place <place>] [--at <time>] [--tz <zone>] [--json]"],
        options: [place, at, zone, json] + CommonOptions.everywhere)

    static func validate(_ parsed: ParsedArguments, _ context: CommandContext) throws(CommandFailure) -> SkyRequest {
        try CommonOptions.rejectExtra(parsed.positionals)
        // Times are shown in --tz, else the place's zone (this machine's for coordinates);
        // an --at without an offset is read in the same zone.
        let given = parsed[zone]
        let reading = try SkyOptions.read(
            parsed, fallbackZone: given ?? ZoneDatabase.system().localZone(), required: true)!
        let shown = given ?? reading.zone
        let instant = given.map { (parsed[at] ?? .instant(reading.instant)).instant(localZone: $0) } ?? reading.instant
        return SkyRequest(
            place: reading.place, placeNote: reading.placeNote, instant: instant, zone: shown, json: parsed.has(json))
    }

    static func run(_ request: SkyRequest, _ output: StatusOutput) {
        if let note = request.placeNote { output.status(note) }
        let view = Sky.view(at: request.instant, from: request.place)
        let events = SunEvents.on(CivilDate.on(request.instant, in: request.zone), in: request.zone, at: request.place)
        Console.print(request.json ? json(view, events) : text(view, events, zone: request.zone))
    }

    /// Degrees to two decimals, as the sky's figures are given.
    static func degrees(_ value: Double) -> String { PrintfNumber.format("%.2f", value) }

    static func text(_ view: SkyView, _ events: SunEvents, zone: Zone) -> String {
        let when = ISOStamp.localStamp(view.instant, in: zone)
        let lit = PrintfNumber.format("%.0f", view.moonIllumination * 100)
        var lines = [
            "\(view.place), \(when.prefix(10)) \(when.dropFirst(11).prefix(8)) \(when.dropFirst(19)) (\(zone.name))",
            "  Sun   altitude \(degrees(view.sun.altitude).leftPadded(to: 7))°  azimuth \(degrees(view.sun.azimuth).leftPadded(to: 6))° \(compassPoint(view.sun.azimuth))",
            "  Moon  altitude \(degrees(view.moon.altitude).leftPadded(to: 7))°  azimuth \(degrees(view.moon.azimuth).leftPadded(to: 6))° \(compassPoint(view.moon.azimuth)), \(lit)% lit, \(view.moonWaxing ? "waxing" : "waning")",
            "  \(events.day) in \(zone.name):",
        ]
        for kind in SunEvents.Kind.allCases {
            let time = events[kind].map { String(ISOStamp.localStamp($0, in: zone).dropFirst(11).prefix(8)) }
            lines.append("    \(kind.words.padding(to: 19))\(time ?? events.absence(of: kind) ?? "none that day")")
        }
        return lines.joined(separator: "\n")
    }

    /// The 16 points of the compass, for people: 331° is NNW.
    static func compassPoint(_ azimuth: Double) -> String {
        let points = [
            "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
        ]
        return points[Int((azimuth / 22.5).rounded()) % 16]
    }

    static func json(_ view: SkyView, _ events: SunEvents) -> String {
        func number(_ value: Double, _ decimals: Int = 4) -> String {
            PrintfNumber.format("%.\(decimals)f", value)
        }
        let eventMembers = SunEvents.Kind.allCases.map { kind in
            let value = events[kind].map { "\"\(ISOStamp.localStamp($0, in: events.zone))\"" } ?? "null"
            return "    \"\(kind.rawValue)\": \(value)"
        }
        return """
            {
              "place": {"latitude": \(number(view.place.latitude)), "longitude": \(number(view.place.longitude)), "zone": \(JSONText.quoted(events.zone.name))},
              "at": "\(ISOStamp.localStamp(view.instant, in: events.zone))",
              "sun": {"altitude": \(number(view.sun.altitude)), "azimuth": \(number(view.sun.azimuth))},
              "moon": {"altitude": \(number(view.moon.altitude)), "azimuth": \(number(view.moon.azimuth)), "illumination": \(number(view.moonIllumination)), "waxing": \(view.moonWaxing), "bright_limb_from_zenith": \(number(view.moonBrightLimbFromZenith, 2))},
              "events": {
            \(eventMembers.joined(separator: ",\n"))
              }
            }
            """
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
