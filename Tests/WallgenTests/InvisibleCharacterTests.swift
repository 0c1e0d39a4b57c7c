import Foundation
import TestSupport
import Testing

/// Excel's CSV and other text with characters no one sees (issue 28): a leading
/// byte-order mark is ignored, and messages name invisible characters by code point
/// instead of printing them raw.
@Suite struct InvisibleCharacterTests {
    /// Excel's "CSV UTF-8" starts with U+FEFF; the batch reads it as if it did not.
    @Test func excelsCSVWithAByteOrderMarkRenders() throws {
        try withTemporaryFolder { folder in
            let csv = "\u{FEFF}command,term,lang,size,output\r\nterm,冬至,en,32x18,c.png\r\n"
            try Data(csv.utf8).write(to: URL(fileURLWithPath: folder + "/excel.csv"))
            let run = try launch(["batch", "excel.csv", "-o", "out"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/out/c.png"))
        }
    }

    /// An invisible character inside a key or a value is named, never printed as is.
    @Test func messagesNameInvisibleCharactersByCodePoint() throws {
        try withTemporaryFolder { folder in
            let csv = "season,\u{200B}output\nwinter,w.png\n"
            try Data(csv.utf8).write(to: URL(fileURLWithPath: folder + "/m.csv"))
            let key = try launch(["batch", "m.csv", "-o", "out"], in: folder)
            #expect(key.status == 65)
            #expect(key.standardError.contains("unknown key '<U+200B>output'"), "\(key.standardError)")
            #expect(!key.standardError.unicodeScalars.contains("\u{200B}"))

            let escape = try launch(["--season", "win\u{1B}[2Jter"], in: folder)
            #expect(escape.status == 64)
            #expect(escape.standardError.contains("unknown season 'win<U+001B>[2Jter'"), "\(escape.standardError)")
            #expect(!escape.standardError.unicodeScalars.contains("\u{1B}"))

            let mark = try launch(["--\u{FEFF}size", "32x18"], in: folder)
            #expect(mark.standardError.contains("unknown option '--<U+FEFF>size'"), "\(mark.standardError)")
        }
    }

    /// Emoji keep their joiners and tags: a family or the flag of Scotland in a message
    /// is shown as the picture it is.
    @Test func emojiSequencesAreShownWhole() throws {
        try withTemporaryFolder { folder in
            for emoji in ["👨‍👩‍👧", "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"] {
                let run = try launch(["--season", emoji], in: folder)
                #expect(run.standardError.contains("unknown season '\(emoji)'"), "\(run.standardError)")
            }
        }
    }
}
