import Escaping
import Foundation
import TestSupport
import Testing

/// The escapers of the other languages, each with combining marks, control characters,
/// quotes, invalid UTF-8 (decoded to U+FFFD before it reaches them) and schemes, read
/// back where a real reader exists: Python's XML parser, bash.
@Suite struct LanguageEscapingTests {
    static let hostile = [
        "x\"\u{301} y", "'\u{301}<\u{20DD}>&", "a\u{0}b\u{1}c\u{1B}[31md\u{7F}e\u{85}f\u{9B}g", "tab\tline\nret\r",
        "javascript:alert(1)", "data:text/html,<b>", String(decoding: [0x61, 0xFF, 0x22], as: UTF8.self),
        "冬至 \u{202E}gpj.exe", "$HOME %h \\n",
    ]

    /// Every hostile text, escaped into an element and an attribute, parses with Python's
    /// XML reader back to the text with its control characters (other than tab, line feed
    /// and carriage return) as U+FFFD, and the file holds no control character.
    @Test func xmlParsesBackAndHoldsNoControlCharacter() throws {
        var document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<texts>\n"
        for text in Self.hostile {
            document += "<t a=\"\(XMLText.escape(text))\">\(XMLText.escape(text))</t>\n"
        }
        document += "</texts>\n"
        #expect(!document.unicodeScalars.contains { $0 != "\n" && isControl($0) })
        let parsed = try python(
            """
            import json, sys, xml.etree.ElementTree as tree
            root = tree.fromstring(sys.stdin.buffer.read())
            print(json.dumps([[t.get("a"), t.text] for t in root]))
            """, input: document)
        let pairs = try #require(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String]])
        for (text, pair) in zip(Self.hostile, pairs) {
            let expected = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { isControl($0) && !"\t\n\r".unicodeScalars.contains($0) ? "\u{FFFD}" : $0 }
                ))
            #expect(pair == [expected, expected], "\(text.debugDescription)")
            #expect(XMLText.unescape(Substring(XMLText.escape(text))) == expected)
        }
        #expect(XMLText.unescape("a &amp b") == nil && XMLText.unescape("a &bogus; b") == nil)
        #expect(XMLText.unescape("&#x51AC;&#33267;&lt;") == "冬至<")
    }

    /// Each word, quoted, is read back by bash as exactly the word, and the quoted form
    /// shows no control character or direction mark: a carriage return cannot hide what
    /// follows it on a terminal.
    @Test func shellWordsReadBackInBashAndShowNoControlCharacter() throws {
        // An argument cannot hold NUL; every other scalar can be in one.
        let words =
            Self.hostile.map { $0.replacingOccurrences(of: "\u{0}", with: "") }
            + ["--background /etc/shadow\r--size 10x10", "it's", "", "plain-word_1.png"]
        for word in words {
            let quoted = ShellQuoting.quote(word)
            #expect(!quoted.unicodeScalars.contains { isControl($0) || (0x202A...0x202E).contains($0.value) })
            let back = try runBash("printf '%s' " + quoted)
            #expect(back == Array(word.utf8), "\(word.debugDescription) quoted as \(quoted)")
        }
        #expect(ShellQuoting.quote("a\rb") == "$'a\\rb'")
        #expect(ShellQuoting.quote("\u{9B}31m") == "$'\\u009B31m'")
        #expect(ShellQuoting.quote("it's") == "'it'\\''s'")
        let combining = ShellQuoting.quote("x\"\u{301}")
        let expectedCombining = "'x\"\u{301}'"
        #expect(combining == expectedCombining)
        #expect(ShellQuoting.line(["wallgen", "term", "冬至"]) == "wallgen term '冬至'")
    }

    @Test func systemdArgumentsEscapeControlCharactersAsBytes() {
        let quoted = SystemdText.quote("a \"b\"\u{301} \\ %h $HOME")
        let expectedQuoted = "\"a \\\"b\\\"\u{301} \\\\ %%h $$HOME\""
        #expect(quoted == expectedQuoted)
        #expect(SystemdText.quote("/opt/$x/wallgen", isExecutable: true) == "\"/opt/$x/wallgen\"")
        #expect(SystemdText.quote("a\u{1}\u{7F}\u{85}\n\t") == "\"a\\x01\\x7f\\xc2\\x85\\n\\t\"")
        #expect(SystemdText.quote("javascript:alert(1)") == "\"javascript:alert(1)\"")
    }

    @Test func iCalendarTextEscapesAndRefusesControlCharacters() {
        #expect(ICalendarText.escape("a,b;c\\d\r\ne\rf\ng") == "a\\,b\\;c\\\\d\\ne\\nf\\ng")
        let escaped = ICalendarText.escape("x\"\u{301}\u{1}\u{1B}\u{7F}\u{85}\ty")
        let expectedEscaped = "x\"\u{301}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\ty"
        #expect(escaped == expectedEscaped)
    }

    /// A request can start no line, a backslash is printed, and control characters go.
    @Test func roffTextStartsNoRequest() throws {
        #expect(RoffText.escape(".sh x\n'br\n-o") == "\\&.sh x\n\\&'br\n\\-o")
        let roff = RoffText.escape("a\\b\u{1}\u{1B}c\u{301}\"")
        let expectedRoff = "a\\ebc\u{301}\""
        #expect(roff == expectedRoff)
    }

    /// The completion scripts' strings: quotes closed and reopened, specials escaped.
    @Test func completionTextIsQuoted() {
        #expect(ShellQuoting.zshSpecText("it's [a]: b\\\u{1B}") == "it'\\''s \\[a\\]\\: b\\\\")
        #expect(ShellQuoting.fishQuoted("it's a\\b\u{7}") == "'it\\'s a\\\\b'")
    }

    private func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// Runs a Python program with `input` on its standard input; returns its output.
/// `interpreter` is the first python3 on the PATH unless named (Debian's own, for its
/// python3-gi).
func python(_ program: String, input: String, interpreter: String = "python3") throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [interpreter, "-c", program]
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// Runs a line in bash; returns the bytes it printed.
func runBash(_ line: String) throws -> [UInt8] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", line]
    let stdout = Pipe()
    process.standardOutput = stdout
    try process.run()
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return [UInt8](data)
}

@Suite struct TerminalTextTests {
    /// A line from data shows its control and format characters by code point and keeps
    /// the rest: combining marks, line feeds and tabs, an emoji's joiners.
    @Test func controlCharactersAreShownNotSent() {
        let line = TerminalText.visible("row 2: a\u{1B}[2J\rb\u{9B}c\u{202E}d\u{301}é\n\tnext\u{FEFF}")
        let expected = "row 2: a<U+001B>[2J<U+000D>b<U+009B>c<U+202E>d\u{301}é\n\tnext<U+FEFF>"
        #expect(line == expected)
        #expect(TerminalText.visible("plain 冬至 line") == "plain 冬至 line")
        #expect(TerminalText.visible("👨\u{200D}👩\u{200D}👧 a\u{200D}b") == "👨\u{200D}👩\u{200D}👧 a<U+200D>b")
    }
}
