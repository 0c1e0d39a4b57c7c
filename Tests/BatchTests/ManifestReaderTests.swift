import Batch
import Foundation
import TestSupport
import Testing

@Suite struct ManifestReaderTests {
    /// Writes `text` as a manifest named `name` and reads every row (or the error).
    func rows(_ text: String, name: String = "m.jsonl") throws -> Result<[ManifestRow], ManifestError> {
        try withTemporaryFolder { folder in
            let path = folder + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            do {
                let reader = try ManifestReader(path: path)
                var rows: [ManifestRow] = []
                while let row = try reader.next() { rows.append(row) }
                return .success(rows)
            } catch let error as ManifestError {
                return .failure(error)
            }
        }
    }

    @Test func jsonLinesWithDefaultsBlankLinesAndTypes() throws {
        let text = """
            {"defaults": {"size": "64x40", "lang": "zh"}}
            {"command": "term", "term": "冬至", "lang": "en", "year": 2026, "alpha": 0.5, "vertical": true}

            {"season": "winter", "dark": false, "text": null, "size": ["1x1", "2x2"]}\r
            """
        let rows = try rows(text).get()
        #expect(rows.map(\.line) == [2, 4])
        #expect(rows.map(\.index) == [0, 1])
        #expect(rows[0].fields["term"] == .text("冬至"))
        #expect(rows[0].fields["lang"] == .text("en"))
        #expect(rows[0].fields["size"] == .text("64x40"))
        #expect(rows[0].fields["year"] == .text("2026"))
        #expect(rows[0].fields["alpha"] == .text("0.5"))
        #expect(rows[0].fields["vertical"] == .flag(true))
        #expect(rows[1].fields["dark"] == .flag(false))
        #expect(rows[1].fields["text"] == nil)
        #expect(rows[1].fields["size"] == .list(["1x1", "2x2"]))
        #expect(rows[1].fields["lang"] == .text("zh"))
    }

    @Test func malformedJSONNamesTheLineAndColumn() throws {
        let result = try rows("{\"a\": \"b\"}\n{\"command\":\"term\" \"x\"}\n")
        guard case .failure(.malformedJSON(let line, let column, _)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(line == 2)
        #expect(column == 19)
        #expect(try rows("[1, 2]\n") == .failure(.notAnObject(line: 1)))
        #expect(try rows("{\"a\": 1}\n{\"defaults\": {}}\n") == .failure(.misplacedDefaults(line: 2)))
        #expect(try rows("\n\n") == .failure(.empty))
        #expect(try rows("") == .failure(.empty))
        if case .failure(.badValue(1, "a", _)) = try rows("{\"a\": {\"b\": 1}}\n") {} else { Issue.record("object") }
    }

    /// Excel's "CSV UTF-8" and Notepad start the file with a byte-order mark: it is not
    /// part of the first key.
    @Test func aLeadingByteOrderMarkIsIgnored() throws {
        let csv = try rows("\u{FEFF}season,output\nwinter,w.png\n", name: "m.csv").get()
        #expect(csv.map(\.fields) == [["season": .text("winter"), "output": .text("w.png")]])
        let json = try rows("\u{FEFF}{\"season\": \"winter\"}\n").get()
        #expect(json.map(\.fields) == [["season": .text("winter")]])
        // Only at the very start: anywhere else it is the key's, for the row's check to name.
        let later = try rows("season,output\n\u{FEFF}winter,w.png\n", name: "m.csv").get()
        #expect(later.first?.fields["season"] == .text("\u{FEFF}winter"))
    }

    @Test func csvAsRFC4180WritesIt() throws {
        let text = "command,term,output,text\r\nterm,冬至,\"a,b.png\",\"say \"\"hi\"\"\nthere\"\nwallpaper,,w.png,\n"
        let rows = try rows(text, name: "m.csv").get()
        #expect(rows.count == 2)
        #expect(rows[0].line == 2)
        #expect(rows[0].fields["output"] == .text("a,b.png"))
        #expect(rows[0].fields["text"] == .text("say \"hi\"\nthere"))
        #expect(rows[1].line == 4)
        #expect(rows[1].fields["term"] == nil, "an empty cell is no value")
        #expect(rows[1].fields["command"] == .text("wallpaper"))
    }

    /// CSV as spreadsheets write it: `;` (Excel in European locales) or tabs between the
    /// cells, found from the header; and the rows of empty cells Excel adds below the data
    /// (`,,`) skipped as blank lines are.
    @Test func csvAsSpreadsheetsWriteIt() throws {
        for separator in [",", ";", "\t"] {
            let text =
                ["season", "text", "output"].joined(separator: separator) + "\r\n"
                + ["winter", "\"a\(separator)b\"", "w.png"].joined(separator: separator) + "\r\n"
                + String(repeating: separator, count: 2) + "\r\n" + String(repeating: separator, count: 2) + "\r\n"
            let rows = try rows(text, name: "m.csv").get()
            #expect(rows.count == 1, "separator \(separator.debugDescription)")
            #expect(
                rows.first?.fields == [
                    "season": .text("winter"), "text": .text("a\(separator)b"), "output": .text("w.png"),
                ],
                "separator \(separator.debugDescription)")
        }
        // A comma in a semicolon file is a cell's own.
        let mixed = try rows("text;output\nhello, you;h.png\n", name: "m.csv").get()
        #expect(mixed.first?.fields == ["text": .text("hello, you"), "output": .text("h.png")])
    }

    @Test func malformedCSVNamesTheLineAndColumn() throws {
        #expect(
            try rows("a,b\nx\"y,z\n", name: "m.csv")
                == .failure(.malformedCSV(line: 2, column: 2, reason: "a quote inside an unquoted field")))
        #expect(
            try rows("a,b\n\"x\"y,z\n", name: "m.csv")
                == .failure(.malformedCSV(line: 2, column: 4, reason: "text after a closing quote")))
        #expect(try rows("a,b\n1,2,3\n", name: "m.csv") == .failure(.wrongFieldCount(line: 2, expected: 2, found: 3)))
        #expect(
            try rows("a,b\n\"open,2\n", name: "m.csv")
                == .failure(.malformedCSV(line: 2, column: 1, reason: "a quoted field is never closed")))
        #expect(
            try rows("a,a\n1,2\n", name: "m.csv") == .failure(.badHeader(line: 1, reason: "names 'a' twice")))
        #expect(try rows("a,b\n", name: "m.csv") == .failure(.empty))
    }

    /// Each way a line is not a row says so, with its column, never "not a JSON object":
    /// a key given twice (which value was meant?), bytes that are not UTF-8, a surrogate
    /// without its pair, a raw control character.
    @Test func eachBadLineSaysWhy() throws {
        func reason(_ bytes: [UInt8]) throws -> (column: Int?, reason: String)? {
            try withTemporaryFolder { folder in
                let path = folder + "/m.jsonl"
                try Data(bytes + [0x0A]).write(to: URL(fileURLWithPath: path))
                do {
                    let reader = try ManifestReader(path: path)
                    _ = try reader.next()
                } catch let ManifestError.malformedJSON(_, column, reason) {
                    return (column, reason)
                }
                return nil
            }
        }
        let twice = try reason(Array(#"{"season":"winter","season":"summer"}"#.utf8))
        #expect(
            twice?.reason == #"the key "season" is given twice"# && twice?.column == 20, "\(String(describing: twice))")
        let latin1 = try reason(Array(#"{"text":"caf"#.utf8) + [0xE9] + Array(#""}"#.utf8))
        #expect(latin1?.reason == "bytes that are not UTF-8" && latin1?.column == 13, "\(String(describing: latin1))")
        let lone = try reason(Array(#"{"text":"\ud800x"}"#.utf8))
        #expect(lone?.reason == #"a surrogate (\ud800) without its pair"#, "\(String(describing: lone))")
        let raw = try reason(Array(#"{"text":"a"#.utf8) + [0] + Array(#""}"#.utf8))
        #expect(raw?.reason == "unescaped control character" && raw?.column == 11, "\(String(describing: raw))")
    }

    /// A number is taken as written, for the option's own parser to judge: `0.50` stays
    /// `0.50`, and `1e400` (no Double holds it) reaches the parser rather than failing
    /// as "not an object".
    @Test func numbersAreTakenAsWritten() throws {
        let rows = try rows(#"{"alpha": 0.50, "year": 1e400, "size": [1920, "x"]}"# + "\n").get()
        #expect(rows.first?.fields["alpha"] == .text("0.50"))
        #expect(rows.first?.fields["year"] == .text("1e400"))
        #expect(rows.first?.fields["size"] == .list(["1920", "x"]))
    }

    /// A name that says neither format is read as what its first line is; a stream (a
    /// FIFO, as `<(…)` gives) is copied whole first, so it can be read twice.
    @Test func formatFromContentAndStreamsCopied() throws {
        try withTemporaryFolder { folder in
            try Data("season,output\nwinter,w.png\n".utf8).write(to: URL(fileURLWithPath: folder + "/m.txt"))
            let csv = try ManifestReader(path: folder + "/m.txt")
            #expect(csv.format == .csv)
            #expect(try csv.next()?.fields == ["season": .text("winter"), "output": .text("w.png")])
            let fifo = folder + "/pipe"
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread {
                let handle = FileHandle(forWritingAtPath: fifo)
                handle?.write(Data("\n{\"season\": \"summer\"}\n".utf8))
                try? handle?.close()
            }
            writer.start()
            let source = try ManifestSource(opening: fifo)
            #expect(source.format == .jsonLines)
            for _ in 0..<2 {
                let reader = try ManifestReader(source: source)
                #expect(try reader.next()?.fields == ["season": .text("summer")])
                #expect(try reader.next() == nil)
            }
        }
    }

    /// A line past the limit is refused as it is read, not after holding all of it.
    @Test func overlongLineIsRefused() throws {
        let long = "{\"text\": \"" + String(repeating: "x", count: 1 << 20) + "\"}\n"
        #expect(try rows("{\"a\": 1}\n" + long) == .failure(.lineTooLong(line: 2, limit: 1 << 20)))
    }

    @Test func aFolderOrMissingFileIsUnreadable() throws {
        try withTemporaryFolder { folder in
            #expect(throws: ManifestError.unreadable("it is a folder, not a manifest")) {
                _ = try ManifestReader(path: folder)
            }
            #expect(throws: ManifestError.unreadable("No such file or directory")) {
                _ = try ManifestReader(path: folder + "/none.jsonl")
            }
        }
    }
}

extension Result where Success == [ManifestRow], Failure == ManifestError {
    static func == (result: Self, error: Self) -> Bool {
        switch (result, error) {
        case (.failure(let a), .failure(let b)): a == b
        default: false
        }
    }
}
