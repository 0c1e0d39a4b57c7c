import Almanac
import Desktop
import Foundation
import Testing

/// libfaketime from Debian's faketime package: preloaded, it makes a process read its
/// clock from a file, re-read on every call, so one Python process can visit many instants.
private let libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"

/// Loads a slideshow with GNOME's own code and, for each `epoch expected-before expected-after`
/// line on stdin, sets the clock 2 s before and 2 s after and prints the current slide's file.
private let slideshowProbe = """
    import sys, time
    import gi
    gi.require_version('GnomeDesktop', '3.0')
    from gi.repository import GnomeDesktop
    xml, clock = sys.argv[1], sys.argv[2]
    show = GnomeDesktop.BGSlideShow.new(xml)
    show.load()
    def at(t):
        with open(clock, 'w') as f:
            f.write(time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(t)))
        return show.get_current_slide(1920, 1080)[3]
    for line in sys.stdin:
        t = int(line)
        print(at(t - 2), at(t + 2))
    """

@Suite struct GnomeTimedBackgroundTests {
    private let folder = PictureFolder(folder: "/pictures", sizes: ["1920x1080", "1080x2340", "3840x2160"])

    @Test func piecesShrinkSixteenfoldToAMinute() {
        #expect(GnomeTimedBackground.pieces(of: 1_296_000) == [1_016_384, 262_144, 16_384, 1_024, 64])
        #expect(GnomeTimedBackground.pieces(of: 64) == [64])
        #expect(GnomeTimedBackground.pieces(of: 65) == [1, 64])
        #expect(GnomeTimedBackground.pieces(of: 1_100) == [12, 1_024, 64])
    }

    @Test func startTimeIsLocalWallClockAndSizesAreListed() throws {
        let start = Date(timeIntervalSince1970: 1_782_900_000)  // 2026-07-01 10:00:00 UTC, 12:00 in Berlin
        let slides = [
            Slide(start: start, subject: .season(.summer), pictures: ["1920x1080": "/a&b.png", "800x600": "/s.png"]),
            Slide(start: start.addingTimeInterval(100), subject: .season(.autumn), pictures: ["1920x1080": "/c.png"]),
        ]
        let schedule = try Schedule(slides: slides, end: start.addingTimeInterval(200))
        let xml = try GnomeTimedBackground.xml(schedule, zone: ZoneDatabase.system().zone(named: "Europe/Berlin"))
        #expect(xml.contains("<year>2026</year>\n    <month>7</month>\n    <day>1</day>\n    <hour>12</hour>"))
        #expect(
            xml.contains(
                """
                  <static>
                    <duration>36</duration>
                    <file>
                      <size width="1920" height="1080">/a&amp;b.png</size>
                      <size width="800" height="600">/s.png</size>
                    </file>
                  </static>
                """))
        #expect(xml.contains("<static>\n    <duration>64</duration>\n    <file>/c.png</file>\n  </static>"))
        #expect(xml.components(separatedBy: "<static>").count - 1 == 4)
    }

    @Test func refusesASizeThatIsNotWidthByHeight() throws {
        let slide = Slide(start: Date(), subject: .season(.summer), pictures: ["big": "/a.png", "1x1": "/b.png"])
        let schedule = try Schedule(slides: [slide], end: Date().addingTimeInterval(10))
        #expect(throws: DesktopError.invalidSizeKey("big")) {
            try GnomeTimedBackground.xml(schedule, zone: .utc)
        }
    }

    /// Every switch of two years, in a zone with summer time, through libgnome-desktop.
    @Test(
        .enabled(if: gnomeDesktopAvailable(), "libgnome-desktop's introspection data or python3-gi is missing"),
        .enabled(if: FileManager.default.fileExists(atPath: libfaketime), "faketime is not installed"),
        arguments: ["Europe/Berlin", "Asia/Taipei", "America/Santiago"])
    func gnomeShowsEachPictureFromItsSecond(zoneName: String) throws {
        let zone = try ZoneDatabase.system().zone(named: zoneName)
        let schedule = try Schedule.solarTerms(from: 2026, years: 2, pictures: folder.pictures)
        let temporary = try TemporaryFolder()
        defer { temporary.remove() }
        let xmlPath = try temporary.write("terms.xml", GnomeTimedBackground.xml(schedule, zone: zone))
        let clock = try temporary.write("clock", "2026-01-01 00:00:00")

        let instants = try SolarTermCalendar.instants(inYear: 2026) + SolarTermCalendar.instants(inYear: 2027)
        let input = instants.map { "\(Int($0.instant.timeIntervalSince1970.rounded()))\n" }.joined()
        var environment = ProcessInfo.processInfo.environment
        environment["TZ"] = zoneName
        environment["LD_PRELOAD"] = libfaketime
        environment["FAKETIME_TIMESTAMP_FILE"] = clock
        environment["FAKETIME_NO_CACHE"] = "1"
        let run = try runTool(
            systemPython, ["-c", slideshowProbe, xmlPath, clock], input: input, environment: environment)
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(lines.count == instants.count)
        var previous = "/pictures/22-dongzhi-1920x1080.png"
        for (instant, line) in zip(instants, lines) {
            let expected = "/pictures/\(instant.term.fileStem)-1920x1080.png"
            #expect(line == "\(previous) \(expected)", "\(instant.term.name) \(instant.instant)")
            previous = expected
        }
    }

    /// gnome-shell's polling, simulated on the durations the XML lists: from any phase, the
    /// first look at or after a switch comes within 2 s of it.
    @Test func theShellsNextLookLandsWithinTwoSeconds() throws {
        let schedule = try Schedule.solarTerms(from: 2026, years: 1, pictures: folder.pictures)
        let xml = try GnomeTimedBackground.xml(schedule, zone: SolarTermCalendar.calendarZone)
        // An independent reading of the XML: the durations in order, and which start a new picture.
        var durations: [Double] = []
        var files: [String] = []
        for block in xml.components(separatedBy: "<static>").dropFirst() {
            let duration = block.components(separatedBy: "<duration>")[1].components(separatedBy: "</duration>")[0]
            durations.append(try #require(Double(duration)))
            files.append(block.components(separatedBy: "<file>")[1].components(separatedBy: "</file>")[0])
        }
        var starts: [Double] = [0]
        for duration in durations { starts.append(starts.last! + duration) }
        let switches = (1..<files.count).filter { files[$0] != files[$0 - 1] }.map { starts[$0] }
        #expect(switches.count == 24)
        #expect(
            switches.map { $0 + schedule.slides[0].start.timeIntervalSince1970 }
                == schedule.switches.map(\.timeIntervalSince1970))
        for switchTime in switches {
            // Start looking at several phases within the day before the switch.
            for phase in stride(from: 0.0, to: 86_400, by: 977) {
                var t = switchTime - 86_400 + phase
                while t < switchTime {
                    let index = starts.lastIndex { $0 <= t }!
                    t += max(1, durations[index] / 64)
                }
                #expect(t - switchTime <= 2, "late by \(t - switchTime) s")
            }
        }
    }
}

@Suite struct GnomeBackgroundPropertiesTests {
    @Test func entryNamesTheSlideshowForBothStyles() {
        let xml = GnomeBackgroundProperties.xml(name: "Solar terms & seasons", filename: "/x/terms.xml")
        #expect(xml.contains("<name>Solar terms &amp; seasons</name>"))
        #expect(xml.contains("<filename>/x/terms.xml</filename>\n    <filename-dark>/x/terms.xml</filename-dark>"))
        #expect(xml.contains("<options>zoom</options>"))
    }
}
