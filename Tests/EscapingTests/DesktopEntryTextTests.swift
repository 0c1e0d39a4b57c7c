import Escaping
import Foundation
import Testing

/// A Desktop Entry's `Exec=` argument: every reserved character the spec lists makes the
/// argument quoted, four of them take a backslash inside the quotes, backslashes are
/// doubled again as in every string value, `%` is `%%`; the work is done per Unicode
/// scalar; and GLib (what GNOME, XFCE and dex launch entries through) reads every
/// argument back exactly.
@Suite struct DesktopEntryTextTests {
    /// Each of the spec's reserved characters between `a` and `b`, as the Exec line must hold it.
    static let reserved: [(character: String, escaped: String)] = [
        (" ", #""a b""#),
        ("\"", #""a\\"b""#),
        ("'", #""a'b""#),
        ("\\", #""a\\\\b""#),
        (">", #""a>b""#),
        ("<", #""a<b""#),
        ("~", #""a~b""#),
        ("|", #""a|b""#),
        ("&", #""a&b""#),
        (";", #""a;b""#),
        ("$", #""a\\$b""#),
        ("*", #""a*b""#),
        ("?", #""a?b""#),
        ("#", #""a#b""#),
        ("(", #""a(b""#),
        (")", #""a)b""#),
        ("`", #""a\\`b""#),
    ]

    @Test(arguments: reserved)
    func aReservedCharacterQuotesTheArgument(character: String, escaped: String) {
        #expect(DesktopEntryText.execArgument("a" + character + "b") == escaped)
    }

    @Test func plainArgumentsStayAsTheyAre() {
        #expect(DesktopEntryText.execArgument("/usr/bin/wallgen") == "/usr/bin/wallgen")
        #expect(DesktopEntryText.execArgument("--now") == "--now")
        #expect(DesktopEntryText.execArgument("冬至❄️") == "冬至❄️")
        // Look-alikes of reserved characters are other scalars.
        #expect(DesktopEntryText.execArgument("＄（ｘ）") == "＄（ｘ）")
        #expect(DesktopEntryText.execArgument("") == #""""#)
    }

    @Test func percentIsAFieldCodeEscape() {
        #expect(DesktopEntryText.execArgument("100%") == "100%%")
        #expect(DesktopEntryText.execArgument("a %f") == #""a %%f""#)
    }

    /// A quote followed by a combining mark is one Swift `Character` that is not `"`; by
    /// scalar it is still a quote, and it is escaped.
    @Test func escapingIsPerUnicodeScalar() {
        #expect(DesktopEntryText.execArgument("x\"\u{301}") == "\"x\\\\\"\u{301}\"")
        #expect(DesktopEntryText.execArgument("$\u{301}") == "\"\\\\$\u{301}\"")
        #expect(DesktopEntryText.execArgument("e\u{301}") == "e\u{301}")
    }

    /// An Exec line cannot hold C0 or DEL: no escaped form.
    @Test(arguments: ["a\nb", "a\tb", "a\rb", "\u{0}", "\u{1B}[31m", "a\u{7F}"])
    func controlCharactersHaveNoEscapedForm(_ argument: String) {
        #expect(DesktopEntryText.execArgument(argument) == nil)
    }

    /// GLib's key-file reader and argv splitting give back every argument, as GLib
    /// launches an entry (field codes expanded, here only `%%` to `%`, then split).
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi"),
            "python3-gi is not installed"
        ))
    func glibReadsEveryArgumentBack() throws {
        let arguments =
            Self.reserved.map { "a" + $0.character + "b" }
            + [
                "", "100%", "%%f", "x\"\u{301}", "it's (1)/冬至 ❄️", #"back\slash\\two"#, "$HOME", "~/x",
                "\u{85}next-line", "＄",
            ]
        let exec = try arguments.map { try #require(DesktopEntryText.execArgument($0)) }.joined(separator: " ")
        let entry = "[Desktop Entry]\nType=Application\nName=x\nExec=\(exec)\n"
        let script = """
            import gi, json, sys
            gi.require_version('GLib', '2.0')
            from gi.repository import GLib
            keys = GLib.KeyFile()
            data = sys.stdin.buffer.read().decode('utf-8')
            keys.load_from_data(data, len(data.encode('utf-8')), GLib.KeyFileFlags.NONE)
            ok, argv = GLib.shell_parse_argv(keys.get_string('Desktop Entry', 'Exec').replace('%%', '%'))
            print(json.dumps(argv))
            """
        let output = try python(script, input: entry, interpreter: "/usr/bin/python3")
        #expect(try JSONDecoder().decode([String].self, from: Data(output.utf8)) == arguments, "\(output)")
    }
}
