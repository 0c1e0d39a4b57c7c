import Foundation
import TestSupport
import Testing

/// Help, the manual and the completions, checked by the programs that read them.
@Suite struct ReferenceTests {
    static func installed(_ tool: String) -> Bool {
        ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"].split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    /// Runs a shell command line through /bin/sh in `folder`.
    func sh(_ script: String, in folder: String) throws -> RunResult {
        try launch(["-c", script], in: folder, executable: URL(fileURLWithPath: "/bin/sh"))
    }

    @Test func everyCommandsHelpExitsZero() throws {
        try withTemporaryFolder { folder in
            for command in ["term", "terms", "almanac", "devices", "completions", "man"] {
                let result = try launch([command, "--help"], in: folder)
                #expect(result.status == 0, "\(command) --help: \(result.standardError)")
                #expect(result.output.hasPrefix("OVERVIEW: "), "\(command) --help")
                #expect(result.output.contains("USAGE: wallgen \(command)"))
                #expect(try launch(["help", command], in: folder).output == result.output)
            }
            let unknown = try launch(["help", "nonsense"], in: folder)
            #expect(unknown.status == 64)
            #expect(unknown.standardError.contains("the commands are term, terms, almanac"))
            let terms = try launch(["terms", "--help"], in: folder)
            #expect(!terms.output.contains("\\("), "an escaped interpolation in help")
            #expect(terms.output.contains("(default: those CPUs)"))
        }
    }

    @Test func helpLinesFitEightyColumns() throws {
        try withTemporaryFolder { folder in
            for command in [[], ["term"], ["terms"], ["almanac"]] {
                let help = try launch(command + ["--help"], in: folder).output
                for line in help.split(separator: "\n") where line.unicodeScalars.allSatisfy(\.isASCII) {
                    #expect(line.count <= 80, "too wide: \(line)")
                }
            }
        }
    }

    @Test(.enabled(if: installed("mandoc"), "mandoc is not installed (Scripts/debian-test-packages)"))
    func manualPassesMandocLint() throws {
        try withTemporaryFolder { folder in
            let page = try launch(["man"], in: folder)
            #expect(page.status == 0)
            try Data(page.standardOutput).write(to: URL(fileURLWithPath: folder + "/wallgen.1"))
            let lint = try sh("mandoc -T lint -W warning wallgen.1", in: folder)
            #expect(lint.status == 0, "mandoc: \(lint.output) \(lint.standardError)")
            #expect(lint.output.isEmpty, "mandoc: \(lint.output)")
            let text = try sh("mandoc -T utf8 wallgen.1 | col -b", in: folder).output
            for expected in ["--season", "--alpha", "wallgen term", "--lang", "EXIT STATUS", "WALLGEN_DATA", "冬至"] {
                #expect(text.contains(expected), "the manual lacks \(expected)")
            }
        }
    }

    @Test(.enabled(if: installed("man"), "man-db is not installed (Scripts/debian-test-packages)"))
    func manualReadsWithManDashL() throws {
        try withTemporaryFolder { folder in
            try Data(try launch(["man"], in: folder).standardOutput).write(
                to: URL(fileURLWithPath: folder + "/wallgen.1"))
            let shown = try sh("MANWIDTH=80 man -l wallgen.1 2>&1 | col -b", in: folder)
            #expect(shown.status == 0)
            #expect(shown.output.contains("wallgen - season wallpapers and solar-term cards"))
        }
    }

    @Test func bashCompletionParses() throws { try checkSyntax(of: "bash") }

    @Test(.enabled(if: installed("zsh"), "zsh is not installed (Scripts/debian-test-packages)"))
    func zshCompletionParses() throws { try checkSyntax(of: "zsh") }

    @Test(.enabled(if: installed("fish"), "fish is not installed (Scripts/debian-test-packages)"))
    func fishCompletionParses() throws { try checkSyntax(of: "fish") }

    /// The shell itself reads the script without running it (`-n`).
    func checkSyntax(of shell: String) throws {
        try withTemporaryFolder { folder in
            let script = try launch(["completions", shell], in: folder)
            #expect(script.status == 0)
            #expect(script.output.contains("season") && script.output.contains("dongzhi"))
            try Data(script.standardOutput).write(to: URL(fileURLWithPath: folder + "/wallgen.\(shell)"))
            let check = try sh("\(shell) -n wallgen.\(shell)", in: folder)
            #expect(check.status == 0, "\(shell) -n: \(check.standardError)")
            #expect(check.standardError.isEmpty, "\(shell) -n: \(check.standardError)")
        }
    }

    /// Completes words with bash's own completion machinery.
    @Test func bashCompletesCommandsOptionsAndValues() throws {
        try withTemporaryFolder { folder in
            try Data(try launch(["completions", "bash"], in: folder).standardOutput).write(
                to: URL(fileURLWithPath: folder + "/wallgen.bash"))
            // The words arrive as arguments, exactly as typed, to a driver that asks the
            // completion function as bash's `complete -F` would.
            let driver =
                ". ./wallgen.bash\nCOMP_WORDS=(\"$@\"); COMP_CWORD=$(($# - 1)); _wallgen\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
            try Data(driver.utf8).write(to: URL(fileURLWithPath: folder + "/driver.sh"))
            func complete(_ words: [String]) throws -> [String] {
                let result = try launch(
                    ["driver.sh"] + words, in: folder, executable: URL(fileURLWithPath: "/bin/bash"))
                return result.output.split(separator: "\n").map(String.init).sorted()
            }
            #expect(try complete(["wallgen", "ter"]) == ["term", "terms"])
            #expect(try complete(["wallgen", "--sea"]) == ["--season", "--season-rule"])
            #expect(try complete(["wallgen", "--hem"]) == ["--hemisphere"])
            #expect(try complete(["wallgen", "--season", "w"]) == ["winter"])
            #expect(try complete(["wallgen", "term", "dong"]) == ["dongzhi"])
            // Chinese names, and the tz database's zones (issue 48: bash completed neither).
            #expect(try complete(["wallgen", "term", "冬"]) == ["冬至"])
            #expect(try complete(["wallgen", "term", "立"]) == ["立冬", "立夏", "立春", "立秋"])
            if FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/zone1970.tab") {
                #expect(try complete(["wallgen", "almanac", "--tz", "Asia/Tai"]) == ["Asia/Taipei"])
                #expect(try complete(["wallgen", "term", "--tz", "Europe/Ber"]) == ["Europe/Berlin"])
            } else {
                Issue.record("tzdata's zone1970.tab is not installed (Scripts/debian-test-packages installs tzdata)")
            }
            #expect(try complete(["wallgen", "term", "--lang", ""]) == ["en", "zh"])
            #expect(
                try complete(["wallgen", "--device", "ipad"]) == [
                    "ipad", "ipad-air-11", "ipad-air-13", "ipad-mini", "ipad-pro-11", "ipad-pro-13",
                ])
            #expect(try complete(["wallgen", "almanac", "--j"]) == ["--json"])
            #expect(try complete(["wallgen", "completions", "f"]) == ["fish"])
        }
    }
}
