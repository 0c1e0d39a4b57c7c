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

    /// A line past the limit is refused as it is read, not after holding all of it.
    @Test func overlongLineIsRefused() throws {
        let long = "{\"text\": \"" + String(repeating: "x", count: 1 << 20) + "\"}\n"
        #expect(try rows("{\"a\": 1}\n" + long) == .failure(.lineTooLong(line: 2, limit: 1 << 20)))
    }

    @Test func aFolderOrMissingFileIsUnreadable() throws {
        try withTemporaryFolder { folder in
            #expect(throws: ManifestError.unreadable("it is not a regular file")) {
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
