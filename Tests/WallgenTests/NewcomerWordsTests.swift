import Foundation
import TestSupport
import Testing

/// What a newcomer read and found wrong (issue 28 items 12 and 13): help that names an
/// option the command refuses, names that say terms for seasons, one picture named as
/// two, and messages that point the wrong way. Each is asserted on the real binary.
@Suite struct NewcomerWordsTests {
    /// An environment with no desktop session at all, and the folder as home.
    static func noSession(_ folder: String) -> [String: String] {
        LivingWallpaperTests.session(folder)
    }

    // MARK: item 12: help and names

    /// A usage error found while `term` runs (not while its words are read) points to
    /// `term`'s own help, as one found in its words does, not to the top level's.
    @Test func aUsageErrorWhileTermRunsPointsToTermsHelp() throws {
        try withTemporaryFolder { folder in
            let run = try launch(["term", "冬至", "--apply", "-o", "-"], in: folder)
            #expect(run.status == 64, "\(run.standardError)")
            #expect(run.standardError.contains("Error: --apply needs a file to set, not -o -"), "\(run.standardError)")
            #expect(run.standardError.hasSuffix("Run 'wallgen term --help' for usage.\n"), "\(run.standardError)")
            #expect(run.output.isEmpty && filesIn(folder).isEmpty)
            // After --quiet too, and for a mistake in the words.
            let quiet = try launch(["-q", "term", "冬至", "--label", "off"], in: folder)
            #expect(quiet.status == 64, "\(quiet.standardError)")
            #expect(quiet.standardError.hasSuffix("Run 'wallgen term --help' for usage.\n"), "\(quiet.standardError)")
        }
    }

    /// `term` refuses --span (its lines would be cut at the seams), so neither its usage
    /// nor the manual's synopsis offers it.
    @Test func termOffersNoSpanItRefuses() throws {
        try withTemporaryFolder { folder in
            let refused = try launch(["term", "冬至", "--span"], in: folder)
            #expect(refused.status == 64, "\(refused.standardError)")
            let help = try launch(["term", "--help"], in: folder).output
            let usage = try #require(help.components(separatedBy: "OPTIONS:").first)
            #expect(!usage.contains("--span"), "\(usage)")
            let optionLines = help.split(separator: "\n").filter {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix("--span")
            }
            #expect(optionLines.isEmpty, "term --help lists --span: \(optionLines)")
            let manual = try launch(["man"], in: folder).output
            let synopsis = manual.components(separatedBy: "\n").filter {
                $0.contains("wallgen term ") || $0.contains("term\\fR")
            }
            #expect(!synopsis.isEmpty)
            for line in synopsis { #expect(!line.contains("span"), "\(line)") }
        }
    }

    /// The folders `terms` and `schedule` fill: their -o is a folder, so their --format's
    /// help does not say the output's extension decides.
    @Test func folderCommandsDoNotSayTheExtensionDecides() throws {
        try withTemporaryFolder { folder in
            for command in ["terms", "schedule"] {
                let help = try launch([command, "--help"], in: folder).output
                #expect(!help.contains("extension decides"), "\(command): \(help)")
                #expect(help.contains("--format"), "\(command)")
            }
            #expect(try launch(["--help"], in: folder).output.contains("extension decides"))
        }
    }

    /// A one-year schedule says its year once; a seasons schedule's XML says seasons.
    @Test func aSeasonsScheduleIsNamedForSeasons() throws {
        try withTemporaryFolder { folder in
            let run = try launch(
                ["schedule", "--by", "seasons", "--from", "2026", "--years", "1", "--size", "32x20", "-o", "s"],
                in: folder, environment: Self.noSession(folder))
            #expect(run.status == 0, "\(run.standardError)")
            let said = run.output + run.standardError
            #expect(said.contains("(2026)"), "\(said)")
            #expect(!said.contains("2026-2026"), "\(said)")
            let xml = try String(contentsOfFile: folder + "/s/schedule.xml", encoding: .utf8)
            #expect(!xml.contains("solar terms"), "\(xml.prefix(300))")
            #expect(xml.contains("seasons"), "\(xml.prefix(300))")
            // The seasons' units are named after them, and say so.
            let seasons = filesIn(folder + "/s")
            #expect(
                seasons.contains("wallgen-seasons.timer") && seasons.contains("wallgen-seasons.service"), "\(seasons)")
            #expect(!seasons.contains { $0.hasPrefix("wallgen-terms.") }, "\(seasons)")
            let timer = try String(contentsOfFile: folder + "/s/wallgen-seasons.timer", encoding: .utf8)
            #expect(timer.contains("when a season begins\n") && timer.contains("\nUnit=wallgen-seasons.service\n"))
            let service = try String(contentsOfFile: folder + "/s/wallgen-seasons.service", encoding: .utf8)
            #expect(service.contains("\nDescription=Apply the wallpaper of the current season\n"), "\(service)")
            let entry = try String(contentsOfFile: folder + "/s/wallgen-seasons.desktop", encoding: .utf8)
            #expect(entry.contains("\nName=wallgen: the wallpaper of the current season\n"), "\(entry)")
            let terms = try launch(
                ["schedule", "--from", "2026", "--years", "2", "--size", "32x20", "-o", "t"],
                in: folder, environment: Self.noSession(folder))
            #expect(terms.status == 0, "\(terms.standardError)")
            #expect((terms.output + terms.standardError).contains("(2026-2027)"), "\(terms.standardError)")
            #expect(filesIn(folder + "/t").contains("wallgen-terms.timer"))
            #expect(!filesIn(folder + "/t").contains("wallgen-seasons.timer"))
        }
    }

    /// A size given twice (once by --size, once by a preset of that size) is one picture,
    /// which keeps the name asked for.
    @Test func equalSizesAreOnePicture() throws {
        try withTemporaryFolder { folder in
            let run = try launch(["--size", "1920x1080", "--device", "desktop-hd", "-o", "dup.png"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(filesIn(folder) == ["dup.png"])
        }
    }

    // MARK: item 4: a pattern's folders

    /// `-o 'cards/{device}.png'` makes `cards` as `terms -o cards` would (only it, below a
    /// folder that exists), and the folders a placeholder names below it; a pattern under
    /// a folder that does not exist is refused before any work, leaving nothing.
    @Test func aPatternMakesItsFolders() throws {
        try withTemporaryFolder { folder in
            // Sizes stand for presets here ({device} is WxH for a --size): small, so quick.
            let sizes = ["--size", "16x24", "--size", "24x16"]
            let cards = try launch(["term", "冬至", "-q", "-o", "cards/{device}.png"] + sizes, in: folder)
            #expect(cards.status == 0, "\(cards.standardError)")
            #expect(filesIn(folder + "/cards") == ["16x24.png", "24x16.png"])
            let nested = try launch(["-q", "-o", "out/{device}/w.png"] + sizes, in: folder)
            #expect(nested.status == 0, "\(nested.standardError)")
            #expect(filesIn(folder + "/out") == ["16x24", "24x16"])
            #expect(filesIn(folder + "/out/16x24") == ["w.png"])
            let one = try launch(["-q", "--size", "16x16", "-o", "one/{w}x{h}.png"], in: folder)
            #expect(one.status == 0, "\(one.standardError)")
            #expect(filesIn(folder + "/one") == ["16x16.png"])
            // Nothing above the folder named is made.
            let deep = try launch(["--size", "16x16", "-o", "no/such/{w}.png"], in: folder)
            #expect(deep.status == 73, "\(deep.standardError)")
            #expect(deep.standardError.contains("the folder 'no' does not exist"), "\(deep.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/no"))
            // A picture that cannot be made leaves no folder behind.
            let bad = try launch(["--size", "16x16", "-b", "missing.jpg", "-o", "later/{w}.png"], in: folder)
            #expect(bad.status == 66, "\(bad.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/later"))
        }
    }

    // MARK: item 13: messages

    /// A folder that exists but takes no new file (/proc) is not said not to exist.
    @Test func aFolderThatTakesNoFileIsNotMissing() throws {
        try withTemporaryFolder { folder in
            let run = try launch(["--size", "8x8", "-o", "/proc/x.png"], in: folder)
            #expect(run.status == 73, "\(run.standardError)")
            #expect(!run.standardError.contains("does not exist"), "\(run.standardError)")
            #expect(run.standardError.contains("/proc"), "\(run.standardError)")
        }
    }

    /// 0.5 is suggested for 50 or 50%, never 0.015 for 1.5 or 0.02 for 2.
    @Test func alphaSuggestsOnlyWhatLooksLikeAPercentage() throws {
        try withTemporaryFolder { folder in
            for text in ["1.5", "2", "9"] {
                let small = try launch(["--alpha", text], in: folder)
                #expect(small.status == 64)
                #expect(!small.standardError.contains("did you mean"), "\(text): \(small.standardError)")
            }
            let ten = try launch(["--alpha", "10"], in: folder)
            #expect(ten.standardError.contains("did you mean --alpha 0.1?"), "\(ten.standardError)")
            for text in ["50", "50%"] {
                let run = try launch(["--alpha", text], in: folder)
                #expect(run.status == 64)
                #expect(run.standardError.contains("did you mean --alpha 0.5?"), "\(text): \(run.standardError)")
            }
            #expect(!(try launch(["--alpha", "150"], in: folder)).standardError.contains("did you mean"))
        }
    }

    /// `colour` in a row is met as `--colour` is on the command line: with text-color.
    @Test func aBritishColourKeyGetsASuggestion() throws {
        try withTemporaryFolder { folder in
            let line = try launch(["--colour", "red"], in: folder)
            #expect(line.standardError.contains("did you mean --text-color?"), "\(line.standardError)")
            try Data("{\"season\": \"winter\", \"colour\": \"red\"}\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let row = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            #expect(row.status != 0)
            #expect(row.standardError.contains("did you mean 'text-color'?"), "\(row.standardError)")
        }
    }

    /// Without a graphical session, apply says so plainly (not as a desktop's name), and
    /// --device here points at --monitors.
    @Test func noSessionIsSaidPlainly() throws {
        try withTemporaryFolder { folder in
            let picture = try launch(["--size", "8x8", "-o", "p.png"], in: folder)
            #expect(picture.status == 0)
            let apply = try launch(["apply", "p.png"], in: folder, environment: Self.noSession(folder))
            #expect(apply.status == 69, "\(apply.standardError)")
            #expect(!apply.standardError.contains("desktop \""), "\(apply.standardError)")
            #expect(apply.standardError.contains("no graphical session"), "\(apply.standardError)")
            #expect(apply.standardError.contains("--desktop"), "\(apply.standardError)")
            let here = try launch(["--device", "here", "-o", "d.png"], in: folder, environment: Self.noSession(folder))
            #expect(here.status == 69, "\(here.standardError)")
            #expect(here.standardError.contains("--monitors"), "\(here.standardError)")
        }
    }

    /// A missing file or folder is named once and said not to exist.
    @Test func missingPathsAreSaidMissingOnce() throws {
        try withTemporaryFolder { folder in
            let inspect = try launch(["inspect", "/nonexistent.png"], in: folder)
            #expect(inspect.status == 66, "\(inspect.standardError)")
            #expect(
                inspect.standardError.components(separatedBy: "/nonexistent.png").count == 2,
                "\(inspect.standardError)")
            let gather = try launch(["gather", "nonexist"], in: folder)
            #expect(gather.status == 66, "\(gather.standardError)")
            #expect(gather.standardError.contains("does not exist"), "\(gather.standardError)")
            #expect(!gather.standardError.contains("cannot be read"), "\(gather.standardError)")
        }
    }

    /// `term --date today` (and tomorrow, yesterday) is the term of that day in --tz.
    @Test func termTakesTodayTomorrowYesterday() throws {
        try withTemporaryFolder { folder in
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = TimeZone(identifier: "UTC")!
            for (word, offset) in [("today", 0), ("tomorrow", 1), ("yesterday", -1)] {
                let day = calendar.date(byAdding: .day, value: offset, to: Date())!
                let parts = calendar.dateComponents([.year, .month, .day], from: day)
                let date = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                let common = ["--tz", "UTC", "--size", "24x16", "--no-metadata"]
                let named = try launch(["term", "--date", word, "-o", "w.png"] + common, in: folder)
                #expect(named.status == 0, "\(word): \(named.standardError)")
                let dated = try launch(["term", "--date", date, "-o", "d.png"] + common, in: folder)
                #expect(dated.status == 0, "\(date): \(dated.standardError)")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: folder + "/w.png"))
                        == Data(contentsOf: URL(fileURLWithPath: folder + "/d.png")), "\(word) is not \(date)")
            }
        }
    }

    /// The formats a bad picture could have been are read from their one declaration.
    @Test func theBadPictureMessageNamesAVIF() throws {
        try withTemporaryFolder { folder in
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/bad.png"))
            let run = try launch(["-b", "bad.png", "--size", "8x8", "-o", "o.png"], in: folder)
            #expect(run.status == 65, "\(run.standardError)")
            #expect(run.standardError.contains("AVIF"), "\(run.standardError)")
        }
    }
}
