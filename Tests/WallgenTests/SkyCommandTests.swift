import Compositor
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

/// The picture commands under the real sky: `--at` and `--place` light the scene, the
/// note records the instant and the place, and the same note makes the same picture.
@Suite struct PaintedSkyCommandTests {
    static func meanLuminance(_ path: String) throws -> Double {
        let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var total = 0.0
        for index in 0..<(image.width * image.height) {
            let p = index * 4
            total +=
                0.2126 * Double(image.pixels[p]) + 0.7152 * Double(image.pixels[p + 1])
                + 0.0722 * Double(image.pixels[p + 2])
        }
        return total / Double(image.width * image.height)
    }

    @Test func nightIsDarkerThanNoonAndTheNoteMakesItAgain() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            environment["TZ"] = "UTC"
            func make(_ at: String, _ name: String) throws -> RunResult {
                try launch(
                    ["--season", "winter", "--place", "Taipei", "--at", at, "--size", "160x90", "-o", name],
                    in: folder, environment: environment)
            }
            let noon = try make("2026-12-21T12:00", "noon.png")
            let night = try make("2026-12-21T23:30", "night.png")
            #expect(noon.status == 0 && night.status == 0, "\(noon.standardError)\(night.standardError)")
            #expect(noon.standardError.contains("Painting winter for 160x90, under the sky asked for"))
            let (bright, dark) = (
                try Self.meanLuminance(folder + "/noon.png"), try Self.meanLuminance(folder + "/night.png")
            )
            #expect(dark < bright * 0.5, "noon \(bright), night \(dark)")
            // 23:30 in Taipei (its zone, not this machine's UTC) is 15:30 UTC.
            let inspected = try launch(["inspect", "night.png"], in: folder, environment: environment)
            #expect(inspected.output.contains("--at 2026-12-21T15:30:00Z --place Taipei"), "\(inspected.output)")
            // And the sky it was painted under, in the place's own time: the Sun far down.
            #expect(
                inspected.output.contains("sky: Taipei (25.05° N, 121.50° E) at 2026-12-21T23:30:00+08:00: the Sun -"),
                "\(inspected.output)")
            let again = try launch(
                [
                    "--season", "winter", "--size", "160x90", "--at", "2026-12-21T15:30:00Z", "--place", "Taipei", "-o",
                    "again.png",
                ],
                in: folder, environment: environment)
            #expect(again.status == 0)
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/again.png"))
                    == Data(contentsOf: URL(fileURLWithPath: folder + "/night.png")))
        }
    }

    @Test func aSkyWithoutAPlaceHereIsRefused() throws {
        let result = try SkyCommandTests.sky([])  // the sky command: --place is needed under UTC
        #expect(result.status == 64)
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["TZ"] = "UTC"
            let card = try launch(
                ["term", "冬至", "--at", "2026-12-21T23:00", "-o", "c.png"], in: folder, environment: environment)
            #expect(card.status == 64)
            #expect(card.standardError.contains("--place is needed: this machine's zone, UTC, has no place"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/c.png"))
        }
    }
}
