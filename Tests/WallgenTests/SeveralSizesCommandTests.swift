import Foundation
import TestSupport
import Testing

/// Several sizes, one picture per monitor and one spanning them, end to end: the files
/// written, the decodes counted, the tiles read back by Pillow against the whole scene.
@Suite struct SeveralSizesCommandTests {
    /// Pixels of PNG files at named points, read by Pillow: one line per point, "r g b".
    static func pillowPixels(_ file: String, _ points: [(Int, Int)], in folder: String) throws -> [[Int]] {
        let script = """
            import sys
            from PIL import Image
            image = Image.open(sys.argv[1]).convert('RGB')
            for pair in sys.argv[2:]:
                x, y = map(int, pair.split(','))
                print(*image.getpixel((x, y)))
            """
        let run = try launch(
            ["-c", script, file] + points.map { "\($0.0),\($0.1)" }, in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(run.status == 0, "Pillow (python3-pil) could not read \(file): \(run.standardError)")
        return run.output.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
    }

    func header(_ path: String) throws -> (width: Int, height: Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let header = try #require(pngHeader(bytes), "\(path) is not a PNG")
        return (header.width, header.height)
    }

    func traced() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WALLGEN_TRACE_DECODES"] = "1"
        return environment
    }

    @Test func threeSizesFromOneDecode() throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["-s", "winter", "--size", "160x120", "--size", "90x160", "--size", "120x120", "-o", "w.png"],
                in: folder, environment: traced())
            #expect(result.status == 0, "\(result.standardError)")
            let decodes = result.standardError.split(separator: "\n").filter { $0.hasPrefix("wallgen: decode ") }
            #expect(decodes.count == 1, "\(result.standardError)")
            #expect(filesIn(folder) == ["w-120x120.png", "w-160x120.png", "w-90x160.png"])
            #expect(try header(folder + "/w-160x120.png") == (160, 120))
            #expect(try header(folder + "/w-90x160.png") == (90, 160))
            #expect(try header(folder + "/w-120x120.png") == (120, 120))
        }
    }

    /// One size is made as before: the name given, the bytes of the same picture
    /// written to standard output.
    @Test func oneSizeIsMadeAsBefore() throws {
        try withTemporaryFolder { folder in
            let file = try launch(["term", "冬至", "--size", "120x160", "-o", "card.png"], in: folder)
            let piped = try launch(["term", "冬至", "--size", "120x160", "-o", "-"], in: folder)
            #expect(file.status == 0 && piped.status == 0, "\(file.standardError) \(piped.standardError)")
            #expect(filesIn(folder) == ["card.png"])
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/card.png"))) == piped.standardOutput)
        }
    }

    @Test func patternsAndLandscape() throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["term", "冬至", "--size", "90x160", "--size", "100x100", "--landscape", "-o", "t-{device}-{h}.png"],
                in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(filesIn(folder) == ["t-100x100-100.png", "t-160x90-90.png"])
            #expect(try header(folder + "/t-160x90-90.png") == (160, 90))
        }
    }

    @Test(arguments: [
        (["--size", "100x50", "--size", "100x60", "-o", "x-{w}.png"], "would hold both 100x50 and 100x60"),
        (["--size", "100x50", "--size", "100x60", "-o", "-"], "-o - writes one picture, not 2"),
        (["--size", "100x50", "--size", "100x60", "--apply", "-o", "a.png"], "--apply sets one picture"),
        (["--span", "--device", "desktop-hd"], "--span takes its sizes from the monitors"),
    ])
    func refusedBeforeAnyWork(arguments: [String], message: String) throws {
        try withTemporaryFolder { folder in
            let result = try launch(arguments, in: folder, environment: traced())
            #expect(result.status == 64, "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!result.standardError.contains("wallgen: decode"))
            #expect(filesIn(folder).isEmpty)
        }
    }

    /// Two monitors of different sizes with a gap between them and one lower than the
    /// other: each tile is the part of the whole scene its monitor covers, pixel for
    /// pixel, read back by Pillow.
    @Test func spannedTilesReassembleTheWholeScene() throws {
        try withTemporaryFolder { folder in
            try "LEFT 120x80+0+0\nRIGHT 60x40+150+20\n".write(
                toFile: folder + "/desk.txt", atomically: true, encoding: .utf8)
            let span = try launch(
                ["-s", "autumn", "--label", "off", "--span", "--monitors", "desk.txt", "-o", "desk.png"], in: folder)
            #expect(span.status == 0, "\(span.standardError)")
            let whole = try launch(
                ["-s", "autumn", "--label", "off", "--size", "210x80", "-o", "whole.png"], in: folder)
            #expect(whole.status == 0, "\(whole.standardError)")
            #expect(filesIn(folder) == ["desk-LEFT.png", "desk-RIGHT.png", "desk.txt", "whole.png"])
            #expect(try header(folder + "/desk-LEFT.png") == (120, 80))
            #expect(try header(folder + "/desk-RIGHT.png") == (60, 40))
            // Named points of each tile, and the same points of the whole, offset by the tile's place.
            let leftPoints = [(0, 0), (119, 0), (60, 10), (5, 79), (119, 79), (90, 40)]
            let rightPoints = [(0, 0), (59, 0), (30, 20), (0, 39), (59, 39), (45, 5)]
            let left = try Self.pillowPixels("desk-LEFT.png", leftPoints, in: folder)
            let right = try Self.pillowPixels("desk-RIGHT.png", rightPoints, in: folder)
            let wholeLeft = try Self.pillowPixels("whole.png", leftPoints, in: folder)
            let wholeRight = try Self.pillowPixels("whole.png", rightPoints.map { ($0.0 + 150, $0.1 + 20) }, in: folder)
            #expect(left.count == leftPoints.count && left == wholeLeft)
            #expect(right.count == rightPoints.count && right == wholeRight)
            // And every pixel, by Pillow's own crop.
            let compare = """
                import sys
                from PIL import Image, ImageChops
                whole = Image.open('whole.png').convert('RGB')
                for name, box in (('desk-LEFT.png', (0, 0, 120, 80)), ('desk-RIGHT.png', (150, 20, 210, 60))):
                    tile = Image.open(name).convert('RGB')
                    print(name, ImageChops.difference(tile, whole.crop(box)).getbbox())
                """
            let compared = try launch(
                ["-c", compare], in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(compared.output == "desk-LEFT.png None\ndesk-RIGHT.png None\n", "\(compared.standardError)")
        }
    }

    /// The label of a spanned wallpaper sits on the primary monitor, centred across it as
    /// on a wallpaper of its own, never on a seam: two equal monitors from a recorded
    /// xrandr listing, the second primary; the label's red ink (found by Pillow) lies
    /// wholly on the second, about its middle, and none reaches the first. (Centred when
    /// in the middle of the height; at the top the 4:1 span's winter peaks move it sideways
    /// into the sky, `LabelPlacement`, still on its monitor.)
    @Test func spannedLabelSitsOnThePrimaryMonitor() throws {
        try withTemporaryFolder { folder in
            let xrandr = """
                Screen 0: minimum 8 x 8, current 400 x 100, maximum 32767 x 32767
                A connected 200x100+0+0 (normal left inverted right x axis y axis) 527mm x 296mm
                   200x100       60.00*+
                B connected primary 200x100+200+0 (normal left inverted right x axis y axis) 527mm x 296mm
                   200x100       60.00*+

                """
            try xrandr.write(toFile: folder + "/desk.txt", atomically: true, encoding: .utf8)
            let findRed = """
                import sys
                from PIL import Image
                for name in sys.argv[1:]:
                    image = Image.open(name).convert('RGB')
                    xs = [x for y in range(image.height) for x in range(image.width)
                          if (lambda p: p[0] > 180 and p[1] < 90 and p[2] < 90)(image.getpixel((x, y)))]
                    print(name, (min(xs), max(xs)) if xs else None)
                """
            for position in ["center", "top"] {
                let span = try launch(
                    [
                        "-s", "winter", "--alpha", "0", "--text-color", "red", "--label-position", position, "--span",
                        "--monitors", "desk.txt", "-o", "d.png",
                    ], in: folder)
                #expect(span.status == 0, "\(span.standardError)")
                let found = try launch(
                    ["-c", findRed, "d-A.png", "d-B.png"], in: folder,
                    executable: URL(fileURLWithPath: "/usr/bin/python3"))
                let lines = found.output.split(separator: "\n").map(String.init)
                try #require(lines.count == 2, "\(found.standardError)")
                #expect(lines[0] == "d-A.png None", "\(position)")
                let extent = lines[1].dropFirst("d-B.png (".count).dropLast().split(separator: ",").compactMap {
                    Int($0.trimmingCharacters(in: .whitespaces))
                }
                try #require(extent.count == 2, "no red label on the primary monitor: \(lines[1])")
                #expect(extent[0] > 10 && extent[1] < 190, "\(position): the label reaches an edge: \(extent)")
                if position == "center" {
                    #expect(abs(Double(extent[0] + extent[1]) / 2 - 100) <= 3, "the label is not centred: \(extent)")
                }
            }
        }
    }

    /// A card is laid out for one screen; spread over monitors its lines would be cut at
    /// the seams, so `term` declares no --span (issue 28 item 12: its help and manual
    /// offered it) and refuses it before the monitors are looked for.
    @Test func aCardDoesNotSpan() throws {
        try withTemporaryFolder { folder in
            let result = try launch(["term", "冬至", "--span", "--monitors", "none.txt", "-o", "c.png"], in: folder)
            #expect(result.status == 64)
            #expect(result.standardError.contains("unknown option '--span'"), "\(result.standardError)")
            #expect(filesIn(folder).isEmpty)
        }
    }

    /// A monitor at 200 % beside one at 100 %: the canvas is laid out at 2 pixels per
    /// layout unit, the sharp monitor's tile is its part of the whole exactly, the other's
    /// is its part shrunk to its own pixels (compared with Pillow's own Lanczos shrink of
    /// the same part, within a few levels, since the filters differ).
    @Test func spanAcrossScales() throws {
        try withTemporaryFolder { folder in
            try "SHARP 80x80+0+0 scale 2\nPLAIN 40x40+40+0\n".write(
                toFile: folder + "/desk.txt", atomically: true, encoding: .utf8)
            let span = try launch(
                ["-s", "spring", "--label", "off", "--span", "--monitors", "desk.txt", "-o", "d.png"], in: folder)
            #expect(span.status == 0, "\(span.standardError)")
            let whole = try launch(
                ["-s", "spring", "--label", "off", "--size", "160x80", "-o", "whole.png"], in: folder)
            #expect(whole.status == 0, "\(whole.standardError)")
            #expect(try header(folder + "/d-SHARP.png") == (80, 80))
            #expect(try header(folder + "/d-PLAIN.png") == (40, 40))
            let compare = """
                from PIL import Image, ImageChops, ImageStat
                whole = Image.open('whole.png').convert('RGB')
                sharp = Image.open('d-SHARP.png').convert('RGB')
                print(ImageChops.difference(sharp, whole.crop((0, 0, 80, 80))).getbbox())
                plain = Image.open('d-PLAIN.png').convert('RGB')
                shrunk = whole.crop((80, 0, 160, 80)).resize((40, 40), Image.LANCZOS)
                print(max(ImageStat.Stat(ImageChops.difference(plain, shrunk)).mean))
                """
            let compared = try launch(
                ["-c", compare], in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            let lines = compared.output.split(separator: "\n")
            #expect(lines.count == 2, "\(compared.standardError)")
            #expect(lines.first == "None")
            #expect((lines.last.flatMap { Double($0) } ?? 99) < 3, "mean difference per channel: \(compared.output)")
        }
    }

    /// A write that fails part-way (a file above the size limit `ulimit -f` sets, the
    /// kernel's EFBIG, with SIGXFSZ ignored as a shell can leave it) is named, with what
    /// was written before it and what was not, and the status is 74. The small picture is
    /// below the limit, the large one above it.
    @Test func aFailedWriteIsNamed() throws {
        try withTemporaryFolder { folder in
            func limited(_ arguments: [String]) throws -> RunResult {
                let wallgen = productsFolder.appendingPathComponent("wallgen").path
                return try launch(
                    ["-c", "trap '' XFSZ; ulimit -f 32; exec \"$@\"", "bash", wallgen] + arguments, in: folder,
                    executable: URL(fileURLWithPath: "/bin/bash"))
            }
            let second = try limited(["--size", "8x8", "--size", "600x400", "-o", "x.png"])
            #expect(second.status == 74, "\(second.standardError)")
            #expect(
                second.standardError.contains("(2 of 2; written before it: x-8x8.png)"), "\(second.standardError)")
            #expect(!second.standardError.contains("Wrote 2 pictures"))
            #expect(filesIn(folder) == ["x-8x8.png"], "the failed file left nothing")
            try FileManager.default.removeItem(atPath: folder + "/x-8x8.png")
            let first = try limited(["--size", "600x400", "--size", "8x8", "-o", "x.png"])
            #expect(first.status == 74, "\(first.standardError)")
            #expect(
                first.standardError.contains("(1 of 2; none was written; not written: x-8x8.png)"),
                "\(first.standardError)")
            #expect(filesIn(folder) == [])
        }
    }

    /// A link planted at a name wallgen derives (`x-100x60.png`) is refused before any
    /// picture is written (73), and the file it points at is left alone.
    @Test func aLinkAtADerivedNameIsRefusedFirst() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/x-100x60.png", withDestinationPath: "/dev/full")
            let refused = try launch(["--size", "100x50", "--size", "100x60", "-o", "x.png"], in: folder)
            #expect(refused.status == 73, "\(refused.standardError)")
            #expect(refused.standardError.contains("x-100x60.png' is a symbolic link inside the output folder"))
            #expect(filesIn(folder) == ["x-100x60.png"])
        }
    }

    @Test func monitorsNeedTheirOwnFiles() throws {
        try withTemporaryFolder { folder in
            try "A 30x20+0+0\nB 30x20+30+0\n".write(toFile: folder + "/two.txt", atomically: true, encoding: .utf8)
            let result = try launch(["--device", "here", "--monitors", "two.txt", "-o", "x-{w}.png"], in: folder)
            #expect(result.status == 64, "\(result.standardError)")
            #expect(result.standardError.contains("two monitors would get the same file; put {device} in the name"))
            #expect(filesIn(folder) == ["two.txt"])
            let named = try launch(
                ["--device", "here", "--monitors", "two.txt", "-o", "{device}-{w}x{h}.png", "-q"], in: folder)
            #expect(named.status == 0 && named.standardError.isEmpty, "\(named.standardError)")
            #expect(filesIn(folder) == ["A-30x20.png", "B-30x20.png", "two.txt"])
        }
    }

    @Test(arguments: [
        ("HUGE 20000x10+0+0\n", 65, "the monitor HUGE is 20000x10; its sides must be 1 to 16384 pixels"),
        ("A 100x100+0+0\nB 100x100+16300+0\n", 64, "--span: the monitors' layout is 16400x100"),
        ("A 100x100+0+0\nB 100x100+100+0\n", 64, "the canvas 200x100 is 20000 pixels, above the limit of 15000"),
    ])
    func spanLayoutsBeyondTheLimits(layout: String, status: Int32, message: String) throws {
        try withTemporaryFolder { folder in
            try layout.write(toFile: folder + "/desk.txt", atomically: true, encoding: .utf8)
            let result = try launch(
                ["--span", "--monitors", "desk.txt", "--max-pixels", "15000", "-o", "d.png"], in: folder,
                environment: traced())
            #expect(result.status == status, "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!result.standardError.contains("wallgen: decode"))
            #expect(filesIn(folder) == ["desk.txt"])
        }
    }

    @Test(arguments: [
        ("/dev/zero", "cannot read /dev/zero: it is not a regular file"),
        ("missing.txt", "cannot read missing.txt: it does not exist"),
        (".", "cannot read .: it is a folder"),
    ])
    func unreadableLayoutFiles(path: String, message: String) throws {
        try withTemporaryFolder { folder in
            let result = try launch(["--span", "--monitors", path, "-o", "d.png"], in: folder)
            #expect(result.status == 66, "\(result.standardError)")
            #expect(result.standardError == "Error: \(message)\n")
            #expect(filesIn(folder).isEmpty)
        }
    }

    @Test func spanWithoutMonitorsWritesNothing() throws {
        try withTemporaryFolder { folder in
            try "# nothing connected\n".write(toFile: folder + "/none.txt", atomically: true, encoding: .utf8)
            let result = try launch(["--span", "--monitors", "none.txt", "-o", "desk.png"], in: folder)
            #expect(result.status == 69, "\(result.standardError)")
            #expect(result.standardError.contains("no monitors found from none.txt"), "\(result.standardError)")
            #expect(filesIn(folder) == ["none.txt"])
            var environment = ProcessInfo.processInfo.environment
            for name in ["DISPLAY", "WAYLAND_DISPLAY", "SWAYSOCK", "XDG_CURRENT_DESKTOP"] {
                environment.removeValue(forKey: name)
            }
            let noSession = try launch(["--span", "-o", "desk.png"], in: folder, environment: environment)
            #expect(noSession.status == 69 && noSession.standardError.contains("no graphical session"))
            #expect(filesIn(folder) == ["none.txt"])
        }
    }

    /// A real X server and the real xrandr: `devices --here` lists its screen, and
    /// `--device here` makes one picture of that size, named by the output.
    @Test(
        .enabled(
            if: ReferenceTests.installed("Xvfb") && ReferenceTests.installed("xrandr"),
            "Xvfb or xrandr is not installed (xvfb, x11-xserver-utils)"))
    func monitorsOfARealXServer() throws {
        try withTemporaryFolder { folder in
            let number = try #require(
                (70..<200).first { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock") })
            let display = ":\(number)"
            let server = try BackgroundProgram(
                "/usr/bin/Xvfb", [display, "-screen", "0", "200x150x24", "-nolisten", "tcp"])
            defer { server.stop() }
            let socket = "/tmp/.X11-unix/X\(number)"
            for _ in 0..<100 where !FileManager.default.fileExists(atPath: socket) { usleep(50_000) }
            var environment = ProcessInfo.processInfo.environment
            for name in ["WAYLAND_DISPLAY", "SWAYSOCK", "XDG_CURRENT_DESKTOP"] { environment.removeValue(forKey: name) }
            environment["DISPLAY"] = display
            let listed = try launch(["devices", "--here"], in: folder, environment: environment)
            #expect(listed.status == 0, "\(listed.standardError)")
            #expect(
                listed.output
                    == "MONITORS (from xrandr --query; use with --device here or --span):\n  screen      200x150    at 0,0\n"
            )
            let made = try launch(
                ["-s", "winter", "--device", "here", "-o", "x.png"], in: folder, environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(filesIn(folder) == ["x-screen.png"])
            #expect(try header(folder + "/x-screen.png") == (200, 150))
        }
    }

    /// A CSS name and a three-digit colour reach the pixels: the middle of the top of a
    /// wallpaper with no picture showing (alpha 0) and no label is the base colour.
    @Test(arguments: [("red", [255, 0, 0]), ("#0F8", [0, 255, 136]), ("MidnightBlue", [25, 25, 112])])
    func colourNamesReachThePixels(name: String, rgb: [Int]) throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["--base", name, "--alpha", "0", "--label", "off", "--size", "20x20", "-o", "c.png"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try Self.pillowPixels("c.png", [(10, 2)], in: folder) == [rgb])
        }
    }
}
