import Foundation
import TestSupport
import Testing

@Suite struct AlmanacCommandTests {
    @Test func jsonHasExactlyTheDocumentedKeys() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["almanac", "--year", "2021", "--json"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput)) as? [[String: Any]])
        #expect(entries.count == 24)
        for entry in entries {
            #expect(Set(entry.keys) == ["number", "index", "name", "pinyin", "english", "longitude", "utc", "local"])
        }
        // number is the app's (立春 1 ... 大寒 24, as `term N` takes it); index the order in time.
        #expect(entries.map { $0["index"] as? Int } == Array(1...24))
        #expect(entries.first?["number"] as? Int == 23 && entries[2]["number"] as? Int == 1)
        #expect(entries.last?["number"] as? Int == 22)
        #expect(entries.first?["name"] as? String == "小寒" && entries.last?["name"] as? String == "冬至")
        let solstice = entries.last!
        #expect(solstice["longitude"] as? Int == 270 && solstice["english"] as? String == "Winter Solstice")
        // 23:59 on December 21 in Taipei: the day hangs on the seconds.
        let local = try #require(solstice["local"] as? String)
        #expect(local.hasPrefix("2021-12-21T23:59:") && local.hasSuffix("+08:00"), "\(local)")
        let utc = try #require(solstice["utc"] as? String)
        #expect(utc.hasPrefix("2021-12-21T15:59:") && utc.hasSuffix("Z"), "\(utc)")
    }

    @Test func tableListsTheYearInTheZone() throws {
        let result = try withTemporaryFolder { try launch(["almanac", "-y", "2026", "--tz", "Europe/Paris"], in: $0) }
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 25 && lines[0].contains("2026") && lines[0].contains("Europe/Paris"))
        #expect(lines[1].contains("小寒") && lines[1].contains("Minor Cold") && lines[1].contains("+01:00"))
        #expect(lines.contains { $0.contains("夏至") && $0.contains("+02:00") }, "summer time in Paris")
    }

    /// `--tz utc` works as `UTC` does and titles the table UTC (Foundation says GMT);
    /// fixed offsets are read in both spellings.
    @Test(arguments: [("utc", "UTC", "+00:00"), ("+08:00", "UTC+08:00", "+08:00"), ("UTC-5", "UTC-05:00", "-05:00")])
    func zonesAsPeopleTypeThem(zone: String, title: String, offset: String) throws {
        let result = try withTemporaryFolder { try launch(["almanac", "-y", "2026", "--tz", zone], in: $0) }
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.first == "二十四節氣 2026, \(title)")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(offset) })
    }

    @Test func badYearsAndZonesAreRefused() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let early = try launch(["almanac", "--year", "1899"], in: folder)
        #expect(early.status == 64 && early.standardError.contains("outside the supported years 1900-2100"))
        let zone = try launch(["almanac", "--tz", "Mars/Olympus"], in: folder)
        #expect(zone.status == 64 && zone.standardError.contains("--tz must be an IANA time zone"))
        let word = try launch(["almanac", "--year", "soon"], in: folder)
        #expect(word.status == 64 && word.standardError.contains("--year must be a year"))
    }

    /// The card of the term in effect on a day, with that term's exact date.
    @Test func termInEffectOnADate() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["term", "--date", "2026-11-29", "--size", "117x253"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(filesIn(folder) == ["20-xiaoxue.png"])
        let both = try launch(["term", "冬至", "--date", "2026-11-29"], in: folder)
        #expect(both.status == 64 && both.standardError.contains("not both"))
        let outside = try launch(["term", "--date", "2101-01-01"], in: folder)
        #expect(outside.status == 64 && outside.standardError.contains("outside the supported years"))
    }
}
