import Foundation
import TestSupport
import Testing

private let systemPython = "/usr/bin/python3"
private let terminalScripts = repositoryRoot + "/Tests/Terminal"

/// `wallgen show`: each protocol's bytes read back as a terminal draws them and compared
/// with Pillow's own resize of the picture; the protocol found by asking a pseudo-terminal
/// that answers as kitty, as an xterm that draws sixel, as a VT100, and not at all.
@Suite struct ShowCommandTests {
    static func picture(in folder: String) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder + "/cache"
        let made = try launch(
            ["--season", "autumn", "--alpha", "1", "--size", "640x360", "-o", "autumn.png"], in: folder,
            environment: environment)
        try #require(made.status == 0, "\(made.standardError)")
        return folder + "/autumn.png"
    }

    /// 80x24 cells (COLUMNS, LINES) of 10x20 pixels: the 640x360 picture fits at its own
    /// size in the pixel protocols, and in 80x46 half-block pixels.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert"), "ImageMagick is missing"),
        arguments: [
            ("kitty", "640 360", 2.0), ("iterm", "640 360", 2.0), ("sixel", "640 360", 6.0),
            ("blocks", "80 46", 6.0),
        ])
    func eachProtocolDrawsThePicture(preview: String, size: String, bound: Double) throws {
        try withTemporaryFolder { folder in
            let picture = try Self.picture(in: folder)
            var environment = ProcessInfo.processInfo.environment
            (environment["COLUMNS"], environment["LINES"], environment["COLORTERM"]) = ("80", "24", "truecolor")
            let shown = try launch(["show", "--protocol", preview, picture], in: folder, environment: environment)
            #expect(shown.status == 0, "\(shown.standardError)")
            try Data(shown.standardOutput).write(to: URL(fileURLWithPath: folder + "/shown"))
            let read = try launch(
                [terminalScripts + "/decode_preview.py", preview, folder + "/shown", picture], in: folder,
                executable: URL(fileURLWithPath: systemPython))
            #expect(read.status == 0, "\(read.standardError)")
            let words = read.output.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(words.prefix(2).joined(separator: " ") == size, "\(read.output)")
            #expect(try #require(Double(words[2])) <= bound, "\(read.output)")
            switch preview {
            case "kitty":
                #expect(Int(words[4])! <= 4096, "chunks of at most 4096 bytes: \(read.output)")
                #expect(words[5] == "flags-ok", "m=1 on every chunk but the last: \(read.output)")
            case "iterm": #expect(words[4...5] == ["640px", "360px"], "\(read.output)")
            case "sixel": #expect(Int(words[4])! > 16 && Int(words[4])! <= 256, "a fitted palette: \(read.output)")
            default: break
            }
        }
    }

    /// Not a terminal: `show` without --protocol is 64 and says why; a missing file is 66
    /// and a file that is no picture 65, each named.
    @Test func refusals() throws {
        try withTemporaryFolder { folder in
            let picture = try Self.picture(in: folder)
            let piped = try launch(["show", picture], in: folder)
            #expect(piped.status == 64)
            #expect(piped.standardError.contains("standard output is not a terminal"), "\(piped.standardError)")
            #expect(piped.standardOutput.isEmpty)
            let missing = try launch(["show", "--protocol", "blocks", "nope.png"], in: folder)
            #expect(missing.status == 66 && missing.standardError.contains("'nope.png'"), "\(missing.standardError)")
            _ = FileManager.default.createFile(atPath: folder + "/text.png", contents: Data("not a picture".utf8))
            let text = try launch(["show", "--protocol", "blocks", "text.png"], in: folder)
            #expect(text.status == 65 && text.standardError.contains("'text.png'"), "\(text.standardError)")
            // --preview where standard output is no terminal: the picture is written, one line says why nothing shows.
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let made = try launch(
                ["--season", "winter", "--size", "64x36", "-o", "w.png", "--preview"], in: folder,
                environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(made.standardError.contains("--preview: standard output is not a terminal"))
            #expect(FileManager.default.fileExists(atPath: folder + "/w.png"))
            // The same for a folder of cards: every card written, one line.
            let cards = try launch(
                ["terms", "--season", "winter", "--size", "96x54", "-o", "cards", "--preview"], in: folder,
                environment: environment)
            #expect(cards.status == 0, "\(cards.standardError)")
            #expect(cards.standardError.contains("--preview: standard output is not a terminal"))
            #expect(FileManager.default.fileExists(atPath: folder + "/cards/contact-sheet.png"))
            // A batch's contact sheet, once gathered; with --no-gallery there is nothing to show.
            let rows = "{\"season\": \"winter\", \"size\": \"24x16\", \"output\": \"a.png\"}\n"
            try Data(rows.utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder, environment: environment)
            #expect(batch.status == 0, "\(batch.standardError)")
            let gathered = try launch(["gather", "out", "--preview"], in: folder, environment: environment)
            #expect(gathered.status == 0, "\(gathered.standardError)")
            #expect(gathered.standardError.contains("--preview: standard output is not a terminal"))
            let nothing = try launch(["gather", "out", "--preview", "--no-gallery"], in: folder)
            #expect(nothing.status == 64 && nothing.standardError.contains("--no-gallery makes none"))
            // And for a day of frames.
            let day = try launch(
                [
                    "dynamic", "--season", "winter", "--place", "Taipei", "--date", "2026-12-21", "--size", "64x36",
                    "-o",
                    "day", "--preview",
                ], in: folder, environment: environment)
            #expect(day.status == 0, "\(day.standardError)")
            #expect(day.standardError.contains("--preview: standard output is not a terminal"))
        }
    }

    /// Detection against a pseudo-terminal: kitty's and xterm's names and attributes choose
    /// kitty and sixel, a VT100's attributes half blocks, and silence half blocks after
    /// the deadline; the terminal's mode is put back every time. A window that gives no
    /// pixels is sized by the terminal's answer to CSI 16 t: cells of 5x10 make the 640x360
    /// picture 400x225 (80x23 cells of them), where the window's 800x480 pixels kept it whole.
    @Test(arguments: [
        ("kitty", "kitty", "-"), ("xterm-sixel", "sixel", "640x360"), ("vt100", "blocks", "-"),
        ("silent", "blocks", "-"), ("xterm-sixel-cells", "sixel", "400x225"),
    ])
    func theTerminalIsAsked(persona: String, expected: String, size: String) throws {
        try withTemporaryFolder { folder in
            let picture = try Self.picture(in: folder)
            let probe = try launch(
                [
                    terminalScripts + "/pty_probe.py", productsFolder.appendingPathComponent("wallgen").path, picture,
                    persona,
                ],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let words = probe.output.split(separator: " ").map(String.init)
            #expect(words.first == expected, "\(probe.output)")
            #expect(words.dropFirst(2).first == "mode-restored", "\(probe.output)")
            #expect(words.dropFirst(3).first == "queries-seen", "\(probe.output)")
            #expect(try #require(Double(words[1])) < 5, "the deadline holds: \(probe.output)")
            #expect(words.dropFirst(4).first == size, "\(probe.output)")
        }
    }

    /// Real terminals under Xvfb, each asked by `show` itself: xterm as a VT340 answers that
    /// it draws sixel and shows the picture (a fitted palette: within 6 levels), kitty
    /// answers by its name and shows it through its graphics protocol (within 2), each at
    /// its own size by the window's corner.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "Xvfb is not installed"),
        arguments: [("xterm", 6.0), ("kitty", 2.0)])
    func aRealTerminalShowsThePicture(terminal: String, bound: Double) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/" + terminal) else {
            Issue.record("\(terminal) is not installed (Scripts/debian-test-packages lists it)")
            return
        }
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = folder + "/cache"
            let made = try launch(
                ["--season", "autumn", "--alpha", "1", "--size", "320x180", "-o", "small.png"], in: folder,
                environment: environment)
            try #require(made.status == 0, "\(made.standardError)")
            let run = try launch(
                [
                    terminalScripts + "/real_terminal.py", productsFolder.appendingPathComponent("wallgen").path,
                    folder + "/small.png", terminal,
                ],
                in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(run.status == 0, "\(run.standardError)")
            let words = run.output.split(whereSeparator: \.isWhitespace).map(String.init)
            try #require(words.first != "unavailable", "\(run.output)")
            #expect(try #require(Double(words[2])) <= bound, "\(run.output)")
        }
    }

    /// Inside a real tmux whose client runs on a pseudo-terminal read as the outer one, in
    /// kitty (its variable in the pane): with allow-passthrough on, kitty's sequences reach
    /// the outer terminal unwrapped by tmux and decode to the picture; with it off, tmux
    /// draws half blocks and no graphics sequence reaches it.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed"),
        arguments: ["on", "off"])
    func throughTmux(passthrough: String) throws {
        try withTemporaryFolder { folder in
            let picture = try Self.picture(in: folder)
            let probe = try launch(
                [
                    terminalScripts + "/tmux_probe.py", productsFolder.appendingPathComponent("wallgen").path, picture,
                    passthrough, folder + "/received",
                ], in: folder, executable: URL(fileURLWithPath: systemPython))
            #expect(probe.status == 0, "\(probe.standardError)")
            let words = probe.output.split(whereSeparator: \.isWhitespace).map(String.init)
            if passthrough == "off" {
                #expect(
                    words == ["kitty-sequences", "0", "half-blocks", "yes", "wrapped-left", "no"], "\(probe.output)")
                return
            }
            #expect(Int(words[1]) ?? 0 > 0 && words[5] == "no", "\(probe.output)")
            let read = try launch(
                [terminalScripts + "/decode_preview.py", "kitty", folder + "/received", picture], in: folder,
                executable: URL(fileURLWithPath: systemPython))
            #expect(read.status == 0, "\(read.standardError)")
            let decoded = read.output.split(whereSeparator: \.isWhitespace).map(String.init)
            #expect(try #require(Double(decoded[2])) <= 2.0 && decoded.last == "flags-ok", "\(read.output)")
        }
    }

    /// foot, a Wayland terminal that draws sixel, in headless sway: `show` asks it, finds
    /// that it draws sixel, and the picture grim reads back from the screen is the picture
    /// (within the fitted palette's 6 levels), fitted to foot's window.
    @Test(
        .enabled(if: HeadlessSway.unavailableReason == nil, "\(HeadlessSway.unavailableReason ?? "")"),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/foot"), "foot is not installed"))
    func footShowsTheSixel() throws {
        try withTemporaryFolder { folder in
            let picture = try Self.picture(in: folder)
            chmod(picture, 0o644)
            // sway and foot run as an unprivileged user: the wallgen they run is a copy here.
            try installWallgen(at: folder + "/wallgen")
            let command = "\(folder)/wallgen show \(picture) 2>/dev/null; sleep 60"
            let sway = try HeadlessSway(
                in: folder, outputs: [(900, 560)],
                config: ["exec env LANG=C.UTF-8 foot -o pad=0x0 -o colors.background=000000 sh -c '\(command)'"])
            defer { sway.stop() }
            var found = "none"
            for _ in 0..<40 {
                Thread.sleep(forTimeInterval: 0.5)
                try Data(try sway.screenshot()).write(to: URL(fileURLWithPath: folder + "/screen.png"))
                let read = try launch(
                    [terminalScripts + "/find_picture.py", folder + "/screen.png", picture], in: folder,
                    executable: URL(fileURLWithPath: systemPython))
                found = read.output.trimmingCharacters(in: .whitespacesAndNewlines)
                if found != "none", let last = found.split(separator: " ").last, Double(last) ?? 99 <= 6 { break }
            }
            let words = found.split(separator: " ").compactMap { Double($0) }
            try #require(words.count == 5, "foot showed nothing: \(found)")
            #expect(words[4] <= 6, "\(found)")
            // Fitted within foot's window, its aspect kept.
            #expect(words[2] <= 900 && words[3] <= 560 && abs(words[2] / words[3] - 640.0 / 360) < 0.02, "\(found)")
        }
    }
}
