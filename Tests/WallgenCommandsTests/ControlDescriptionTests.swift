import Almanac
import Designs
import Foundation
import Testing

@testable import WallgenCommands

/// A command's controls are read from its declarations: every range, step, choice and
/// default a form would offer must be what the command line's parser takes, and nothing
/// just past the ends.
@Suite struct ControlDescriptionTests {
    /// Every option of every command with the control made from it.
    static var pairs: [(command: String, option: any OptionDeclaration, control: ControlDescription)] {
        CommandRegistry.declarations.flatMap { declaration in
            declaration.options.map { (declaration.invocation, $0, ControlDescription($0)) }
        }
    }

    func parses(_ option: any OptionDeclaration, _ text: String) -> Bool {
        (try? option.parseValue(text)) != nil
    }

    @Test func everyChoiceAndDefaultIsAValueTheParserTakes() {
        for (command, option, control) in Self.pairs {
            for choice in control.choices ?? [] {
                #expect(parses(option, choice.value), "\(command) \(option.flagName) offers \(choice.value)")
            }
            if let value = control.defaultValue {
                #expect(parses(option, value), "\(command) \(option.flagName)'s default \(value)")
            }
        }
    }

    @Test func rangesEndWhereTheParserStops() {
        var checked = 0
        for (command, option, control) in Self.pairs {
            let flag = "\(command) \(option.flagName)"
            switch control.kind {
            case "number":
                let (low, high, step) = (control.minimum!, control.maximum!, control.step!)
                #expect(parses(option, "\(low)") && parses(option, "\(high)"), "\(flag)")
                #expect(!parses(option, "\(low - step)") && !parses(option, "\(high + step)"), "\(flag)")
                checked += 1
            case "integer":
                let low = Int(control.minimum!)
                #expect(parses(option, "\(low)") && !parses(option, "\(low - 1)"), "\(flag)")
                if let high = control.maximum.map(Int.init) {
                    #expect(parses(option, "\(high)") && !parses(option, "\(high + 1)"), "\(flag)")
                }
                checked += 1
            case "size":
                let (low, high) = (Int(control.minimum!), Int(control.maximum!))
                #expect(parses(option, "\(low)x\(high)") && parses(option, "\(high)x\(low)"), "\(flag)")
                #expect(!parses(option, "\(low - 1)x\(low)") && !parses(option, "\(low)x\(high + 1)"), "\(flag)")
                checked += 1
            default: continue
            }
        }
        #expect(checked > 20)
    }

    /// The controls the studio draws, as the issue and the apps describe them.
    @Test func theWallpapersControls() throws {
        let groups = try #require(CommandControls.of("wallpaper"))
        #expect(
            groups.map(\.name) == [
                "wallpaper", "season", "canvas", "render", "label", "sky", "apply", "preview", "scheme",
            ])
        func control(_ name: String) throws -> ControlDescription {
            try #require(groups.flatMap(\.controls).first { $0.name == name }, "no control \(name)")
        }
        let alpha = try control("alpha")
        #expect(alpha.kind == "number" && alpha.minimum == 0 && alpha.maximum == 1 && alpha.step == 0.01)
        #expect(alpha.defaultValue == "0.5")
        #expect(try control("label").kind == "switch" && control("label").defaultValue == "on")
        #expect(try control("base").defaultValue == "#FFFFFF")
        #expect(try control("max-chars").defaultValue == "13")
        #expect(try control("label-position").choices?.map(\.value) == ["top", "center", "bottom"])
        let season = try control("season")
        #expect(season.choices?.map(\.value) == ["spring", "summer", "autumn", "winter"])
        #expect(season.choices?.map(\.label) == ["Spring", "Summer", "Autumn", "Winter"])
        #expect(season.choices?.map(\.chineseLabel) == ["春", "夏", "秋", "冬"])
        #expect(try control("format").choices?.map(\.value) == ["png", "jpeg", "webp", "avif"])
        let quality = try control("quality")
        #expect(quality.minimum == 1 && quality.maximum == 100 && quality.defaultValue == "90")
        let size = try control("size")
        #expect(size.defaultValue == "1170x2532" && size.maximum == 16384 && size.repeatable)
        let device = try control("device")
        let iphone = try #require(device.choices?.first { $0.value == "iphone-15" })
        #expect(iphone.width == 1179 && iphone.height == 2556 && iphone.label == "iPhone 15, 15 Pro")
        #expect(device.choices?.suffix(2).map(\.value) == ["all", "here"])
    }

    @Test func aCardsControls() throws {
        let groups = try #require(CommandControls.of("term"))
        #expect(
            groups.map(\.name) == [
                "term", "canvas", "render", "title", "card-style", "sky", "apply", "preview", "scheme",
            ])
        let name = try #require(groups[0].controls.first)
        #expect(name.name == "name" && name.flag == nil && name.choices?.count == 24)
        let winter = try #require(name.choices?.first { $0.value == "dongzhi" })
        #expect(winter.chineseLabel == "冬至" && winter.label == "Winter Solstice")
        let style = groups[4].controls
        #expect(style.map(\.name) == ["alpha", "base", "text-color", "font"])
        // The card shows its picture whole unless told otherwise.
        #expect(style[0].defaultValue == "1")
        #expect(groups[0].controls.first { $0.name == "lang" }?.choices?.map(\.value) == ["zh", "en"])
        #expect(CommandControls.of("nope") == nil)
    }

    @Test func theJSONIsWhatThePageReads() throws {
        let text = try #require(CommandControls.json("wallpaper"))
        let groups = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        let controls = try #require(
            groups.first { $0["name"] as? String == "wallpaper" }?["controls"] as? [[String: Any]])
        let alpha = try #require(controls.first { $0["name"] as? String == "alpha" })
        #expect(alpha["kind"] as? String == "number")
        #expect(alpha["flag"] as? String == "--alpha")
        #expect((alpha["maximum"] as? NSNumber)?.doubleValue == 1)
        #expect(alpha["choices"] == nil, "a key a kind does not have is left out")
    }
}

/// No option a command declares is silently dropped: given alone (with what it needs
/// beside it), each is read by the command's validation.
@Suite struct EveryOptionIsReadTests {
    /// The words a command needs to be valid at all.
    static let required: [String: [String]] = [
        "term": ["冬至"], "batch": ["rows.jsonl"], "apply": ["picture.png"], "inspect": ["picture.png"],
        "gather": ["folder"], "show": ["picture.png"], "scheme": ["picture.png"], "plan": ["terms"],
        "completions": ["bash"],
        "kde-package": ["-o", "package"],
        // This machine's zone may name no place (UTC).
        "sky": ["--place", "Taipei"], "dynamic": ["--place", "Taipei", "-o", "day", "--season", "winter"],
    ]
    /// What an option needs beside it, by "command option" (the error without it says so).
    static let companions: [String: [String]] = [
        "wallpaper monitors": ["--span"], "term monitors": ["--device", "here"], "devices monitors": ["--here"],
        "wallpaper quality": ["--format", "jpeg"], "term quality": ["--format", "webp"],
        "terms quality": ["--format", "jpeg"], "schedule quality": ["--format", "jpeg"],
        "schedule season-rule": ["--by", "seasons"], "schedule hemisphere": ["--by", "seasons"],
        "almanac years": ["--ics"], "apply schedule": ["--now"], "batch shards": ["--shard-from", "parallel"],
        "apply monitors": ["--now"], "kde-package year": ["--term", "冬至"], "kde-package lang": ["--term", "冬至"],
        "kde-package quality": ["--format", "jpeg"], "schedule enable": ["--install"],
        // This machine's zone may name no place (UTC): --at goes with --place here.
        "wallpaper at": ["--place", "Taipei"], "term at": ["--place", "Taipei"],
        "kde-package at": ["--place", "Taipei"], "dynamic quality": ["--format", "jpeg"],
        "dynamic season": ["--place", "Taipei", "-o", "day"], "dynamic term": ["--place", "Taipei", "-o", "day"],
        "dynamic place": ["-o", "day", "--season", "winter"],
        "dynamic output": ["--place", "Taipei", "--season", "winter"],
        "schedule place": ["--dynamic", "day.heic"], "schedule dynamic": ["--place", "Taipei"],
        "dynamic from": ["--place", "Taipei", "-o", "day"],
        "wallpaper scheme-both": ["--scheme", "s"], "term scheme-both": ["--scheme", "s"],
        "scheme dark": ["-o", "s"], "scheme light": ["-o", "s"], "scheme both": ["-o", "s"],
    ]
    /// Options a command declares only to refuse them with a message saying what to do
    /// instead (kde-package takes the wallpaper's options whole, and a package is not applied).
    static let refused: Set<String> = [
        "kde-package apply", "kde-package desktop", "kde-package span", "kde-package monitors", "kde-package scheme",
        "kde-package scheme-both",
    ]
    /// Commands whose required words an option replaces.
    static let replacing: Set<String> = [
        "term date", "apply now", "apply at", "apply schedule", "apply monitor", "apply monitors",
        "kde-package output", "sky place", "dynamic place", "dynamic output", "dynamic season", "dynamic term",
        "dynamic from",
    ]
    /// Text values that must name something.
    static let examples: [String: String] = [
        "plan devices": "ipad,iphone-15", "plan sizes": "10x20", "plan langs": "en", "plan years": "2026-2027",
        "apply monitor": "DP-1=picture.png", "kde-package term": "冬至", "sky place": "Taipei",
        "wallpaper place": "Taipei", "term place": "Taipei", "kde-package place": "Taipei",
        "dynamic place": "Taipei", "dynamic term": "冬至", "apply place": "Taipei", "schedule place": "Taipei",
        "schedule dynamic": "day.heic", "dynamic from": "day.heic",
    ]

    static func example(_ option: any OptionDeclaration) -> String? {
        if let value = option.defaultArgument { return value }
        switch option.kind {
        case .flag: return nil
        case .choice(let choices): return choices.first?.value
        case .number(let minimum, _, _): return "\(minimum)"
        case .wholeNumber(let minimum, _): return "\(minimum)"
        case .colour: return "#102030"
        case .date: return "2026-03-01"
        case .instant: return "2026-03-01T12:00:00Z"
        case .canvasSize: return "120x80"
        case .zone: return "UTC"
        case .text, .file, .folder, .outputFile, .onOff: return option.long == "shard" ? "0/2" : "x"
        }
    }

    @Test func everyOptionGivenIsRead() throws {
        var (considered, read) = (0, 0)
        for declaration in CommandRegistry.declarations where declaration.name != "help" {
            let name = declaration.name ?? "wallpaper"
            // `Invocation` reads these for every command.
            let everywhere = ["help", "version", "verbose", "quiet"]
            for option in declaration.options where !everywhere.contains(option.long) {
                // Each with what it goes with, as its error would say.
                considered += 1
                let key = "\(name) \(option.long)"
                var words = Self.replacing.contains(key) ? [] : Self.required[name] ?? []
                words += Self.companions[key] ?? []
                words += [option.flagName] + ((Self.examples[key] ?? Self.example(option)).map { [$0] } ?? [])
                let parsed = try ArgumentParser.parse(words, options: declaration.options)
                let command = declaration.name.flatMap(CommandRegistry.named) ?? WallpaperCommand.self
                let environment = option.long == "shards" ? ["PARALLEL_SEQ": "1"] : [:]
                if Self.refused.contains(key) {
                    #expect(throws: CommandFailure.self, "\(key) is refused") {
                        try command.validate(
                            parsed, CommandContext(today: ArgumentParserTests.today, environment: environment))
                    }
                    read += 1
                    continue
                }
                do {
                    _ = try command.validate(
                        parsed, CommandContext(today: ArgumentParserTests.today, environment: environment))
                } catch {
                    Issue.record("\(declaration.invocation) \(words.joined(separator: " ")): \(error.message)")
                    continue
                }
                #expect(
                    parsed.unread.isEmpty,
                    "\(declaration.invocation) \(words.joined(separator: " ")) left \(parsed.unread) unread")
                read += 1
            }
        }
        #expect(read == considered && read > 100)
    }
}
