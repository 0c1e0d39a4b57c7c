import Foundation
import TestSupport
import Testing

/// Issue 47, item 1: a link planted in an output folder, at a name wallgen gives a file
/// itself (a report, a gallery page, a contact sheet, a card, a slide, a schedule's file,
/// a KDE package's picture, a size's or a monitor's suffixed name), is refused with 73
/// before anything is written, and the file it points at is left as it was. Every name
/// each command writes is planted in turn.
@Suite struct PlantedLinkTests {
    static let victimText = "the victim's own words\n"

    /// Plants `folder/name` as a link to a file outside the folder holding the victim's
    /// words, runs `arguments`, and checks the refusal: status 73, the link named, the
    /// victim and the link as they were, and `untouched` (the folder's files before the
    /// run, or none) left exactly as they were.
    static func expectRefused(
        _ arguments: [String], planting name: String, in outputFolder: String, workingIn folder: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let victim = folder + "/victim.txt"
        try Data(victimText.utf8).write(to: URL(fileURLWithPath: victim))
        let link = outputFolder + "/" + name
        try FileManager.default.createDirectory(
            atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        let before = try snapshot(outputFolder)
        let result = try launch(arguments, in: folder)
        #expect(result.status == 73, "\(name): \(result.standardError)", sourceLocation: sourceLocation)
        #expect(
            result.standardError.contains("is a symbolic link inside the output folder"),
            "\(name): \(result.standardError)",
            sourceLocation: sourceLocation)
        #expect(
            try String(contentsOfFile: victim, encoding: .utf8) == victimText, "\(name): the victim was written",
            sourceLocation: sourceLocation)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link) == victim, "\(name): the link was replaced",
            sourceLocation: sourceLocation)
        #expect(
            try snapshot(outputFolder) == before, "\(name): something was written before the refusal",
            sourceLocation: sourceLocation)
        try FileManager.default.removeItem(atPath: link)
    }

    /// Every file and link beneath `folder` with its bytes (a link's target), recursively.
    static func snapshot(_ folder: String) throws -> [String: String] {
        var found: [String: String] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return found }
        while let relative = walker.nextObject() as? String {
            let path = folder + "/" + relative
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                found[relative] = "-> " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))
            case .typeRegular?:
                found[relative] = (try Data(contentsOf: URL(fileURLWithPath: path))).base64EncodedString()
            default: found[relative] = "folder"
            }
        }
        return found
    }

    @Test func batchReportAtItsDefaultName() throws {
        try withTemporaryFolder { folder in
            try Data("{\"season\":\"winter\",\"size\":\"24x16\",\"output\":\"a.png\"}\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/m.jsonl"))
            try FileManager.default.createDirectory(atPath: folder + "/o", withIntermediateDirectories: true)
            try Self.expectRefused(
                ["batch", "m.jsonl", "-o", "o", "-q"], planting: ".wallgen-report-0-of-1.json", in: folder + "/o",
                workingIn: folder)
        }
    }

    @Test func gatherGalleryPages() throws {
        try withTemporaryFolder { folder in
            try Data("{\"season\":\"winter\",\"size\":\"24x16\",\"output\":\"a.png\"}\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/m.jsonl"))
            let batch = try launch(["batch", "m.jsonl", "-o", "o", "-q"], in: folder)
            #expect(batch.status == 0, "\(batch.standardError)")
            for name in ["index.html", "contact-sheet.png"] {
                try Self.expectRefused(["gather", "o"], planting: name, in: folder + "/o", workingIn: folder)
            }
        }
    }

    @Test(arguments: ["22-dongzhi.png", "01-lichun.png", "contact-sheet.png", "index.html"])
    func termsCardsAndGallery(name: String) throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/cards", withIntermediateDirectories: true)
            try Self.expectRefused(
                ["terms", "-o", "cards", "--size", "30x40", "-q"], planting: name, in: folder + "/cards",
                workingIn: folder)
        }
    }

    @Test(arguments: [
        "22-dongzhi-32x18.png", "schedule.xml", "schedule.json", "wallgen-terms.timer", "wallgen-terms.service",
        "gnome-background-properties.xml",
    ])
    func scheduleSlidesAndFiles(name: String) throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/s", withIntermediateDirectories: true)
            try Self.expectRefused(
                ["schedule", "-o", "s", "--size", "32x18", "--from", "2026", "--years", "1", "-q"], planting: name,
                in: folder + "/s", workingIn: folder)
        }
    }

    @Test(arguments: ["metadata.json", "contents/images/64x36.png", "contents/images_dark/64x36.png"])
    func kdePackageFiles(name: String) throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/pkg", withIntermediateDirectories: true)
            try Self.expectRefused(
                ["kde-package", "-o", "pkg", "--season", "winter", "--size", "64x36"], planting: name,
                in: folder + "/pkg", workingIn: folder)
        }
    }

    /// A link planted at a folder on the way (`contents`) is refused the same way: no
    /// folder is made through it.
    @Test func kdePackageFolderOnTheWay() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/pkg", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/pkg/contents", withDestinationPath: "../elsewhere")
            let result = try launch(
                ["kde-package", "-o", "pkg", "--season", "winter", "--size", "64x36"], in: folder)
            #expect(result.status == 73, "\(result.standardError)")
            #expect(
                result.standardError.contains("'\(folder)/pkg/contents' is a symbolic link"), "\(result.standardError)")
            #expect(filesIn(folder + "/elsewhere") == [])
            #expect(filesIn(folder + "/pkg") == ["contents"])
        }
    }

    /// The names wallgen derives from `-o` for several sizes (`NAME-WxH.png`) and from a
    /// pattern are its own too; the name exactly as given is the person's, and a link
    /// there is still written through (README: a symlink is written through to its target).
    @Test func derivedNamesOfSeveralSizes() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/o", withIntermediateDirectories: true)
            let sizes = ["--size", "24x16", "--size", "16x24", "-q"]
            try Self.expectRefused(
                ["-o", "o/w.png"] + sizes, planting: "w-16x24.png", in: folder + "/o", workingIn: folder)
            try Self.expectRefused(
                ["-o", "o/{w}x{h}/w.png"] + sizes, planting: "24x16/w.png", in: folder + "/o", workingIn: folder)
            // The person's own name, a link they made: written through, as before.
            try FileManager.default.createSymbolicLink(atPath: folder + "/mine.png", withDestinationPath: "o/real.png")
            let through = try launch(["-o", "mine.png", "--size", "24x16", "-q"], in: folder)
            #expect(through.status == 0, "\(through.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/o/real.png"))
        }
    }
}
