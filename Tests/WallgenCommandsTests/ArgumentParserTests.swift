import Almanac
import Testing

@testable import WallgenCommands

/// The parser reads each option once, by its declaration, and checks its value there.
@Suite struct ArgumentParserTests {
    static let today = CivilDate(year: 2026, month: 11, day: 30)!

    func wallpaper(_ arguments: [String]) throws -> WallpaperRequest {
        let invocation = try Invocation.parse(arguments, today: Self.today)
        guard let request = invocation.request(of: WallpaperCommand.self) else {
            Issue.record("not a wallpaper")
            throw CommandFailure("not a wallpaper")
        }
        return request
    }

    @Test func defaultsComeFromTheDeclarations() throws {
        let request = try wallpaper([])
        #expect(request.spec.season == .autumn)
        #expect(request.spec.alpha == 0.5)
        #expect(request.spec.showsLabel)
        #expect(request.spec.width == 1170 && request.spec.height == 2532)
        #expect(request.output == .file("wallpaper-autumn.png"))
        #expect(request.settings.limits.maxPixels == 100_000_000)
    }

    @Test func everySpellingOfAValue() throws {
        #expect(try wallpaper(["--alpha=0.25"]).spec.alpha == 0.25)
        #expect(try wallpaper(["-a", "1"]).spec.alpha == 1)
        #expect(try wallpaper(["-a0"]).spec.alpha == 0)
        #expect(try wallpaper(["--size", "1920×1080"]).spec.width == 1920)
        #expect(try wallpaper(["--size", "640X480"]).spec.height == 480)
        #expect(try wallpaper(["--label", "OFF"]).spec.showsLabel == false)
        #expect(try wallpaper(["-o", "-"]).output == .standardOutput)
        #expect(throws: CommandFailure.self) { try Invocation.parse(["--", "x"], today: Self.today) }
    }

    @Test(arguments: [
        (["--alpha", "50"], "--alpha must be from 0 to 1, got 50 (did you mean --alpha 0.5?)"),
        (["--alpha", "50%"], "--alpha must be from 0 to 1, got 50% (did you mean --alpha 0.5?)"),
        (["--alpha", "7.5%"], "(did you mean --alpha 0.075?)"),
        (["--alpha", "200"], "--alpha must be from 0 to 1, got 200"),
        (["--sesaon", "winter"], "unknown option '--sesaon' (did you mean --season?)"),
        (
            ["--size", "200x200", "--max-pixels", "1000"],
            "the canvas 200x200 is 40000 pixels, above the limit of 1000 (--max-pixels raises it)"
        ),
    ])
    func refusedWithTheMessage(arguments: [String], message: String) {
        #expect {
            _ = try Invocation.parse(arguments, today: Self.today)
        } throws: { error in
            (error as? CommandFailure)?.message.contains(message) == true
        }
    }

    /// An error in one option's value, or in how the option was given, or a check across
    /// options, says which option it is in (the studio shows it beside that control); one
    /// in no option says none.
    @Test(arguments: [
        (["--alpha", "2"], "alpha"), (["-a", "x"], "alpha"), (["--base", "notacolour"], "base"),
        (["--season"], "season"), (["--season", "winter", "--season", "summer"], "season"),
        (["--label=on=off"], "label"), (["--no-metadata=yes"], "no-metadata"), (["term", "冬至", "--font", ""], "font"),
        (["--size", "200x200", "--max-pixels", "1000"], "size"),
        (["apply", "--now", "--at", "2026-12-21T08:00"], "now"),
        (["--text", "a text of thirty characters long", "--strict"], "text"),
        (["term", "冬至", "--date", "2026-12-21"], "date"),
        (["--sesaon", "winter"], nil), (["term"], nil),
    ])
    func anErrorInAnOptionNamesIt(arguments: [String], option: String?) {
        #expect {
            _ = try Invocation.parse(arguments, today: Self.today)
        } throws: { error in
            (error as? CommandFailure).map { $0.option == option } == true
        }
    }

    @Test func suggestionsOnlyWhenClose() {
        #expect(closest(to: "base", in: ["date", "tz"]) == nil)
        #expect(closest(to: "sesaon", in: ["season"]) == "season")
        #expect(closest(to: "o", in: ["tz", "year"]) == nil)
        #expect(editDistance("sesaon", "season") == 1)
        #expect(editDistance("kitten", "sitting") == 3)
    }

    @Test(arguments: [
        ("utc", 0, "UTC"), ("UTC", 0, "UTC"), ("+08:00", 28800, "UTC+08:00"), ("UTC+8", 28800, "UTC+08:00"),
        ("utc-05:30", -19800, "UTC-05:30"), ("asia/tokyo", 32400, "Asia/Tokyo"),
    ])
    func zones(text: String, offset: Int, name: String) throws {
        let zone = try ZoneNames.zone(named: text, flag: "--tz")
        #expect(zone.name == name)
        #expect(zone.offset(at: .init(timeIntervalSince1970: 1_780_000_000)).secondsEast == offset)
    }
}

/// A term year runs from 立春 to 大寒: its winter ends in the following January.
@Suite struct TermYearTests {
    @Test func winterOfATermYearEndsInTheNextJanuary() throws {
        let invocation = try Invocation.parse(
            ["terms", "--year", "2026", "--season", "winter"], today: ArgumentParserTests.today)
        guard let request = invocation.request(of: TermsCommand.self) else {
            Issue.record("not a batch")
            return
        }
        // Published dates (Taiwan's Central Weather Administration calendar for 2026-2027).
        #expect(
            request.specs.map { "\($0.term.name) \($0.dateText ?? "")" } == [
                "立冬 國曆2026年11月7日", "小雪 國曆2026年11月22日", "大雪 國曆2026年12月7日", "冬至 國曆2026年12月22日",
                "小寒 國曆2027年1月5日", "大寒 國曆2027年1月20日",
            ])
    }

    @Test func theLastTermYearStopsAtTheAlmanacsEnd() {
        #expect {
            _ = try Invocation.parse(["term", "大寒", "--year", "2100"], today: ArgumentParserTests.today)
        } throws: { error in
            (error as? CommandFailure)?.message.contains("begins in 2101, outside the supported years 1900-2100")
                == true
        }
    }
}

/// Every zone of the system's tz database is a `--tz` for every command that takes one
/// (they share one declaration's value type; `term --date`, which computes the Sun, is
/// run on a few names only).
@Suite struct EveryZoneNameTests {
    @Test func everyNameIsAcceptedEverywhere() throws {
        let names = ZoneDatabase.system().names()
        #expect(names.count > 300)
        var refused: [String] = []
        for name in names {
            for arguments in [["almanac", "--tz", name], ["schedule", "--tz", name], ["--tz", name]]
            where (try? Invocation.parse(arguments, today: ArgumentParserTests.today)) == nil {
                refused.append(arguments.joined(separator: " "))
            }
        }
        for name in ["Asia/Kolkata", "Etc/UTC", "US/Pacific"] {
            for arguments in [["term", "--date", "2026-12-21", "--tz", name], ["terms", "--tz", name]]
            where (try? Invocation.parse(arguments, today: ArgumentParserTests.today)) == nil {
                refused.append(arguments.joined(separator: " "))
            }
        }
        #expect(refused.isEmpty, "\(refused.prefix(20))")
    }
}
