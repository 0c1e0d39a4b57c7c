import Foundation
import TestSupport
import Testing

/// Issue 47, item 7's manifests: read from standard input and pipes, every reason said
/// as it is, and outputs that are each other's folders caught before any row is made.
@Suite struct ManifestInputTests {
    static let wallgen = productsFolder.appendingPathComponent("wallgen").path

    /// Runs `script` under bash with `$WALLGEN` set, in `folder`.
    static func shell(_ script: String, in folder: String) throws -> RunResult {
        try launch(
            ["-c", script], in: folder, environment: ["WALLGEN": wallgen, "PATH": "/usr/bin:/bin"],
            executable: URL(fileURLWithPath: "/bin/bash"))
    }

    static let rows =
        #"{"season":"winter","size":"24x16","output":"a.png"}\n{"season":"summer","size":"24x16","output":"b.png"}\n"#

    /// `batch -` reads standard input and `batch <(…)` a pipe: copied once, read twice (the
    /// plan, then the rows), the same pictures as from a file.
    @Test func standardInputAndPipes() throws {
        try withTemporaryFolder { folder in
            let fromInput = try Self.shell("printf '\(Self.rows)' | \"$WALLGEN\" batch - -o in -q", in: folder)
            #expect(fromInput.status == 0, "\(fromInput.standardError)")
            #expect(filesIn(folder + "/in").filter { !$0.hasPrefix(".") } == ["a.png", "b.png"])
            let fromPipe = try Self.shell("\"$WALLGEN\" batch <(printf '\(Self.rows)') -o pipe -q", in: folder)
            #expect(fromPipe.status == 0, "\(fromPipe.standardError)")
            try Data(Self.rows.replacing("\\n", with: "\n").utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let fromFile = try launch(["batch", "m.jsonl", "-o", "file", "-q"], in: folder)
            #expect(fromFile.status == 0, "\(fromFile.standardError)")
            for name in ["a.png", "b.png"] {
                let file = try Data(contentsOf: URL(fileURLWithPath: folder + "/file/" + name))
                #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/in/" + name)) == file)
                #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/pipe/" + name)) == file)
            }
            // A CSV on standard input is known by its first line.
            let csv = try Self.shell(
                "printf 'season,size,output\\nautumn,24x16,c.png\\n' | \"$WALLGEN\" batch - -o csv -q", in: folder)
            #expect(
                csv.status == 0 && FileManager.default.fileExists(atPath: folder + "/csv/c.png"), "\(csv.standardError)"
            )
        }
    }

    /// An output that is another row's folder (`x`, then `x/y.png`, either way round) is
    /// found by the plan, before any row is rendered; so is a key given twice in a row,
    /// named.
    @Test func thePlanFindsNestedOutputsAndRepeatedKeys() throws {
        try withTemporaryFolder { folder in
            for (first, second, said) in [
                ("x", "x/y.png", "row 2: output x/y.png is in x, row 1's output"),
                ("x/y.png", "x", "row 2: output x is a folder row 1's output is in"),
                ("p/q/r.png", "p/q", "row 2: output p/q is a folder row 1's output is in"),
            ] {
                let manifest =
                    #"{"season":"winter","size":"24x16","output":"\#(first)"}"# + "\n"
                    + #"{"season":"winter","size":"24x16","output":"\#(second)"}"# + "\n"
                try Data(manifest.utf8).write(to: URL(fileURLWithPath: folder + "/m.jsonl"))
                let result = try launch(["batch", "m.jsonl", "-o", "o", "-q"], in: folder)
                #expect(result.status == 65, "\(first), \(second): \(result.standardError)")
                #expect(result.standardError.contains(said), "\(result.standardError)")
                #expect(result.standardError.contains("Nothing was rendered."))
                #expect(filesIn(folder + "/o").isEmpty)
            }
            try Data((#"{"season":"winter","season":"summer","output":"w.png"}"# + "\n").utf8).write(
                to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let twice = try launch(["batch", "m.jsonl", "-o", "o", "-q"], in: folder)
            #expect(twice.status == 65, "\(twice.standardError)")
            #expect(
                twice.standardError.contains(#"row 1, column 20: the key "season" is given twice"#),
                "\(twice.standardError)")
        }
    }

    /// A CSV as Excel saves it in a European locale: a byte-order mark, `;` between cells,
    /// CRLF, flags as TRUE and FALSE, and rows of empty cells below the data. Exactly the
    /// rows asked for are made (no unrequested `wallpaper-winter.png`, no duplicates).
    @Test func excelsCSV() throws {
        try withTemporaryFolder { folder in
            let csv =
                "\u{FEFF}season;vertical;dark;text;output\r\n"
                + "winter;TRUE;False;冬;w.png\r\n" + "summer;FALSE;Yes;夏;s.png\r\n"
                + ";;;;\r\n;;;;\r\n;;;;\r\n"
            try Data(csv.utf8).write(to: URL(fileURLWithPath: folder + "/sheet.csv"))
            let batch = try launch(["batch", "sheet.csv", "-o", "o", "-q"], in: folder)
            #expect(batch.status == 0, "\(batch.standardError)")
            #expect(filesIn(folder + "/o").filter { !$0.hasPrefix(".") } == ["s.png", "w.png"])
            for (name, command) in [
                ("w.png", ["--season", "winter", "--vertical", "--text", "冬"]),
                ("s.png", ["--season", "summer", "--dark", "--text", "夏"]),
            ] {
                let alone = try launch(command + ["-o", "alone-" + name], in: folder)
                #expect(alone.status == 0, "\(alone.standardError)")
                #expect(
                    try Data(contentsOf: URL(fileURLWithPath: folder + "/o/" + name))
                        == Data(contentsOf: URL(fileURLWithPath: folder + "/alone-" + name)), "\(name)")
            }
        }
    }

    /// A manifest that cannot be read (an I/O error: `/proc/self/mem` is a file that no
    /// read succeeds on) is missing input, 66, as BATCH.md says.
    @Test func anUnreadableManifestIs66() throws {
        try withTemporaryFolder { folder in
            let result = try launch(["batch", "/proc/self/mem", "-o", "o", "-q"], in: folder)
            #expect(result.status == 66, "\(result.standardError)")
            #expect(result.standardError.contains("manifest '/proc/self/mem'"), "\(result.standardError)")
        }
    }
}
