import Foundation
import TestSupport
import Testing

/// The progress line of long work (`batch`, `terms`, `schedule`, several sizes), read from a real
/// pseudo-terminal: Python's `pty` module gives the built wallgen a terminal of 100
/// columns as standard error, and hands back every byte wallgen wrote there. The same
/// commands with standard error on a pipe, or with -q, must write none of it.
///
/// Written against the old lines ("[3/24] 立春 lichun, about 4 s left" for `terms`,
/// "[45] row 46 name" for `batch`, nothing for `schedule` or several sizes, and `terms`
/// drawing its line even with -q): every test below fails on them.
@Suite struct ProgressLineTests {
    /// Runs `arguments` with standard error on a pseudo-terminal (100 columns, 30 rows);
    /// standard output goes to /dev/null. Returns the status and what reached the terminal.
    static func onTerminal(_ arguments: [String], in folder: String, environment: [String: String]? = nil) throws
        -> (status: Int32, terminal: String)
    {
        let program = """
            import fcntl, os, pty, struct, subprocess, sys, termios
            master, slave = pty.openpty()
            fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            child = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=slave)
            os.close(slave)
            captured = b""
            while True:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                captured += chunk
            status = child.wait()
            sys.stdout.buffer.write(captured)
            sys.exit(status if status >= 0 else 128 - status)
            """
        let result = try launch(
            ["-c", program, productsFolder.appendingPathComponent("wallgen").path] + arguments, in: folder,
            environment: environment, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        return (result.status, result.output)
    }

    /// The lines drawn on the terminal (each starts after "\r ESC[K": the line erased and
    /// drawn again in place), and what follows the last erase: the line cleared, then the
    /// summary (empty with -q).
    static func drawn(_ terminal: String) -> (progress: [String], after: String) {
        let parts = terminal.components(separatedBy: "\r\u{1B}[K")
        return (Array(parts.dropFirst().dropLast()), parts.count > 1 ? parts.last! : terminal)
    }

    /// `done/total percent% rate unit/s time left  label`: GNU parallel's --bar and --eta in one line.
    static func isProgress(_ line: String, total: Int, unit: String) -> Bool {
        line.wholeMatch(of: try! Regex("[0-9]+/\(total) [0-9]+% [0-9.]+ \(unit)/s [0-9]+ (s|min [0-9]+ s) left(  .+)?"))
            != nil
    }

    @Test func termsDrawsCountPercentRateAndTimeLeftOnATerminalOnly() throws {
        try withTemporaryFolder { folder in
            let run = try Self.onTerminal(["terms", "-o", "cards", "--size", "48x27", "--jobs", "2"], in: folder)
            #expect(run.status == 0, "\(run.terminal)")
            let (progress, after) = Self.drawn(run.terminal)
            #expect(
                !progress.isEmpty && progress.allSatisfy { Self.isProgress($0, total: 24, unit: "cards") },
                "\(progress)")
            // The last card is always drawn, then the line is cleared for the summary.
            let last = try #require(progress.last)
            #expect(last.hasPrefix("24/24 100% ") && last.contains(" 0 s left  "), "\(last)")
            // The card's file stem and its name, as `terms` writes them.
            #expect(last.wholeMatch(of: #/.*  [0-9]{2}-[a-z]+ \p{Han}{2}/#) != nil, "\(last)")
            // A terminal shows "\n" as "\r\n".
            #expect(after.hasPrefix("Wrote 24 cards") && after.hasSuffix("\r\n"), "\(after)")
            // Every line fits the terminal's 100 columns, so it is drawn again in place.
            #expect(progress.allSatisfy { $0.unicodeScalars.count < 100 })

            // A pipe gets only the summary, and -q on a terminal gets nothing at all.
            let piped = try launch(["terms", "-o", "piped", "--size", "48x27", "--jobs", "2"], in: folder)
            #expect(piped.status == 0)
            #expect(!piped.standardError.contains("\r") && !piped.standardError.contains("\u{1B}"))
            #expect(!piped.standardError.contains("cards/s") && piped.standardError.hasPrefix("Wrote 24 cards"))
            let quiet = try Self.onTerminal(["terms", "-q", "-o", "quiet", "--size", "48x27"], in: folder)
            #expect(quiet.status == 0 && quiet.terminal.isEmpty, "\(quiet.terminal)")
        }
    }

    @Test func oneSeasonCountsItsSixCards() throws {
        try withTemporaryFolder { folder in
            let run = try Self.onTerminal(
                ["terms", "-o", "cards", "--season", "winter", "--size", "27x48", "--no-gallery"], in: folder)
            #expect(run.status == 0, "\(run.terminal)")
            let progress = Self.drawn(run.terminal).progress
            #expect(progress.allSatisfy { Self.isProgress($0, total: 6, unit: "cards") }, "\(progress)")
            #expect(progress.last?.hasPrefix("6/6 100% ") == true)
        }
    }

    @Test func batchNamesEachRowsOutputVisiblyAndCountsOnlyItsShard() throws {
        try withTemporaryFolder { folder in
            // Nine rows; the last one's output holds a right-to-left override, which must
            // be shown by its code point, never sent to the terminal.
            var rows = (1...9).map {
                #"{"command": "term", "term": "\#($0)", "size": "32x18", "output": "c\#($0).png"}"#
            }
            rows[8] = #"{"command": "term", "term": "9", "size": "32x18", "output": "c9\u202Egnp.png"}"#
            try Data((rows.joined(separator: "\n") + "\n").utf8).write(
                to: URL(fileURLWithPath: folder + "/rows.jsonl"))

            let whole = try Self.onTerminal(["batch", "rows.jsonl", "-o", "out", "--jobs", "1"], in: folder)
            #expect(whole.status == 0, "\(whole.terminal)")
            let lines = Self.drawn(whole.terminal).progress
            #expect(lines.allSatisfy { Self.isProgress($0, total: 9, unit: "rows") }, "\(lines)")
            // One row at a time: the last drawn is the last row.
            #expect(lines.last?.hasPrefix("9/9 100% ") == true, "\(lines)")
            #expect(lines.last?.hasSuffix("  row 9 c9<U+202E>gnp.png") == true, "\(lines)")
            #expect(!whole.terminal.unicodeScalars.contains("\u{202E}"))

            // Shard 1 of 2 has the rows at indexes 1, 3, 5 and 7: its total is 4.
            let shard = try Self.onTerminal(["batch", "rows.jsonl", "-o", "shard", "--shard", "1/2"], in: folder)
            #expect(shard.status == 0, "\(shard.terminal)")
            let shardLines = Self.drawn(shard.terminal).progress
            #expect(shardLines.allSatisfy { Self.isProgress($0, total: 4, unit: "rows") }, "\(shardLines)")
            #expect(shardLines.last?.hasPrefix("4/4 100% ") == true)

            let piped = try launch(["batch", "rows.jsonl", "-o", "piped"], in: folder)
            #expect(piped.status == 0 && !piped.standardError.contains("\r") && !piped.standardError.contains("rows/s"))
            let quiet = try Self.onTerminal(["batch", "-q", "rows.jsonl", "-o", "quiet"], in: folder)
            #expect(quiet.status == 0 && quiet.terminal.isEmpty, "\(quiet.terminal)")
        }
    }

    @Test func scheduleCountsEveryPictureOfEverySize() throws {
        try withTemporaryFolder { folder in
            var environment = ProcessInfo.processInfo.environment
            environment["HOME"] = folder
            environment["XDG_DATA_HOME"] = folder + "/data"
            environment["XDG_CONFIG_HOME"] = folder + "/config"
            // Two sizes of the four season wallpapers: eight pictures, one line.
            let arguments = ["schedule", "--by", "seasons", "--size", "32x18", "--size", "18x32", "--years", "1"]
            let run = try Self.onTerminal(arguments + ["-o", "s"], in: folder, environment: environment)
            #expect(run.status == 0, "\(run.terminal)")
            let lines = Self.drawn(run.terminal).progress
            #expect(lines.allSatisfy { Self.isProgress($0, total: 8, unit: "pictures") }, "\(lines)")
            #expect(lines.last?.hasPrefix("8/8 100% ") == true, "\(lines)")
            #expect(lines.last?.wholeMatch(of: #/.*  (spring|summer|autumn|winter)-(32x18|18x32)\.png/#) != nil)

            let piped = try launch(arguments + ["-o", "piped"], in: folder, environment: environment)
            #expect(piped.status == 0 && !piped.standardError.contains("\r") && !piped.standardError.contains("/s "))
        }
    }

    @Test func severalSizesCountEachSizeMade() throws {
        try withTemporaryFolder { folder in
            let arguments = ["--season", "winter", "--size", "48x27", "--size", "27x48", "--size", "64x40"]
            let run = try Self.onTerminal(arguments + ["-o", "w.png"], in: folder)
            #expect(run.status == 0, "\(run.terminal)")
            let (progress, after) = Self.drawn(run.terminal)
            #expect(!progress.isEmpty && progress.allSatisfy { Self.isProgress($0, total: 3, unit: "sizes") })
            // The sizes are made in the order asked for; the last is always drawn.
            #expect(
                progress.last?.hasPrefix("3/3 100% ") == true && progress.last?.hasSuffix("  64x40 w-64x40.png") == true
            )
            #expect(after.hasPrefix("Wrote w-48x27.png"), "\(after)")
            #expect(Set(filesIn(folder)) == ["w-48x27.png", "w-27x48.png", "w-64x40.png"])

            // One picture is not long work: no line; nor on a pipe.
            let one = try Self.onTerminal(["--season", "winter", "--size", "48x27", "-o", "one.png"], in: folder)
            #expect(one.status == 0 && !one.terminal.contains("\u{1B}[K"), "\(one.terminal)")
            let piped = try launch(arguments + ["-o", "p.png"], in: folder)
            #expect(
                piped.status == 0 && !piped.standardError.contains("\r") && !piped.standardError.contains("sizes/s"))
        }
    }
}
