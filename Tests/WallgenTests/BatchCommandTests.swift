import Compositor
import Foundation
import TestSupport
import Testing

/// `wallgen batch`, `gather`, `plan` and `inspect`, run as a person or a job engine runs
/// them. Renders are tiny (64x40 and 48x80) so the whole suite stays quick.
@Suite struct BatchCommandTests {
    /// Eight rows: cards and wallpapers, two sizes, both languages, a person's text, a
    /// subfolder, a default output name and a defaults row.
    static let manifest = """
        {"defaults": {"size": "64x40"}}
        {"command": "term", "term": "冬至", "lang": "en", "output": "en/22-dongzhi.png"}
        {"command": "term", "term": "qingming", "output": "zh/05-qingming.png", "text": "春暖花開"}
        {"command": "term", "term": "1"}
        {"season": "winter", "alpha": 0.8, "output": "w/winter.png", "text": "冬至快樂", "vertical": true}
        {"season": "summer", "size": "48x80", "output": "w/summer-tall.png", "dark": true}
        {"command": "term", "term": "dahan", "year": 2026, "size": "48x80", "output": "zh/24-dahan.png"}
        {"date": "2026-04-05", "output": "w/spring.png", "label": "off"}
        {"command": "term", "term": "lixia", "lang": "en", "alpha": 0.6, "base": "#102030", "output": "en/07-lixia.png"}

        """

    static func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The files under `folder` (relative paths), leaving out hidden ones (reports).
    static func pictures(in folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder)
            if exists, !isFolder.boolValue, !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
                files.append(path)
            }
        }
        return files.sorted()
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func report(_ path: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: bytes(path)) as? [String: Any])
    }

    /// Starts `wallgen` with `arguments` without waiting.
    static func start(_ arguments: [String], in folder: String, environment: [String: String]? = nil) throws
        -> Process
    {
        let process = Process()
        process.executableURL = productsFolder.appendingPathComponent("wallgen")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        if let environment { process.environment = environment }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// N shards launched side by side make exactly the files and bytes of the unsharded
    /// run, for N = 1, 2, 3 and 7; each row is what the same command makes alone; and
    /// gather checks the reports and makes one gallery over the set.
    @Test func shardsTogetherEqualTheWholeRun() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Self.write(Self.manifest, to: folder + "/m.jsonl")
        let whole = try launch(["batch", "m.jsonl", "-o", "whole", "-q"], in: folder)
        #expect(whole.status == 0, "\(whole.standardError)")
        let expected = [
            "01-lichun.png", "en/07-lixia.png", "en/22-dongzhi.png", "w/spring.png", "w/summer-tall.png",
            "w/winter.png", "zh/05-qingming.png", "zh/24-dahan.png",
        ]
        #expect(Self.pictures(in: folder + "/whole") == expected)
        let wholeReport = try Self.report(folder + "/whole/.wallgen-report-0-of-1.json")
        #expect(wholeReport["done"] as? Int == 8 && wholeReport["failed"] as? Int == 0)

        for count in [1, 2, 3, 7] {
            let shardFolder = "shards-\(count)"
            let processes = try (0..<count).map { index in
                try Self.start(["batch", "m.jsonl", "-o", shardFolder, "--shard", "\(index)/\(count)"], in: folder)
            }
            for process in processes {
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "shard of \(count)")
            }
            #expect(Self.pictures(in: folder + "/" + shardFolder) == expected, "\(count) shards")
            for name in expected {
                #expect(
                    try Self.bytes(folder + "/whole/" + name) == Self.bytes(folder + "/\(shardFolder)/" + name),
                    "\(name) with \(count) shards")
            }
            var rendered = 0
            for index in 0..<count {
                let report = try Self.report(folder + "/\(shardFolder)/.wallgen-report-\(index)-of-\(count).json")
                let rows = try #require(report["results"] as? [[String: Any]])
                #expect(rows.allSatisfy { ($0["index"] as? Int).map { $0 % count == index } ?? false })
                rendered += rows.count
            }
            #expect(rendered == 8)
        }

        // Each row is byte for byte the command run alone.
        let alone: [(String, [String])] = [
            ("en/22-dongzhi.png", ["term", "冬至", "--lang", "en", "--size", "64x40"]),
            (
                "w/winter.png",
                ["--season", "winter", "--alpha", "0.8", "--text", "冬至快樂", "--vertical", "--size", "64x40"]
            ),
            ("w/summer-tall.png", ["--dark", "--size=48x80", "-s", "summer"]),
        ]
        for (name, arguments) in alone {
            let result = try launch(arguments + ["-o", "alone.png", "-q"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(try Self.bytes(folder + "/alone.png") == Self.bytes(folder + "/whole/" + name), "\(name)")
        }

        // Gather over the three shards' folder.
        let gathered = try launch(["gather", "shards-3"], in: folder)
        #expect(gathered.status == 0, "\(gathered.standardError)")
        let sheet = try ImageDecoder.decode([UInt8](Self.bytes(folder + "/shards-3/contact-sheet.png")))
        #expect(sheet.width > 8 * 120)
        let page = try String(contentsOfFile: folder + "/shards-3/index.html", encoding: .utf8)
        for name in expected { #expect(page.contains("src=\"\(name)\""), "\(name) on the page") }
        // A shard's report missing: 66, naming the shard.
        try FileManager.default.removeItem(atPath: folder + "/shards-3/.wallgen-report-1-of-3.json")
        let missing = try launch(["gather", "shards-3", "--no-gallery"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("no report from shard 1/3"), "\(missing.standardError)")
    }

    /// A shard killed outright midway, run again with --resume, finishes with the same
    /// bytes and renders only the rows that were missing, as its report counts them. The
    /// kill comes as the fourth picture is about to take its name (the test hook), so it
    /// is midway however fast the machine is.
    @Test func killedShardResumes() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Self.write(Self.manifest, to: folder + "/m.jsonl")
        let reference = try launch(["batch", "m.jsonl", "-o", "reference", "-q"], in: folder)
        #expect(reference.status == 0, "\(reference.standardError)")

        var environment = ProcessInfo.processInfo.environment
        environment["WALLGEN_TEST_STOP_BEFORE_RENAME"] = "4"
        let process = try Self.start(
            ["batch", "m.jsonl", "-o", "out", "--jobs", "1"], in: folder, environment: environment)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let before = Self.pictures(in: folder + "/out")
        #expect(before.count == 3, "\(before)")
        // Killed outright: no report, no temporary file.
        let hidden = try FileManager.default.contentsOfDirectory(atPath: folder + "/out").filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "\(hidden)")

        let resumed = try launch(["batch", "m.jsonl", "-o", "out", "--resume", "-q"], in: folder)
        #expect(resumed.status == 0, "\(resumed.standardError)")
        let report = try Self.report(folder + "/out/.wallgen-report-0-of-1.json")
        #expect(report["skipped"] as? Int == before.count)
        #expect(report["done"] as? Int == 8 - before.count)
        let results = try #require(report["results"] as? [[String: Any]])
        let skipped = results.filter { $0["status"] as? String == "skipped" }.compactMap { $0["output"] as? String }
        #expect(skipped.sorted() == before)
        for name in Self.pictures(in: folder + "/reference") {
            #expect(try Self.bytes(folder + "/reference/" + name) == Self.bytes(folder + "/out/" + name), "\(name)")
        }
        // A file whose spec differs is made again, not skipped.
        try Self.bytes(folder + "/reference/w/spring.png").write(
            to: URL(fileURLWithPath: folder + "/out/01-lichun.png"))
        let again = try launch(["batch", "m.jsonl", "-o", "out", "--resume", "-q"], in: folder)
        #expect(again.status == 0)
        let secondReport = try Self.report(folder + "/out/.wallgen-report-0-of-1.json")
        #expect(secondReport["skipped"] as? Int == 7 && secondReport["done"] as? Int == 1)
        #expect(try Self.bytes(folder + "/reference/01-lichun.png") == Self.bytes(folder + "/out/01-lichun.png"))
    }

    /// `inspect` prints a command that makes the picture again, byte for byte, for
    /// every command that writes one, however its options were typed.
    @Test func inspectRoundTripsTheSpec() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let commands: [[String]] = [
            ["term", "冬至", "--lang=en", "--size", "64x40", "--year", "2026"],
            ["term", "--date", "2026-11-29", "-t", "冬至快樂 🎉", "--alpha", "0.7", "--size", "64x40"],
            ["--season", "autumn", "--text", "it's \"fall\"", "--label-position", "bottom", "--size", "64x40"],
            ["--size", "48x80", "--dark"],
            ["--date", "2026-03-01", "--season-rule", "solar-terms", "--hemisphere", "south", "--size", "64x40"],
        ]
        for (number, command) in commands.enumerated() {
            let made = try launch(command + ["-o", "made-\(number).png", "-q"], in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            let inspected = try launch(["inspect", "made-\(number).png"], in: folder)
            #expect(inspected.status == 0, "\(inspected.standardError)")
            let line = try #require(
                inspected.output.split(separator: "\n").first { $0.hasPrefix("command: wallgen") })
            let commandLine = line.dropFirst("command: wallgen".count)
            let binary = productsFolder.appendingPathComponent("wallgen").path
            let again = try launch(
                ["-c", "'\(binary)'\(commandLine) -o again-\(number).png -q"], in: folder,
                executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(again.status == 0, "\(again.standardError)")
            #expect(
                try Self.bytes(folder + "/made-\(number).png") == Self.bytes(folder + "/again-\(number).png"),
                "\(command) re-made as\(commandLine)")
            let json = try launch(["inspect", "made-\(number).png", "--json"], in: folder)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            #expect(object["wallgen"] as? String == "0.2.0")
            #expect((object["hash"] as? String)?.count == 64)
        }
        // A card of `wallgen terms` is recorded as the `wallgen term` command that makes it.
        let terms = try launch(
            ["terms", "--season", "winter", "--size", "64x40", "--lang", "en", "--alpha", "0.9", "-o", "cards", "-q"],
            in: folder)
        #expect(terms.status == 0, "\(terms.standardError)")
        let card = try launch(["inspect", "cards/22-dongzhi.png"], in: folder)
        #expect(
            card.output.hasPrefix("command: wallgen term dongzhi --size 64x40 --lang en --alpha 0.9\n"),
            "\(card.output)")
        let single = try launch(
            ["term", "dongzhi", "--size", "64x40", "--lang", "en", "--alpha", "0.9", "-o", "single.png", "-q"],
            in: folder)
        #expect(single.status == 0)
        #expect(try Self.bytes(folder + "/single.png") == Self.bytes(folder + "/cards/22-dongzhi.png"))

        let plain = try launch(["--size", "64x40", "--no-metadata", "-o", "plain.png", "-q"], in: folder)
        #expect(plain.status == 0)
        let none = try launch(["inspect", "plain.png"], in: folder)
        #expect(none.status == 65)
        #expect(none.standardError.contains("has no wallgen note"), "\(none.standardError)")
    }

    /// Every bad manifest and flag of the issue: a clear message naming the row (and
    /// column), the documented status, and nothing rendered.
    @Test func badInputIsRefusedBeforeRendering() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let good = "{\"size\": \"64x40\", \"output\": \"a.png\"}\n"
        let cases: [(String, String, Int32, String)] = [
            ("m.jsonl", good + "{\"size\": \"64x40\" \"output\": \"b.png\"}\n", 65, "row 2, column 18"),
            (
                "m.csv", "output,size\na.png,64x40\nb\"c.png,64x40\n", 65,
                "row 3, column 2: a quote inside an unquoted field"
            ),
            (
                "m.jsonl", good + "{\"colour\": \"red\", \"output\": \"b.png\"}\n", 65,
                "row 2: unknown key 'colour' for wallpaper"
            ),
            ("m.jsonl", "{\"output\": \"../b.png\"}\n", 65, "row 1: 'output' ../b.png leaves the output folder"),
            ("m.jsonl", "{\"output\": \"/tmp/b.png\"}\n", 65, "is absolute"),
            (
                "m.jsonl", good + "\n{\"season\": \"winter\", \"output\": \"./a.png\"}\n", 65,
                "row 3: output a.png is also row 1's"
            ),
            ("m.jsonl", "{\"command\": \"apply\", \"output\": \"b.png\"}\n", 65, "command 'apply' cannot be a row"),
            ("m.jsonl", "{\"apply\": true, \"output\": \"b.png\"}\n", 65, "'apply' a batch sets no wallpaper"),
            ("m.jsonl", "{\"output\": \"-\"}\n", 65, "cannot be a row's output"),
            ("m.jsonl", "{\"alpha\": 2, \"output\": \"b.png\"}\n", 65, "row 1: --alpha"),
            ("m.jsonl", "\n", 65, "it has no rows"),
        ]
        for (name, text, status, message) in cases {
            try Self.write(text, to: folder + "/" + name)
            let result = try launch(["batch", name, "-o", "out"], in: folder)
            #expect(result.status == status, "\(text): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(text): \(result.standardError)")
            #expect(result.standardError.contains("Nothing was rendered."))
            #expect(!FileManager.default.fileExists(atPath: folder + "/out"), "\(text)")
        }
        try Self.write(good, to: folder + "/m.jsonl")
        let flags: [([String], Int32, String)] = [
            (["batch", "m.jsonl", "--shard", "3/3"], 64, "--shard: shard 3/3 does not exist"),
            (["batch", "m.jsonl", "--shard", "1/0"], 64, "--shard: the shard count must be at least 1, not 0"),
            (["batch", "none.jsonl"], 66, "manifest 'none.jsonl': cannot read it: No such file or directory"),
            (["batch", "m.jsonl", "--report", "nofolder/r.json"], 73, "--report: cannot write the report"),
            (["batch", "m.jsonl", "--report", "m.jsonl/r.json"], 73, "--report: cannot write the report"),
        ]
        for (arguments, status, message) in flags {
            let result = try launch(arguments, in: folder)
            #expect(result.status == status, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/a.png"))
        }
    }

    /// A row that fails on its own input fails the shard with 65 (do not retry) while
    /// the others are made; rows that fail only in writing give 75 (retry).
    @Test func exitStatusesTellRetryFromGiveUp() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Self.write(
            "{\"size\": \"64x40\", \"output\": \"a.png\"}\n{\"size\": \"64x40\", \"background\": \"missing.jpg\", \"output\": \"b.png\"}\n",
            to: folder + "/m.jsonl")
        let giveUp = try launch(["batch", "m.jsonl", "-o", "out"], in: folder)
        #expect(giveUp.status == 65, "\(giveUp.standardError)")
        #expect(
            giveUp.standardError.contains("row 2: --background: 'missing.jpg' does not exist"),
            "\(giveUp.standardError)")
        #expect(Self.pictures(in: folder + "/out") == ["a.png"])
        let report = try Self.report(folder + "/out/.wallgen-report-0-of-1.json")
        let failed = try #require(
            (report["results"] as? [[String: Any]])?.first { $0["status"] as? String == "failed" })
        #expect(failed["row"] as? Int == 2 && failed["exit"] as? Int == 66)
        #expect(report["exit"] as? Int == 65)

        // Files may grow to 2 KiB only (SIGXFSZ ignored, so a write fails with EFBIG):
        // the pictures cannot be written, the small report can.
        try Self.write("{\"size\": \"64x40\", \"output\": \"a.png\"}\n", to: folder + "/one.jsonl")
        let binary = productsFolder.appendingPathComponent("wallgen").path
        let retry = try launch(
            ["-c", "trap '' XFSZ; ulimit -f 2; exec '\(binary)' batch one.jsonl -o full"], in: folder,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(retry.status == 75, "\(retry.standardError)")
        #expect(Self.pictures(in: folder + "/full").isEmpty)
        let retryReport = try Self.report(folder + "/full/.wallgen-report-0-of-1.json")
        #expect(retryReport["failed"] as? Int == 1 && retryReport["exit"] as? Int == 75)
    }

    /// The shard comes from each engine's variables when --shard is not given.
    @Test func jobEnginesPickTheShard() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let rows = (0..<5).map { "{\"size\": \"32x20\", \"label\": \"off\", \"output\": \"\($0).png\"}" }
        try Self.write(rows.joined(separator: "\n") + "\n", to: folder + "/m.jsonl")
        let base = ProcessInfo.processInfo.environment.filter {
            !["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID", "PARALLEL_SEQ", "WALLGEN_SHARDS"].contains($0.key)
        }
        let engines: [(String, [String: String], [String], String, [String])] = [
            ("kubernetes", ["JOB_COMPLETION_INDEX": "1", "WALLGEN_SHARDS": "3"], [], "1-of-3", ["1.png", "4.png"]),
            ("kubernetes --shards", ["JOB_COMPLETION_INDEX": "0"], ["--shards", "4"], "0-of-4", ["0.png", "4.png"]),
            (
                "slurm",
                ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"], [],
                "2-of-3", ["2.png"]
            ),
            (
                "parallel", ["PARALLEL_SEQ": "2", "WALLGEN_SHARDS": "2"], ["--shard-from", "parallel"], "1-of-2",
                ["1.png", "3.png"]
            ),
            ("none", ["JOB_COMPLETION_INDEX": "1"], ["--shard-from", "none"], "0-of-1", (0..<5).map { "\($0).png" }),
        ]
        for (number, (engine, variables, flags, reportName, outputs)) in engines.enumerated() {
            let result = try launch(
                ["batch", "m.jsonl", "-o", "out-\(number)", "-q"] + flags, in: folder,
                environment: base.merging(variables) { $1 })
            #expect(result.status == 0, "\(engine): \(result.standardError)")
            #expect(Self.pictures(in: folder + "/out-\(number)") == outputs, "\(engine)")
            #expect(
                FileManager.default.fileExists(atPath: folder + "/out-\(number)/.wallgen-report-\(reportName).json"))
        }
        let noCount = try launch(
            ["batch", "m.jsonl", "-o", "x"], in: folder, environment: base.merging(["JOB_COMPLETION_INDEX": "1"]) { $1 }
        )
        #expect(noCount.status == 64)
        #expect(noCount.standardError.contains("pass --shards N or set WALLGEN_SHARDS"), "\(noCount.standardError)")
    }

    /// plan writes one valid row per picture, all outputs different, and batch takes it.
    @Test func planWritesTheCommonSets() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let terms = try launch(
            ["plan", "terms", "--sizes", "32x20,20x32", "--langs", "zh,en", "--years", "2026-2027"], in: folder)
        #expect(terms.status == 0, "\(terms.standardError)")
        let lines = terms.output.split(separator: "\n")
        #expect(lines.count == 24 * 2 * 2 * 2)
        var outputs: Set<String> = []
        for line in lines {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(row["command"] as? String == "term")
            outputs.insert(try #require(row["output"] as? String))
        }
        #expect(outputs.count == lines.count)
        #expect(outputs.contains("2027/20x32/en/22-dongzhi.png"))
        try Self.write(terms.output, to: folder + "/plan.jsonl")
        // Every row is checked; one shard in a thousand renders (the first row).
        let batch = try launch(["batch", "plan.jsonl", "-o", "out", "--shard", "0/1000", "-q"], in: folder)
        #expect(batch.status == 0, "\(batch.standardError)")
        #expect(Self.pictures(in: folder + "/out") == ["2026/32x20/zh/01-lichun.png"])
        let devices = try launch(["plan", "terms", "--devices", "iphone-15,ipad"], in: folder)
        #expect(devices.output.split(separator: "\n").count == 48)
        #expect(devices.output.contains("\"device\":\"ipad\""))

        let seasons = try launch(["plan", "seasons", "--sizes", "1920x1080,64x40", "--dark"], in: folder)
        #expect(seasons.output.split(separator: "\n").count == 4 * 2 * 2)
        let unknown = try launch(["plan", "terms", "--devices", "nope"], in: folder)
        #expect(unknown.status == 64 && unknown.standardError.contains("--devices: unknown device 'nope'"))
    }

    /// The job-engine examples: the Kubernetes Job loads as YAML and names the fields
    /// docs/BATCH.md promises, the Slurm script parses, and the GNU parallel one runs.
    @Test func jobEngineExamples() throws {
        let examples = repositoryRoot + "/docs/examples"
        let check = """
            import sys, yaml
            job = yaml.safe_load(open(sys.argv[1]))
            spec = job["spec"]
            assert job["kind"] == "Job" and job["apiVersion"] == "batch/v1"
            assert spec["completionMode"] == "Indexed"
            assert spec["completions"] == 3 and spec["parallelism"] == 3
            assert spec["backoffLimitPerIndex"] >= 1
            rule = spec["podFailurePolicy"]["rules"][0]
            assert rule["action"] == "FailIndex"
            assert sorted(rule["onExitCodes"]["values"]) == [64, 65, 66, 72, 73]
            pod = spec["template"]["spec"]
            assert pod["restartPolicy"] == "Never"
            container = pod["containers"][0]
            assert container["command"][:2] == ["wallgen", "batch"] and "--resume" in container["command"]
            assert {"name": "WALLGEN_SHARDS", "value": "3"} in container["env"]
            assert container["volumeMounts"][0]["name"] == pod["volumes"][0]["name"]
            print("ok")
            """
        let yaml = try launch(
            ["-c", check, examples + "/kubernetes-indexed-job.yaml"], in: repositoryRoot,
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(yaml.status == 0 && yaml.output == "ok\n", "\(yaml.standardError)")
        for script in ["slurm-array.sh", "gnu-parallel.sh"] {
            let syntax = try launch(
                ["-n", examples + "/" + script], in: repositoryRoot, executable: URL(fileURLWithPath: "/bin/bash"))
            #expect(syntax.status == 0, "\(script): \(syntax.standardError)")
        }
        let slurm = try String(contentsOfFile: examples + "/slurm-array.sh", encoding: .utf8)
        #expect(slurm.contains("#SBATCH --array=") && slurm.contains("--resume"))

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/parallel") else {
            Issue.record(
                "GNU parallel is not installed (Scripts/debian-test-packages lists it): the example was not run")
            return
        }
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Self.write(Self.manifest, to: folder + "/m.jsonl")
        let whole = try launch(["batch", "m.jsonl", "-o", "whole", "-q"], in: folder)
        #expect(whole.status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["WALLGEN"] = productsFolder.appendingPathComponent("wallgen").path
        environment["HOME"] = folder
        let run = try launch(
            [examples + "/gnu-parallel.sh", "m.jsonl", "out", "3"], in: folder, environment: environment,
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(run.status == 0, "\(run.standardError)")
        let log = try String(contentsOfFile: folder + "/out/.parallel-joblog", encoding: .utf8)
        #expect(log.split(separator: "\n").count == 4, "\(log)")
        for name in Self.pictures(in: folder + "/whole") {
            #expect(try Self.bytes(folder + "/whole/" + name) == Self.bytes(folder + "/out/" + name), "\(name)")
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/out/index.html"))
    }
}
