import Compositor
import Foundation
import TestSupport
import Testing

/// The provenance chunk, read back by Pillow (an independent PNG reader that checks
/// every chunk's CRC) and by `PNGTextChunk.read`.
@Suite struct PNGTextChunkTests {
    static let note = #"{"wallgen":"0.2.0","command":"term","args":["冬至","--text","a \"b\" 🎉"]}"#

    @Test func pillowReadsTheNoteBeforeTheImageData() throws {
        try withTemporaryFolder { folder in
            let image = randomImage(width: 9, height: 300, seed: 7, opaque: true)
            let png = try PNGEncoder.encode(image, note: Self.note)
            let plain = try PNGEncoder.encode(image)
            try Data(png).write(to: URL(fileURLWithPath: folder + "/noted.png"))
            let script = """
                import sys
                from PIL import Image
                image = Image.open(sys.argv[1])
                image.load()
                chunks = []
                data = open(sys.argv[1], "rb").read()
                offset = 8
                while offset < len(data):
                    length = int.from_bytes(data[offset:offset + 4], "big")
                    chunks.append(data[offset + 4:offset + 8].decode())
                    offset += 12 + length
                sys.stdout.buffer.write((image.info["wallgen"] + "\\n" + " ".join(chunks)).encode())
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, folder + "/noted.png"]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let lines = text.split(separator: "\n")
            #expect(lines.first.map(String.init) == Self.note)
            let chunks = lines.last?.split(separator: " ").map(String.init) ?? []
            let firstData = try #require(chunks.firstIndex(of: "IDAT"))
            #expect(chunks.firstIndex(of: "iTXt") == firstData - 1, "\(chunks)")
            // The note is the only difference: the image data is the same bytes.
            #expect(png.count == plain.count + 12 + "wallgen".utf8.count + 5 + Self.note.utf8.count)
            #expect(try PNGTextChunk.read(fromFileAt: folder + "/noted.png") == Self.note)
        }
    }

    @Test func aFileWithoutTheNoteOrNotAPNG() throws {
        try withTemporaryFolder { folder in
            try Data(try PNGEncoder.encode(solidImage(width: 2, height: 2, .init(r: 1, g: 2, b: 3, a: 255))))
                .write(to: URL(fileURLWithPath: folder + "/plain.png"))
            #expect(try PNGTextChunk.read(fromFileAt: folder + "/plain.png") == nil)
            try Data("not a png at all".utf8).write(to: URL(fileURLWithPath: folder + "/text.png"))
            #expect(throws: PNGTextChunk.ReadError.notPNG) { try PNGTextChunk.read(fromFileAt: folder + "/text.png") }
        }
    }
}
