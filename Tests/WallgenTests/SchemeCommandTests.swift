import Foundation
import TestSupport
import Testing

private let schemeChecker = repositoryRoot + "/Tests/Schemes/check_schemes.py"
/// Scripts/python-test-tools' environment: pywal and materialyoucolor beside Debian's packages.
private let pythonTools = repositoryRoot + "/.build/python-tools/bin"
private let hasPythonTools = FileManager.default.isExecutableFile(atPath: pythonTools + "/wal")
private let hasReaders = ["/usr/bin/kitty", "/usr/bin/foot", "/usr/bin/xrdb", "/usr/bin/Xvfb"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// `wallgen scheme` and `--scheme`: every file read back by its own program (kitty's config
/// loader, foot, xrdb, GTK's CSS parser, bash, pywal) and checked against the rules and
/// Material's reference by Tests/Schemes/check_schemes.py, for every bundled scene in its
/// light and dark variants; the design's own colours found exactly.
@Suite struct SchemeCommandTests {
    /// The seasons' theme colours as the design gives them (ink, accent).
    static let themes = [
        "spring": ("#7a2e4f", "#f4b6c8"), "summer": ("#0d4f7a", "#7cc8f0"), "autumn": ("#8a3510", "#f2a65a"),
        "winter": ("#27436e", "#cfe0f5"),
    ]
    static let seasonOfTerm = ["spring", "summer", "autumn", "winter"]

    static func environment(_ folder: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        return environment
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// The dark variant's base: the ink a fifth of the way from black, channel by channel.
    static func darkBase(_ ink: String) -> String {
        let value = Int(ink.dropFirst(), radix: 16)!
        let channels = [value >> 16, (value >> 8) & 255, value & 255].map { Int((Double($0) * 0.2).rounded()) }
        return "#" + channels.map { String(format: "%02x", $0) }.joined()
    }

    /// The 4 season wallpapers and 24 cards, each light and dark, each with both schemes:
    /// every rule holds, every reader reads the same colours, and the roles are the design's.
    @Test(.enabled(if: hasReaders, "kitty, foot, xrdb or Xvfb is missing (Scripts/debian-test-packages)"))
    func everySceneInBothVariants() throws {
        try withTemporaryFolder { folder in
            var made: [(folder: String, season: String)] = []
            let subjects =
                Self.seasonOfTerm.map { (["--season", $0], $0) }
                + (1...24).map { (["term", "\($0)"], Self.seasonOfTerm[($0 - 1) / 6]) }
            for (arguments, season) in subjects {
                for dark in [false, true] {
                    let name = (arguments[0] == "term" ? "term-" : "") + arguments[1] + (dark ? "-dark" : "")
                    let result = try launch(
                        arguments + (dark ? ["--dark"] : []) + [
                            "--size", "480x270", "-o", name + ".png", "--scheme", name, "--scheme-both",
                        ], in: folder, environment: Self.environment(folder))
                    try #require(result.status == 0, "\(arguments): \(result.standardError)")
                    #expect(
                        result.standardError.contains(
                            "Wrote the scheme of \(name).png into \(name)/light and \(name)/dark"))
                    made.append((folder + "/" + name, season))
                }
            }
            let folders = made.flatMap { [$0.folder + "/light", $0.folder + "/dark"] }
            let checked = try launch(
                [schemeChecker] + folders, in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(checked.status == 0, "\(checked.output)\(checked.standardError)")
            #expect(checked.output.contains("ok \(folders.count) folders"), "\(checked.output)")
            for (scheme, season) in made {
                let (ink, accent) = Self.themes[season]!
                let light = try Self.json(scheme + "/light/colors.json")["special"] as! [String: String]
                let dark = try Self.json(scheme + "/dark/colors.json")["special"] as! [String: String]
                #expect(light["foreground"] == ink && light["cursor"] == ink, "\(scheme): \(light)")
                #expect(dark["background"] == Self.darkBase(ink) && dark["cursor"] == accent, "\(scheme): \(dark)")
                #expect(try Self.json(scheme + "/light/material.json")["seed"] as? String == ink)
            }
        }
    }

    /// pywal loads each colors.json and writes the same colours; material.json's roles are
    /// materialyoucolor's from the same seed within ΔE 2: for the seasons, a picture wallgen
    /// did not make (a photo-like JPEG), and a picture with no colour (Material's fallback seed).
    @Test(
        .enabled(if: hasPythonTools, "pywal and materialyoucolor are not installed (Scripts/python-test-tools)"),
        .enabled(if: hasReaders, "kitty, foot, xrdb or Xvfb is missing (Scripts/debian-test-packages)"))
    func pywalAndMaterialReadThem() throws {
        try withTemporaryFolder { folder in
            var folders: [String] = []
            for season in Self.themes.keys.sorted() {
                let made = try launch(
                    ["--season", season, "--size", "320x180", "-o", season + ".png", "--scheme", season],
                    in: folder, environment: Self.environment(folder))
                try #require(made.status == 0, "\(made.standardError)")
                folders.append(folder + "/" + season)
            }
            let photo = repositoryRoot + "/Assets/terms/07-lixia.jpg"
            let fromPhoto = try launch(["scheme", photo, "-o", "photo", "--both"], in: folder)
            #expect(fromPhoto.status == 0, "\(fromPhoto.standardError)")
            #expect(fromPhoto.standardError.contains("from its colours"), "\(fromPhoto.standardError)")
            folders += [folder + "/photo/light", folder + "/photo/dark"]
            let grey = folder + "/grey.png"
            let greyPNG = PNGTestWriter(width: 8, height: 8, bitDepth: 8, colorType: .gray) { _, _ in [128] }.encode()
            try Data(greyPNG).write(to: URL(fileURLWithPath: grey))
            let fromGrey = try launch(["scheme", grey, "-o", "grey"], in: folder)
            #expect(fromGrey.status == 0, "\(fromGrey.standardError)")
            #expect(try Self.json(folder + "/grey/material.json")["seed"] as? String == "#4285f4")
            folders.append(folder + "/grey")
            let checked = try launch(
                [schemeChecker, "--pywal", pythonTools + "/wal", "--material"] + folders, in: folder,
                executable: URL(fileURLWithPath: pythonTools + "/python3"))
            #expect(checked.status == 0, "\(checked.output)\(checked.standardError)")
        }
    }

    /// The refusals: each names what is wrong, with its status; nothing is written.
    @Test func refusals() throws {
        try withTemporaryFolder { folder in
            let environment = Self.environment(folder)
            let picture = try launch(
                ["--season", "winter", "--size", "64x36", "-o", "w.png"], in: folder, environment: environment)
            try #require(picture.status == 0, "\(picture.standardError)")
            let cases: [([String], Int32, String)] = [
                (["scheme", "w.png"], 64, "'scheme' needs -o <folder>"),
                (["scheme", "-o", "s"], 64, "'scheme' needs a picture"),
                (["scheme", "w.png", "-o", "s", "--dark", "--light"], 64, "not --dark and --light"),
                (["scheme", "nope.png", "-o", "s"], 66, "'nope.png'"),
                (["scheme", "w.png", "-o", "missing/s"], 73, "missing"),
                (["--season", "winter", "--scheme-both", "-o", "x.png"], 64, "--scheme-both needs --scheme"),
                (["--season", "winter", "--scheme", "s", "-o", "-"], 64, "-o - writes it to standard output"),
                (["--season", "winter", "--scheme", "missing/s", "-o", "x.png"], 73, "missing"),
            ]
            for (arguments, status, message) in cases {
                let result = try launch(arguments, in: folder, environment: environment)
                #expect(result.status == status, "\(arguments): \(result.status) \(result.standardError)")
                #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            }
            #expect(
                !FileManager.default.fileExists(atPath: folder + "/x.png"),
                "no picture when its scheme cannot be written")
            #expect(!FileManager.default.fileExists(atPath: folder + "/s"))
            _ = FileManager.default.createFile(atPath: folder + "/text.png", contents: Data("no picture".utf8))
            let text = try launch(["scheme", "text.png", "-o", "s"], in: folder)
            #expect(text.status == 65 && text.standardError.contains("'text.png'"), "\(text.standardError)")
            // A link planted where a scheme file goes is refused, and what it points at kept.
            try FileManager.default.createDirectory(atPath: folder + "/planted/dark", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/planted/light", withDestinationPath: folder + "/elsewhere")
            let planted = try launch(["scheme", "w.png", "-o", "planted", "--both"], in: folder)
            #expect(planted.status != 0, "\(planted.standardError)")
            #expect(planted.standardError.contains("planted/light"), "\(planted.standardError)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/elsewhere").isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/planted/dark").isEmpty)
        }
    }

    /// `apply --scheme`: the picture is set (a stand-in setter records it), its scheme is
    /// written under $XDG_CONFIG_HOME/wallgen/scheme, and the lines printed for kitty and
    /// GTK, put in their configuration files, are read by kitty's own loader and GTK's CSS
    /// parser to the scheme's colours. No file of the person's is touched.
    @Test(.enabled(if: hasReaders, "kitty, foot, xrdb or Xvfb is missing (Scripts/debian-test-packages)"))
    func applyWritesTheSchemeAndSaysHowToUseIt() throws {
        try withTemporaryFolder { folder in
            let picture = try launch(
                ["--season", "autumn", "--dark", "--size", "160x90", "-o", "autumn.png"], in: folder,
                environment: Self.environment(folder))
            try #require(picture.status == 0, "\(picture.standardError)")
            let bin = try LivingWallpaperTests.standIn("swaymsg", in: folder)
            let environment = LivingWallpaperTests.session(
                folder, ["XDG_CURRENT_DESKTOP": "sway", "PATH": bin + ":/usr/bin:/bin"])
            let applied = try launch(["apply", "--scheme", "autumn.png"], in: folder, environment: environment)
            #expect(applied.status == 0, "\(applied.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/swaymsg.args"), "the picture was set")
            let scheme = folder + "/config/wallgen/scheme"
            #expect(applied.standardError.contains("Wrote the dark colour scheme of autumn.png into \(scheme)"))
            let colours = try Self.json(scheme + "/colors.json")["special"] as! [String: String]
            #expect(colours["background"] == Self.darkBase("#8a3510") && colours["cursor"] == "#f2a65a")
            let lines = applied.output.split(separator: "\n").map(String.init)
            let kittyLine = try #require(lines.first { $0.hasPrefix("kitty") }).components(separatedBy: ":  ").last!
            let gtkLine = try #require(lines.first { $0.hasPrefix("GTK") }).components(separatedBy: ":  ").last!
            try (kittyLine.trimmingCharacters(in: .whitespaces) + "\n").write(
                toFile: folder + "/kitty.conf", atomically: true, encoding: .utf8)
            try (gtkLine.trimmingCharacters(in: .whitespaces) + "\n").write(
                toFile: folder + "/gtk.css", atomically: true, encoding: .utf8)
            let kitty = try launch(
                [
                    "+runpy",
                    "from kitty.config import load_config; o = load_config('\(folder)/kitty.conf'); c = o.background; print('#%02x%02x%02x' % (c.red, c.green, c.blue))",
                ], in: folder, executable: URL(fileURLWithPath: "/usr/bin/kitty"))
            #expect(
                kitty.output.trimmingCharacters(in: .whitespacesAndNewlines) == colours["background"],
                "\(kitty.output) \(kitty.standardError)")
            let gtk = try launch(
                [
                    "-c",
                    "import gi, sys; gi.require_version('Gtk', '3.0'); from gi.repository import Gtk; p = Gtk.CssProvider(); p.load_from_path(sys.argv[1]); print(p.to_string())",
                    folder + "/gtk.css",
                ], in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(gtk.status == 0, "\(gtk.standardError)")
            // GTK writes back what it parsed through the import, as rgb().
            let background = Int(colours["background"]!.dropFirst(), radix: 16)!
            let rgb = "rgb(\(background >> 16),\((background >> 8) & 255),\(background & 255))"
            #expect(gtk.output.contains("@define-color background \(rgb);"), "\(gtk.output)")
            #expect(
                !FileManager.default.fileExists(atPath: folder + "/config/kitty"),
                "no configuration of the person's is made")
        }
    }

    /// `dynamic --scheme`: a scheme for each frame, the night's dark and the day's light,
    /// listed in frames.json in the order of their starts; every one read back and checked.
    @Test(.enabled(if: hasReaders, "kitty, foot, xrdb or Xvfb is missing (Scripts/debian-test-packages)"))
    func aSchemeForEachFrameOfTheDay() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                [
                    "dynamic", "--season", "winter", "--place", "Taipei", "--date", "2026-12-21", "--size", "160x90",
                    "-o", "day", "--scheme", "schemes",
                ], in: folder, environment: Self.environment(folder))
            try #require(made.status == 0, "\(made.standardError)")
            #expect(made.standardError.contains("Wrote 13 frames' colour schemes into schemes, and frames.json"))
            let list = try #require(
                JSONSerialization.jsonObject(
                    with: Data(contentsOf: URL(fileURLWithPath: folder + "/schemes/frames.json")))
                    as? [[String: Any]])
            #expect(list.count == 13)
            let starts = list.compactMap { $0["start"] as? String }
            #expect(starts == starts.sorted() && Set(starts).count == 13, "\(starts)")
            let byMoment = Dictionary(uniqueKeysWithValues: list.map { ($0["moment"] as! String, $0) })
            #expect(byMoment["midnight"]?["dark"] as? Bool == true)
            #expect(byMoment["noon"]?["dark"] as? Bool == false)
            let folders = list.map { folder + "/schemes/" + ($0["folder"] as! String) }
            for (entry, schemeFolder) in zip(list, folders) {
                let special = try Self.json(schemeFolder + "/colors.json")["special"] as! [String: String]
                let dark = entry["dark"] as! Bool
                // The night's: the dark variant's base; the day's: paper (every channel over 240).
                let background = special["background"]!
                if dark {
                    #expect(background == Self.darkBase("#27436e"), "\(schemeFolder)")
                } else {
                    let value = Int(background.dropFirst(), radix: 16)!
                    #expect([value >> 16, (value >> 8) & 255, value & 255].allSatisfy { $0 > 240 }, "\(background)")
                }
            }
            let checked = try launch(
                [schemeChecker] + folders, in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(checked.status == 0, "\(checked.output)\(checked.standardError)")
        }
    }
}
