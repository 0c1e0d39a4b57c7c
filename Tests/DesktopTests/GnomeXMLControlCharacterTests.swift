import Almanac
import Desktop
import Foundation
import Testing

/// GNOME's XML (the slideshow and the background-properties entry) with paths and names
/// holding control characters, quotes and combining marks: the files hold no control
/// character and parse with Python's XML reader (a raw U+0001 made them invalid).
@Suite struct GnomeXMLControlCharacterTests {
    @Test func gnomeFilesHoldNoControlCharacterAndParse() throws {
        let path = "/pictures/a\u{1}b\u{1B}[2J\"\u{301}'<&>\u{85}.png"
        let slide = Slide(
            start: Date(timeIntervalSince1970: 1_782_900_000), subject: .season(.summer), pictures: ["1920x1080": path])
        let slideshow = try GnomeTimedBackground.xml(
            Schedule(slides: [slide], end: Date(timeIntervalSince1970: 1_782_900_000 + 86_400)),
            zone: .utc)
        let properties = GnomeBackgroundProperties.xml(name: "Terms\u{7}\u{9B}", filename: path)
        for document in [slideshow, properties] {
            #expect(
                !document.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                })
            let parsed = try pythonXML(document)
            let expected = "a\u{FFFD}b\u{FFFD}[2J\"\u{301}'<&>\u{FFFD}.png"
            #expect(parsed.contains(expected), "\(parsed)")
        }
    }

    /// Every element's text, as Python's XML reader reads the document.
    private func pythonXML(_ document: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, xml.etree.ElementTree as t; print('\\n'.join(e.text or '' for e in t.fromstring(sys.stdin.buffer.read()).iter()))",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(document.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "Python could not parse:\n\(document)")
        return String(decoding: data, as: UTF8.self)
    }
}
