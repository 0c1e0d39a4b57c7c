import Foundation
import TestSupport
import Testing

/// `wallgen sky` as a person runs it: the documented JSON, the place it finds, the
/// zone its times are in, and its refusals.
@Suite struct SkyCommandTests {
    static func sky(_ arguments: [String], zone: String = "UTC") throws -> RunResult {
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zone
        return try withTemporaryFolder { try launch(["sky"] + arguments, in: $0, environment: environment) }
    }

    static func object(_ result: RunResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [String: Any])
    }

    @Test func jsonHasTheDocumentedKeysAndPolarDayHasNoEvents() throws {
        let result = try Self.sky([
            "--place", "69.65,18.96", "--tz", "Europe/Oslo", "--at", "2026-06-21T00:30", "--json",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        let json = try Self.object(result)
        let sun = try #require(json["sun"] as? [String: Double])
        let moon = try #require(json["moon"] as? [String: Any])
        let events = try #require(json["events"] as? [String: Any])
        #expect(Set(sun.keys) == ["altitude", "azimuth"])
        #expect(Set(["altitude", "azimuth", "illumination"]).isSubset(of: moon.keys))
        #expect(
            Set(events.keys) == [
                "sunrise", "sunset", "civil_dawn", "civil_dusk", "nautical_dawn", "nautical_dusk",
                "astronomical_dawn", "astronomical_dusk",
            ])
        // Tromsø's midnight sun: up at half past midnight, in the north, and no event that day.
        #expect(sun["altitude"]! > 0 && (sun["azimuth"]! < 30 || sun["azimuth"]! > 330))
        #expect(events.values.allSatisfy { $0 is NSNull })
        // Read in the place's zone, and said with its offset.
        #expect(json["at"] as? String == "2026-06-21T00:30:00+02:00")
    }

    @Test func theTextSaysWhyAnEventIsMissing() throws {
        let result = try Self.sky(["--place", "McMurdo", "--at", "2026-06-21T12:00"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.output.contains("McMurdo (77.83° S, 166.60° E)"))
        #expect(result.output.contains("sunrise            the Sun stays below -0.833° all day"), "\(result.output)")
    }

    /// Before standard time Ushuaia kept its local mean time, 4 h 16 min 48 s behind
    /// Greenwich: the stamps carry the seconds, so each still names its instant.
    /// PyEphem's sunrise that day: -1725278870.8 s (Tests/AlmanacTests/SkyReference.swift).
    @Test func offsetsWithSecondsKeepTheirSeconds() throws {
        let result = try Self.sky([
            "--place", "-54.8019,-68.303", "--tz", "America/Argentina/Ushuaia", "--at", "1915-05-01T21:33:22Z",
            "--json",
        ])
        let events = try #require(try Self.object(result)["events"] as? [String: String])
        let sunrise = try #require(events["sunrise"])
        #expect(sunrise.hasSuffix("-04:16:48"), "\(sunrise)")
        let parser = ISO8601DateFormatter()
        parser.formatOptions = [.withInternetDateTime]
        // Foundation's parser takes offsets of whole minutes; the seconds are added back.
        let minutes = try #require(parser.date(from: String(sunrise.dropLast(3))))
        let instant = minutes.timeIntervalSince1970 + 48
        #expect(abs(instant - -1_725_278_870.8) <= 30)
    }

    @Test func withoutAPlaceTheMachinesZoneSaysWhereItIs() throws {
        let found = try Self.sky(["--at", "2026-12-21T12:00"], zone: "Asia/Taipei")
        #expect(found.status == 0)
        #expect(
            found.standardError.contains(
                "Place: Taipei (25.05° N, 121.50° E), this machine's zone Asia/Taipei; give --place for another."))
        let none = try Self.sky([], zone: "UTC")
        #expect(none.status == 64)
        #expect(none.standardError.contains("--place is needed: this machine's zone, UTC, has no place"))
        #expect(none.standardOutput.isEmpty)
    }

    @Test(arguments: [
        (["--place", "Atlantis"], "--place: 'Atlantis' is not a place wallgen knows; give LAT,LON in decimal degrees"),
        (["--place", "95,10"], "--place: '95,10' is not on the Earth"),
        (["--place", "Taipei", "--at", "soon"], "--at must be now, or a date and time"),
        (
            ["--place", "Taipei", "--at", "2101-06-01T00:00Z"],
            "--at falls in 2101; the sky is computed for 1900 to 2100"
        ),
    ])
    func badInputIsRefusedNamingTheFlag(arguments: [String], message: String) throws {
        let result = try Self.sky(arguments)
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(result.standardOutput.isEmpty)
    }
}
