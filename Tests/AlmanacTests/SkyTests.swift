import Almanac
import FoundationEssentials
import Glibc
import Testing

/// One place and instant as PyEphem sees it (`Scripts/reference-sky` made the values in
/// SkyReference.swift; its header says how wallgen's definitions were put to PyEphem).
struct SkyReference: Sendable {
    let place: String
    let latitude: Double
    let longitude: Double
    let zone: String
    let instant: Double
    let sunAltitude: Double
    let sunAzimuth: Double
    let moonAltitude: Double
    let moonAzimuth: Double
    let moonIllumination: Double
    let moonWaxing: Bool
    let events: [SunEvents.Kind: Double?]
    /// Events whose altitude the Sun only just reaches or leaves that day, where a
    /// hundredth of a degree moves the crossing by minutes: not compared.
    let grazing: [SunEvents.Kind]

    var location: Place { Place(latitude: latitude, longitude: longitude, name: place, zoneName: zone) }
    var date: Date { Date(timeIntervalSince1970: instant) }
}

/// The angle between two directions given as altitude and azimuth, in degrees: an
/// azimuth's error counts for less the higher the body stands.
func separation(_ altitude1: Double, _ azimuth1: Double, _ altitude2: Double, _ azimuth2: Double) -> Double {
    let (h1, h2) = (altitude1 * .pi / 180, altitude2 * .pi / 180)
    let dA = (azimuth2 - azimuth1) * .pi / 180
    let cosine = sin(h1) * sin(h2) + cos(h1) * cos(h2) * cos(dA)
    return acos(min(1, max(-1, cosine))) * 180 / .pi
}

@Suite struct SkyTests {
    /// The bounds the sky is held to against PyEphem, over 1900 to 2100 and ten places
    /// from Longyearbyen to McMurdo.
    static let sunBound = 0.01
    static let moonBound = 0.3
    static let illuminationBound = 0.005
    static let eventBoundSeconds = 30.0

    @Test func theReferenceCoversTheCenturiesAndThePoles() {
        let years = SkyReference.all.map { CivilDate.on($0.date, in: .utc).year }
        #expect(years.min()! < 1910 && years.max()! > 2090)
        #expect(SkyReference.all.contains { $0.latitude > 78 } && SkyReference.all.contains { $0.latitude < -77 })
        // Polar day and polar night are among the cases: days without a sunrise.
        #expect(SkyReference.all.contains { $0.events[.sunrise]! == nil })
    }

    @Test(arguments: SkyReference.all) func theSunStandsWherePyEphemPutsIt(_ reference: SkyReference) {
        let view = Sky.view(at: reference.date, from: reference.location)
        let apart = separation(view.sun.altitude, view.sun.azimuth, reference.sunAltitude, reference.sunAzimuth)
        #expect(
            apart <= Self.sunBound,
            "\(reference.place) \(reference.date): sun at \(view.sun.altitude), \(view.sun.azimuth); PyEphem \(reference.sunAltitude), \(reference.sunAzimuth)"
        )
        #expect(abs(view.sun.altitude - reference.sunAltitude) <= Self.sunBound)
    }

    @Test(arguments: SkyReference.all) func theMoonStandsWherePyEphemPutsItLitAsItIs(_ reference: SkyReference) {
        let view = Sky.view(at: reference.date, from: reference.location)
        let apart = separation(view.moon.altitude, view.moon.azimuth, reference.moonAltitude, reference.moonAzimuth)
        #expect(
            apart <= Self.moonBound,
            "\(reference.place) \(reference.date): moon at \(view.moon.altitude), \(view.moon.azimuth); PyEphem \(reference.moonAltitude), \(reference.moonAzimuth)"
        )
        #expect(abs(view.moonIllumination - reference.moonIllumination) <= Self.illuminationBound)
        #expect(view.moonWaxing == reference.moonWaxing || abs(view.moonIllumination - 1) < 0.001)
    }

    @Test(arguments: SkyReference.all) func theDaysLightBeginsAndEndsWhenPyEphemSays(_ reference: SkyReference) throws {
        let zone = try ZoneDatabase.system().zone(named: reference.zone)
        let day = CivilDate.on(reference.date, in: zone)
        let events = SunEvents.on(day, in: zone, at: reference.location)
        for kind in SunEvents.Kind.allCases where !reference.grazing.contains(kind) {
            let expected = reference.events[kind]!
            let found = events[kind]?.timeIntervalSince1970
            switch (expected, found) {
            case (nil, nil): continue
            case (let expected?, let found?):
                #expect(
                    abs(found - expected) <= Self.eventBoundSeconds,
                    "\(reference.place) \(day) \(kind.words): \(found - expected) s from PyEphem's")
            default:
                let ours = found.map { "\($0)" } ?? "none"
                let theirs = expected.map { "\($0)" } ?? "none"
                Issue.record("\(reference.place) \(day) \(kind.words): wallgen \(ours), PyEphem \(theirs)")
            }
        }
    }

    /// The lit limb faces the Sun: its angle from the zenith at the Moon is the bearing of
    /// the Sun from the Moon in the place's sky (positions from PyEphem), turned the way
    /// position angles count (toward the east, which is left for a person facing the Moon,
    /// where azimuth grows to the right).
    @Test func theMoonsLitSideFacesTheSun() {
        var checked = 0
        for reference in SkyReference.all where reference.moonAltitude > 5 {
            let view = Sky.view(at: reference.date, from: reference.location)
            let elongation = separation(
                reference.moonAltitude, reference.moonAzimuth, reference.sunAltitude, reference.sunAzimuth)
            guard (20...160).contains(elongation) else { continue }
            let (h1, h2) = (reference.moonAltitude * .pi / 180, reference.sunAltitude * .pi / 180)
            let dA = (reference.sunAzimuth - reference.moonAzimuth) * .pi / 180
            let bearing = atan2(sin(dA) * cos(h2), cos(h1) * sin(h2) - sin(h1) * cos(h2) * cos(dA)) * 180 / .pi
            var difference = (view.moonBrightLimbFromZenith + bearing).truncatingRemainder(dividingBy: 360)
            if difference > 180 { difference -= 360 }
            if difference < -180 { difference += 360 }
            #expect(
                abs(difference) < 3,
                "\(reference.place) \(reference.date): lit limb at \(view.moonBrightLimbFromZenith)°, the Sun's bearing \(bearing)°"
            )
            checked += 1
        }
        #expect(checked > 20)
    }

    @Test func noonIsHigherThanMidnightAndTheSouthernSunCrossesTheNorth() throws {
        let taipei = Place(latitude: 25.05, longitude: 121.5)
        let sydney = Place(latitude: -33.87, longitude: 151.22)
        // 2026-12-21 at 00:00 UTC; the Sun's noon is near 04:00 UTC in Taipei, 02:00 in Sydney.
        let day = 1_797_811_200.0
        let taipeiNoon = Sky.sun(at: Date(timeIntervalSince1970: day + 4 * 3600), from: taipei)
        let taipeiMidnight = Sky.sun(at: Date(timeIntervalSince1970: day - 8 * 3600), from: taipei)
        #expect(taipeiNoon.altitude > 35 && taipeiMidnight.altitude < -60)
        #expect(abs(taipeiNoon.azimuth - 180) < 10)
        let sydneyNoon = Sky.sun(at: Date(timeIntervalSince1970: day + 2 * 3600), from: sydney)
        #expect(sydneyNoon.altitude > 75)
        // In June (2026-06-21 02:00 UTC) the Sun stands in Sydney's north at noon.
        let juneNoon = Sky.sun(at: Date(timeIntervalSince1970: 1_782_007_200), from: sydney)
        #expect(juneNoon.azimuth < 20 || juneNoon.azimuth > 340, "azimuth \(juneNoon.azimuth)")
    }

    @Test func refractionIsHalfADegreeAtTheHorizonAndNothingAtTheZenith() {
        #expect(abs(Refraction.degrees(atTrueAltitude: -0.5) * 60 - 34) < 5)
        #expect(abs(Refraction.degrees(atTrueAltitude: 90)) < 0.0001)
        #expect(Refraction.degrees(atTrueAltitude: -3) == 0)
        // It fades below the horizon without a step.
        let justAbove = Refraction.degrees(atTrueAltitude: -0.999_999)
        let justBelow = Refraction.degrees(atTrueAltitude: -1.000_001)
        #expect(abs(justAbove - justBelow) < 0.001)
    }
}

@Suite struct PlaceFinderTests {
    let finder = PlaceFinder()

    @Test func aCityOrItsZoneIsFoundWhereTheTzTablesPutIt() throws {
        let taipei = try finder.place("Taipei")
        #expect(taipei.latitude == 25 + 3 / 60.0 && taipei.longitude == 121 + 30 / 60.0)
        #expect(taipei.zoneName == "Asia/Taipei" && taipei.name == "Taipei")
        #expect(try finder.place("asia/taipei").latitude == taipei.latitude)
        #expect(try finder.place("  new york ").zoneName == "America/New_York")
        #expect(try finder.place("São Paulo").zoneName == "America/Sao_Paulo")
        // zone1970.tab merged McMurdo into Auckland; zone.tab still lists it.
        let mcMurdo = try finder.place("McMurdo")
        #expect(mcMurdo.zoneName == "Antarctica/McMurdo" && mcMurdo.latitude < -77)
        // Seconds of arc, as the tables write some coordinates (±DDMMSS±DDDMMSS).
        let entry = PlaceFinderTests.entries("XX\t+404251-0740023\tAmerica/New_York\n")
        #expect(abs(entry[0].latitude - (40 + 42 / 60.0 + 51 / 3600.0)) < 1e-9)
        #expect(abs(entry[0].longitude + (74 + 0 / 60.0 + 23 / 3600.0)) < 1e-9)
    }

    static func entries(_ table: String) -> [(latitude: Double, longitude: Double)] {
        let folder = FileManager.default.temporaryDirectory.path + "/wallgen-places-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/zone1970.tab", contents: Data(table.utf8))
        let place = try! PlaceFinder(database: ZoneDatabase(folder: folder)).place("new york")
        return [(place.latitude, place.longitude)]
    }

    @Test func coordinatesAreDecimalDegreesNorthAndEastPositive() throws {
        let place = try finder.place("-33.87, 151.21")
        #expect(place.latitude == -33.87 && place.longitude == 151.21 && place.zoneName == nil)
        #expect(place.coordinates == "33.87° S, 151.21° E")
    }

    @Test(arguments: [
        ("91,0", PlaceError.outOfRange("91,0")),
        ("0,181", PlaceError.outOfRange("0,181")),
        ("Atlantis", PlaceError.unknown("Atlantis")),
        ("1e3,5", PlaceError.unknown("1e3,5")),
        ("25.0;121.5", PlaceError.unknown("25.0;121.5")),
        ("", PlaceError.unknown("")),
    ])
    func anythingElseIsRefusedNamingTheForms(text: String, error: PlaceError) {
        #expect(throws: error) { try finder.place(text) }
        #expect(error.description.contains("decimal degrees") || error.description.contains("-90 to 90"))
    }
}
