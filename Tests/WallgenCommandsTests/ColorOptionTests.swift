import Compositor
import Foundation
import Testing

@testable import WallgenCommands

/// Colours on the command line: `#RGB`, `#RRGGBB` and the CSS names, checked against
/// Pillow's own table of the CSS names (an independent copy of the specification's list).
@Suite struct ColorOptionTests {
    func base(_ text: String) throws(CommandFailure) -> Color {
        try WallpaperCommand.base.parse(text)
    }

    /// Pillow's `ImageColor.colormap`: name to `#rrggbb`, read at test time.
    static func pillowColormap() throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [
            "-c",
            "from PIL import ImageColor\nfor k, v in sorted(ImageColor.colormap.items()): print(k, v)",
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "Pillow (python3-pil) is needed for this test")
        var table: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            table[String(parts[0])] = String(parts[1]).lowercased()
        }
        return table
    }

    @Test func everyCSSNameMatchesPillow() throws {
        let pillow = try Self.pillowColormap()
        #expect(pillow.count == 148)
        #expect(Set(pillow.keys) == Set(CSSColorNames.names))
        for (name, hex) in pillow {
            let color = try base(name)
            #expect(color.description.lowercased() == hex, "\(name)")
        }
    }

    @Test func namesAreReadInAnyCase() throws {
        #expect(try base("MidnightBlue") == Color(red: 0x19, green: 0x19, blue: 0x70))
        #expect(try base("RED") == Color(red: 255, green: 0, blue: 0))
    }

    @Test func shortAndLongHex() throws {
        #expect(try base("#FFF") == Color(red: 255, green: 255, blue: 255))
        #expect(try base("#1a3") == Color(red: 0x11, green: 0xAA, blue: 0x33))
        #expect(try base("#102030") == Color(red: 0x10, green: 0x20, blue: 0x30))
        #expect(try base("102030") == Color(red: 0x10, green: 0x20, blue: 0x30))
    }

    @Test(arguments: [
        ("midnightblu", "did you mean 'midnightblue'?"),
        ("Grey50", "got 'Grey50'"),
        ("#12", "must be a colour as #RGB, #RRGGBB or a CSS name"),
        ("#10203080", "must be a colour"),
        ("#GGG", "must be a colour"),
    ])
    func refused(text: String, message: String) {
        #expect {
            try base(text)
        } throws: { error in
            (error as? CommandFailure)?.message.contains(message) == true
        }
    }

    @Test func everyColourOptionTakesNames() throws {
        let invocation = try Invocation.parse(
            ["term", "冬至", "--base", "navy", "--text-color", "#ff0"], today: ArgumentParserTests.today)
        guard let request = invocation.request(of: TermCommand.self) else {
            Issue.record("not a term")
            return
        }
        #expect(request.spec.baseColor == Color(red: 0, green: 0, blue: 128))
        #expect(request.spec.textColor == Color(red: 255, green: 255, blue: 0))
    }
}
