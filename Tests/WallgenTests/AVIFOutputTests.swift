import Foundation
import TestSupport
import Testing

/// AVIF end to end: the command line, `terms` and the declaration's checks, read back by
/// libheif's heif-convert and compared by Pillow (neither is wallgen's code).
@Suite struct AVIFOutputTests {
    static let hasHeifConvert = FileManager.default.isExecutableFile(atPath: "/usr/bin/heif-convert")
    static let hasPillow = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PIL")

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    func heifConvert(_ file: String, to png: String, in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/heif-convert")
        process.arguments = [file, png]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "heif-convert \(file) failed")
    }

    /// Pillow's largest difference between two PNGs' RGB samples, and their sizes.
    func difference(_ a: String, _ b: String, in folder: String) throws -> String {
        let script = """
            import sys
            from PIL import Image
            a = Image.open(sys.argv[1]).convert("RGB"); b = Image.open(sys.argv[2]).convert("RGB")
            print(a.size, b.size, max(abs(x - y) for p, q in zip(a.getdata(), b.getdata()) for x, y in zip(p, q)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, a, b]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let said = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: said, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// At 100 the card is lossless: heif-convert gives back the PNG's pixels exactly; at
    /// 90 it is within a few levels.
    @Test(
        .enabled(if: hasHeifConvert && hasPillow, "heif-convert or Pillow is missing (libheif-examples, python3-pil)"))
    func aCardIsLosslessAt100AndCloseBelow() throws {
        try withTemporaryFolder { folder in
            for (arguments, name) in [
                (["--no-metadata", "-o", "card.png"], "card.png"),
                (["--quality", "100", "-o", "card.avif"], "card.avif"),
                (["-o", "lossy.avif"], "lossy.avif"),
            ] {
                let run = try launch(["term", "冬至", "--size", "72x128"] + arguments, in: folder)
                #expect(run.status == 0, "\(run.standardError)")
                #expect(name.hasSuffix(".png") || run.standardError.contains("AVIF"), "\(run.standardError)")
            }
            try heifConvert("card.avif", to: "card-back.png", in: folder)
            try heifConvert("lossy.avif", to: "lossy-back.png", in: folder)
            #expect(try difference("card.png", "card-back.png", in: folder) == "(72, 128) (72, 128) 0")
            let lossy = try difference("card.png", "lossy-back.png", in: folder)
            let largest = try #require(Int(lossy.split(separator: " ").last ?? ""))
            #expect(largest > 0 && largest < 48, "\(lossy)")
        }
    }

    /// `terms --format avif`: every card, the contact sheet and a gallery that shows them.
    @Test(.enabled(if: hasHeifConvert, "heif-convert is missing (Debian package libheif-examples)"))
    func termsWriteAVIFCardsSheetAndGallery() throws {
        try withTemporaryFolder { folder in
            let run = try launch(
                ["terms", "--format", "avif", "--size", "48x80", "--season", "winter", "-o", "cards"], in: folder)
            #expect(run.status == 0, "\(run.standardError)")
            let files = filesIn(folder + "/cards")
            #expect(files.filter { $0.hasSuffix(".avif") }.count == 7, "\(files)")
            #expect(files.contains("contact-sheet.avif") && files.contains("22-dongzhi.avif"))
            let page = try String(contentsOfFile: folder + "/cards/index.html", encoding: .utf8)
            #expect(page.contains("22-dongzhi.avif"))
            for file in files where file.hasSuffix(".avif") {
                #expect(try bytes(folder + "/cards/" + file).dropFirst(4).starts(with: Array("ftypavif".utf8)))
            }
            try heifConvert("cards/contact-sheet.avif", to: "sheet.png", in: folder)
        }
    }
}
