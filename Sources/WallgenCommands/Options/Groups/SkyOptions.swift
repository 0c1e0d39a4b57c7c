import Almanac
import FoundationEssentials
import Scenery

/// The real sky a picture is painted under, `--at` and `--place`, read into the place, the
/// instant and the light of the Sun and the Moon there: shared by `wallgen sky` and the
/// picture commands.
struct SkyOptions: OptionGroup {
    static let place = Option(
        "place", .place,
        help:
            "Where: LAT,LON in decimal degrees (north and east positive: 25.03,121.56), a time zone (Asia/Taipei) or its city (Taipei, New York), located by the tz database's own tables.",
        defaultText: "this machine's zone's place"
    ).inStudio(.sky)
    static let at = Option(
        "at", .placedInstant,
        help:
            "When: now, or a date and time (2026-12-21T18:00:00+11:00); without an offset it is read in the place's zone.",
        defaultText: "now"
    ).inStudio(.sky, id: "hour")

    var name: String { "sky" }
    var declarations: [any OptionDeclaration] { [Self.at, Self.place] }

    /// A place and instant, resolved.
    struct Reading: Sendable, Equatable {
        var place: Place
        var instant: Date
        /// The zone the place keeps, else the one given as a fallback.
        var zone: Zone
        /// Said when the place was not given: where it came from.
        var placeNote: String? = nil

        /// The Sun and the Moon there and then, as a scene is lit by them.
        var light: SceneLight {
            let view = Sky.view(at: instant, from: place)
            return SceneLight(
                sunAltitude: view.sun.altitude, sunAzimuth: view.sun.azimuth, moonAltitude: view.moon.altitude,
                moonAzimuth: view.moon.azimuth, moonIllumination: view.moonIllumination,
                moonBrightLimbFromZenith: view.moonBrightLimbFromZenith)
        }
    }

    /// The place (given, or this machine's zone's) and the instant (given, or now); nil
    /// when neither option is given and `required` is false. `fallbackZone` reads `--at`
    /// for a place that keeps no zone (coordinates). A command that declares `--place`
    /// alone (`dynamic`, whose instants are the Sun's) says `withInstant: false`.
    static func read(
        _ parsed: ParsedArguments, fallbackZone: Zone, required: Bool = false, withInstant: Bool = true
    ) throws(CommandFailure) -> Reading? {
        guard required || parsed.isGiven(place) || (withInstant && parsed.isGiven(at)) else { return nil }
        let database = ZoneDatabase.system()
        var placeNote: String?
        let chosen: Place
        if let given = parsed[place] {
            chosen = given
        } else {
            let machineZone = database.localZone()
            guard let found = PlaceFinder(database: database).place(ofZone: machineZone.name) else {
                throw CommandFailure(
                    "--place is needed: this machine's zone, \(machineZone.name), has no place in the tz database's tables; give \(PlaceError.forms)",
                    option: "place")
            }
            chosen = found
            placeNote = "Place: \(found), this machine's zone \(machineZone.name); give --place for another."
        }
        let zone = chosen.zoneName.flatMap { try? database.zone(named: $0) } ?? fallbackZone
        let given = withInstant ? parsed[at] : nil
        let instant = (given ?? .instant(Date())).instant(localZone: zone)
        let year = CivilDate.on(instant, in: zone).year
        guard Sky.supportedYears.contains(year) else {
            throw CommandFailure(
                "--at falls in \(year); the sky is computed for \(Sky.supportedYears.lowerBound) to \(Sky.supportedYears.upperBound)",
                option: "at")
        }
        return Reading(place: chosen, instant: instant, zone: zone, placeNote: placeNote)
    }

    /// What a picture's note records of a sky, so that it paints the same picture again
    /// later: the instant as it was (never `now`) and the place as coordinates when it was
    /// this machine's.
    static func recordedValues(_ reading: Reading, _ parsed: ParsedArguments) -> [(any OptionDeclaration, String)] {
        var values: [(any OptionDeclaration, String)] = [(at, ISOStamp.utcStamp(reading.instant))]
        if !parsed.isGiven(place) { values.append((place, "\(reading.place.latitude),\(reading.place.longitude)")) }
        return values
    }
}
