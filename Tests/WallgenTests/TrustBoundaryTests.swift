import Foundation
import TestSupport
import Testing

/// The hostile cases of issue 26, run against the built binary: links and FIFOs in an
/// output folder, planted and damaged reports, notes that lie, names no file system can
/// hold, secrets as inputs, and files cut short under `--resume`.
@Suite struct TrustBoundaryTests {
    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func report(_ path: String) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
    }

    /// Runs wallgen under `timeout`, so a batch that would hang on a FIFO fails the test.
    static func run(_ arguments: [String], in folder: String) throws -> RunResult {
        try launch(
            ["--signal=KILL", "120", productsFolder.appendingPathComponent("wallgen").path] + arguments, in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/timeout"))
    }

    /// Item 2: a link to a folder elsewhere, a dangling link to a file elsewhere and a FIFO
    /// inside `-o`: their rows fail as not retryable, nothing is written outside, nothing
    /// hangs, the other row is made.
    @Test func batchRowsFollowNoLinkAndWriteToNoFIFO() throws {
        try withTemporaryFolder { folder in
            let fileManager = FileManager.default
            try fileManager.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            try fileManager.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
            try fileManager.createSymbolicLink(atPath: folder + "/out/sub", withDestinationPath: "../elsewhere")
            try fileManager.createSymbolicLink(atPath: folder + "/out/x.png", withDestinationPath: "../elsewhere/x.png")
            #expect(mkfifo(folder + "/out/fifo.png", 0o600) == 0)
            try Self.write(
                ["sub/a.png", "x.png", "fifo.png", "ok.png"].map {
                    "{\"season\":\"winter\",\"size\":\"24x16\",\"output\":\"\($0)\"}"
                }.joined(separator: "\n") + "\n", to: folder + "/m.jsonl")
            let batch = try Self.run(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            #expect(batch.status == 65, "a row that cannot be written there never says retry: \(batch.standardError)")
            #expect(filesIn(folder + "/elsewhere") == [], "a row wrote outside -o")
            #expect(fileManager.fileExists(atPath: folder + "/out/ok.png"))
            #expect(batch.standardError.contains("row 1: output sub/a.png: 'out/sub' is a symbolic link"))
            #expect(batch.standardError.contains("row 2: output x.png: 'out/x.png' is a symbolic link"))
            #expect(batch.standardError.contains("row 3: output fifo.png: 'out/fifo.png' is a FIFO"))
        }
    }

    /// Makes a two-row batch in `folder/out` and returns its report's path.
    static func makeBatch(in folder: String) throws -> String {
        try write(
            "{\"season\":\"winter\",\"size\":\"24x16\",\"output\":\"a.png\"}\n"
                + "{\"season\":\"summer\",\"size\":\"24x16\",\"output\":\"b/b.png\"}\n", to: folder + "/m.jsonl")
        let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
        #expect(batch.status == 0, "\(batch.standardError)")
        return folder + "/out/.wallgen-report-0-of-1.json"
    }

    /// Writes `report` with `change` applied to its JSON object.
    static func tamper(_ path: String, _ change: (inout [String: Any]) -> Void) throws {
        var object = try report(path)
        change(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    /// Item 3: a report is data. The folder it names is ignored; outputs outside the
    /// folder, absurd numbers and deleted outputs are refused with a status, never a
    /// crash, never "All rows are done".
    @Test func gatherTrustsNoReport() throws {
        try withTemporaryFolder { folder in
            let reportPath = try Self.makeBatch(in: folder)
            try FileManager.default.createDirectory(atPath: folder + "/victim", withIntermediateDirectories: true)
            try Self.write("mine", to: folder + "/victim/index.html")
            try Self.tamper(reportPath) { $0["folder"] = folder + "/victim" }
            let gathered = try Self.run(["gather", "out"], in: folder)
            #expect(gathered.status == 0, "\(gathered.standardError)")
            #expect(try String(contentsOfFile: folder + "/victim/index.html", encoding: .utf8) == "mine")
            #expect(filesIn(folder + "/victim") == ["index.html"])
            #expect(FileManager.default.fileExists(atPath: folder + "/out/index.html"))
            let original = try Self.report(reportPath)
            for (output, name) in [("../victim/index.html", "outside"), (folder + "/out/a.png", "absolute")] {
                try Self.tamper(reportPath) { object in
                    var results = object["results"] as! [[String: Any]]
                    results[0]["output"] = output
                    object["results"] = results
                }
                let refused = try Self.run(["gather", "out", "--no-gallery"], in: folder)
                #expect(refused.status == 65, "\(name): \(refused.standardError)")
                #expect(refused.standardError.contains("is not a path inside the batch's folder"), "\(name)")
                try JSONSerialization.data(withJSONObject: original).write(to: URL(fileURLWithPath: reportPath))
            }
            for rows in [-1, 0, 100_000_000_000, 3_000_000_000] {
                try Self.tamper(reportPath) { $0["rows"] = rows }
                let refused = try Self.run(["gather", "out", "--no-gallery"], in: folder)
                #expect(refused.status == 65, "rows \(rows): \(refused.standardError)")
                #expect(refused.standardError.contains("outside what a batch can have"), "rows \(rows)")
            }
            try JSONSerialization.data(withJSONObject: original).write(to: URL(fileURLWithPath: reportPath))
            try FileManager.default.removeItem(atPath: folder + "/out/b/b.png")
            let deleted = try Self.run(["gather", "out"], in: folder)
            #expect(deleted.status == 66, "\(deleted.standardError)")
            #expect(!deleted.standardError.contains("All 2 rows are done"))
            #expect(deleted.standardError.contains("row 2:"), "\(deleted.standardError)")
        }
    }

    /// Item 7: the spec hash is SHA-256 applied once, as BATCH.md says: Python's hashlib
    /// over the command and each argument, each followed by NUL, gives the note's hash.
    @Test func specHashIsOneSHA256AsDocumented() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["--size", "24x16", "--season", "autumn", "--alpha", "0.7", "-o", "a.png"], in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            let inspected = try launch(["inspect", "a.png", "--json"], in: folder)
            let note = try #require(
                try JSONSerialization.jsonObject(with: Data(inspected.standardOutput)) as? [String: Any])
            let words = [note["command"] as! String] + (note["args"] as! [String])
            let hashed = try launch(
                [
                    "-c",
                    "import hashlib, sys; print(hashlib.sha256(b''.join(w.encode() + b'\\0' for w in sys.argv[1:])).hexdigest(), end='')",
                ] + words, in: folder, executable: URL(fileURLWithPath: "/usr/bin/python3"))
            #expect(hashed.output == note["hash"] as? String, "\(note)")
        }
    }

    /// Writes a PNG made by wallgen without a note, with `note` added as its iTXt chunk,
    /// the hash computed as the docs say.
    static func plantNote(version: String, command: String, arguments: [String], in folder: String, as name: String)
        throws
    {
        let plain = try launch(["--size", "24x16", "--no-metadata", "-o", "plain.png"], in: folder)
        #expect(plain.status == 0, "\(plain.standardError)")
        let program = """
            import hashlib, json, struct, sys, zlib
            version, command, args = sys.argv[1], sys.argv[2], sys.argv[3:-2]
            source, target = sys.argv[-2], sys.argv[-1]
            digest = hashlib.sha256(b''.join(w.encode() + b'\\0' for w in [command] + args)).hexdigest()
            note = json.dumps({"wallgen": version, "command": command, "args": args, "hash": digest}, ensure_ascii=False, separators=(',', ':'))
            data = b'wallgen\\0\\0\\0\\0\\0' + note.encode()
            chunk = struct.pack('>I', len(data)) + b'iTXt' + data + struct.pack('>I', zlib.crc32(b'iTXt' + data))
            png = open(source, 'rb').read()
            open(target, 'wb').write(png[:33] + chunk + png[33:])
            """
        let planted = try launch(
            ["-c", program, version, command] + arguments + ["plain.png", name], in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(planted.status == 0, "\(planted.standardError)")
    }

    /// Item 6: a note's version and arguments reach the terminal escaped, and a note whose
    /// arguments are an action or another command is not printed as the command that
    /// makes the picture.
    @Test func inspectShowsNotesAsDataNeverAsCommands() throws {
        try withTemporaryFolder { folder in
            try Self.plantNote(
                version: "0.2.0\u{1B}[2J\rcommand: wallgen --evil\u{9B}", command: "wallpaper",
                arguments: ["--background", "x.jpg\r--background /etc/shadow"], in: folder,
                as: "escapes.png")
            let shown = try launch(["inspect", "escapes.png"], in: folder)
            #expect(shown.status == 0, "\(shown.standardError)")
            let everything = shown.output + shown.standardError
            #expect(
                !everything.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{9B}" }, "\(everything)")
            #expect(shown.output.contains("--background $'x.jpg\\r--background /etc/shadow'"), "\(shown.output)")
            #expect(shown.output.contains("made by: wallgen $'0.2.0\\x1B[2J\\rcommand: wallgen --evil\\u009B'"))
            let json = try launch(["inspect", "escapes.png", "--json"], in: folder)
            #expect(!json.output.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{9B}" })
            for (arguments, name) in [(["schedule", "--uninstall"], "schedule"), (["--apply"], "apply")] {
                try Self.plantNote(
                    version: "0.2.0", command: "wallpaper", arguments: arguments, in: folder, as: name + ".png")
                let refused = try launch(["inspect", name + ".png"], in: folder)
                #expect(refused.status == 65, "\(name): \(refused.output) \(refused.standardError)")
                #expect(!refused.output.contains("command:"), "\(name): \(refused.output)")
                #expect(refused.standardError.contains("do not describe a picture"), "\(refused.standardError)")
            }
        }
    }

    /// Item 8: statuses say whether a retry can help.
    @Test func exitStatusesNeverSayRetryForTheImpossible() throws {
        try withTemporaryFolder { folder in
            let long = String(repeating: "n", count: 300) + ".png"
            let alone = try launch(["--size", "24x16", "-o", long], in: folder)
            #expect(alone.status == 73, "\(alone.standardError)")
            #expect(alone.standardError.contains("255 bytes"))
            try Self.write(
                "{\"size\":\"24x16\",\"output\":\"\(long)\"}\n{\"size\":\"24x16\",\"output\":\"a\\u0000b.png\"}\n"
                    + "{\"size\":\"24x16\",\"output\":\"a\\u0000c.png\"}\n"
                    + "{\"size\":\"24x16\",\"output\":\"r.png\"}\n", to: folder + "/m.jsonl")
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "--report", "out/r.png"], in: folder)
            #expect(batch.status == 65, "\(batch.standardError)")
            #expect(batch.standardError.contains("row 1: 'output' has a part of 304 bytes"))
            #expect(batch.standardError.contains("row 2: 'output' holds a NUL character"))
            #expect(batch.standardError.contains("row 3: 'output' holds a NUL character"))
            #expect(batch.standardError.contains("row 4: output r.png is the report's file"))
            #expect(batch.standardError.contains("Nothing was rendered"))
            try Self.write("{\"size\":\"24x16\",\"output\":\"sub/a.png\"}\n", to: folder + "/through.jsonl")
            let through = try launch(["batch", "through.jsonl", "-o", "out2", "--report", "out2/sub"], in: folder)
            #expect(through.status == 65 && through.standardError.contains("on its way"), "\(through.standardError)")
            #expect(BatchCommandTests.pictures(in: folder + "/out2") == [])
        }
    }

    /// Item 8: two shards starting at once on a folder that does not exist yet both
    /// succeed (one used to exit 74 "File exists").
    @Test func shardsMakingTheSameFolderBothSucceed() throws {
        try withTemporaryFolder { folder in
            try Self.write(
                "{\"size\":\"16x16\",\"output\":\"a.png\"}\n{\"size\":\"16x16\",\"output\":\"b.png\"}\n",
                to: folder + "/m.jsonl")
            for round in 0..<10 {
                let shards = try (0..<2).map { index in
                    try BatchCommandTests.start(
                        ["batch", "m.jsonl", "-o", "new-\(round)", "--shard", "\(index)/2", "-q"], in: folder)
                }
                for shard in shards {
                    shard.waitUntilExit()
                    #expect(shard.terminationStatus == 0, "round \(round)")
                }
            }
        }
    }

    /// Item 8: a pixel buffer the process cannot have (a low `ulimit -v`) exits 75 with a
    /// message, not a crash.
    @Test func outOfMemoryForPixelsIsARetry() throws {
        try withTemporaryFolder { folder in
            let wallgen = productsFolder.appendingPathComponent("wallgen").path
            let run = try launch(
                [
                    "-c",
                    "ulimit -v 600000; exec \"$0\" --size 16384x16384 --max-pixels 300000000 -o big.png",
                    wallgen,
                ], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(run.status == 75, "\(run.standardError)")
            #expect(run.standardError.contains("out of memory for a pixel buffer"), "\(run.standardError)")
            #expect(filesIn(folder) == [], "nothing half-written")
        }
    }

    /// Item 9: an input that is not a picture is named by its kind; its first bytes never
    /// reach standard error or a batch's report.
    @Test func aSecretFilesBytesAreNeverShown() throws {
        try withTemporaryFolder { folder in
            try Self.write("root:$6$secrethash:19000:0:99999:7:::\n", to: folder + "/shadow")
            let alone = try launch(["--size", "24x16", "--background", "shadow", "-o", "x.png"], in: folder)
            #expect(alone.status == 65)
            #expect(alone.standardError.contains("it looks like text"), "\(alone.standardError)")
            try Self.write(
                "{\"size\":\"24x16\",\"background\":\"shadow\",\"output\":\"x.png\"}\n", to: folder + "/m.jsonl")
            let batch = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            let report = try String(contentsOfFile: folder + "/out/.wallgen-report-0-of-1.json", encoding: .utf8)
            for text in [alone.standardError, batch.standardError, report] {
                #expect(!text.contains("root") && !text.contains("72 6F") && !text.contains("secret"), "\(text)")
            }
        }
    }

    /// Names from a manifest, and reasons from a report, reach the terminal with their
    /// control characters shown as escapes, in `batch`'s and `gather`'s messages alike.
    @Test func namesFromDataReachTheTerminalEscaped() throws {
        try withTemporaryFolder { folder in
            // A file where the row's folder should be: the row fails naming it.
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            try Self.write("", to: folder + "/out/a\u{1B}[2J\rb")
            try Self.write("{\"size\":\"24x16\",\"output\":\"a\\u001b[2J\\rb/x.png\"}\n", to: folder + "/m.jsonl")
            let batch = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
            let gather = try launch(["gather", "out"], in: folder)
            #expect(batch.status == 65 && gather.status == 65)
            for text in [batch.standardError, gather.standardError] {
                #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" }, "\(text)")
                #expect(text.contains("a<U+001B>[2J<U+000D>b"), "\(text)")
            }
        }
    }

    /// Item 10: `--resume` and gather check the file, not only its note: a PNG cut inside
    /// its image data, a WebP holding only its XMP and a JPEG without its end marker are
    /// made again, and gather refuses them.
    @Test func resumeAndGatherCheckTheFileIsWhole() throws {
        try withTemporaryFolder { folder in
            try Self.write(
                ["a.png", "b.webp", "c.jpg", "d.png"].map { "{\"size\":\"40x24\",\"output\":\"\($0)\"}" }
                    .joined(separator: "\n") + "\n", to: folder + "/m.jsonl")
            let first = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            #expect(first.status == 0, "\(first.standardError)")
            let out = folder + "/out/"
            let png = try Data(contentsOf: URL(fileURLWithPath: out + "a.png"))
            try png.prefix(png.count - 40).write(to: URL(fileURLWithPath: out + "a.png"))
            let jpeg = try Data(contentsOf: URL(fileURLWithPath: out + "c.jpg"))
            try jpeg.prefix(jpeg.count - 2).write(to: URL(fileURLWithPath: out + "c.jpg"))
            // The WebP without its image chunk: the RIFF header, VP8X and XMP only.
            var webp = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "b.webp")))
            var kept: [UInt8] = []
            var offset = 12
            while offset + 8 <= webp.count {
                let length =
                    Int(webp[offset + 4]) | Int(webp[offset + 5]) << 8 | Int(webp[offset + 6]) << 16
                    | Int(webp[offset + 7]) << 24
                let end = min(webp.count, offset + 8 + length + (length & 1))
                let type = String(decoding: webp[offset..<(offset + 4)], as: UTF8.self)
                if type != "VP8 " && type != "VP8L" { kept += webp[offset..<end] }
                offset = end
            }
            let size = UInt32(4 + kept.count)
            webp = Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WEBP".utf8) + kept
            try Data(webp).write(to: URL(fileURLWithPath: out + "b.webp"))
            let inspected = try launch(["inspect", out + "b.webp"], in: folder)
            #expect(inspected.status == 0, "the XMP-only WebP still carries its note: \(inspected.standardError)")
            let gathered = try launch(["gather", "out", "--no-gallery"], in: folder)
            #expect(gathered.status == 65, "\(gathered.standardError)")
            for row in 1...3 { #expect(gathered.standardError.contains("row \(row):"), "\(gathered.standardError)") }
            let resumed = try launch(["batch", "m.jsonl", "-o", "out", "--resume"], in: folder)
            #expect(resumed.status == 0, "\(resumed.standardError)")
            #expect(resumed.standardError.contains("3 rendered, 1 skipped"), "\(resumed.standardError)")
            let again = try launch(["gather", "out", "--no-gallery"], in: folder)
            #expect(again.status == 0, "\(again.standardError)")
        }
    }
}
