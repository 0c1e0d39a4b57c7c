import Compositor
import Foundation
import TestSupport
import Testing

@Suite struct TermCommandTests {
    @Test func oneCardByChineseName() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["term", "冬至", "--size", "234x506"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(filesIn(folder) == ["22-dongzhi.png"])
        let header = try #require(
            pngHeader([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/22-dongzhi.png")))))
        #expect(header.width == 234 && header.height == 506 && header.colorType == 2)
        #expect(result.output.isEmpty)
        #expect(result.standardError.hasPrefix("Wrote 22-dongzhi.png: 冬至 Winter Solstice, 234x506, "))
    }

    /// A card over the person's own picture: a plain red one shows through at the top
    /// middle, where neither shade reaches, exactly. A missing file is named.
    @Test func oneCardOverYourOwnPicture() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let red = PNGTestWriter(width: 40, height: 40, bitDepth: 8, colorType: .rgb) { _, _ in [255, 0, 0] }
        try Data(red.encode()).write(to: URL(fileURLWithPath: folder + "/red.png"))
        let result = try launch(
            ["term", "冬至", "--size", "117x253", "--background", "red.png", "-o", "card.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let card = try ImageDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/card.png"))))
        #expect(card[58, 10] == PremultipliedPixel(r: 255, g: 0, b: 0, a: 255), "\(card[58, 10])")
        let missing = try launch(["term", "冬至", "--background", "nothere.jpg", "-o", "other.png"], in: folder)
        #expect(missing.status == 66, "\(missing.standardError)")
        #expect(
            missing.standardError.contains("--background: 'nothere.jpg' does not exist"), "\(missing.standardError)")
        #expect(!filesIn(folder).contains("other.png"))
    }

    /// Thumbnail-sized cards and wallpapers are made, leaving out the text that would be
    /// under a pixel tall (laying it out used to fail with "invalid text size 0.75").
    @Test(arguments: ["1x1", "3x7", "20x40", "60x130"]) func tinySizesAreMadeWithoutTheirTinyText(size: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let dimensions = size.split(separator: "x").map { Int($0)! }
        for (arguments, name) in [
            (["term", "1", "--size", size, "-o", "card.png"], "card.png"),
            (["term", "1", "--size", size, "--vertical", "-o", "vertical.png"], "vertical.png"),
            (["--season", "autumn", "--size", size, "-o", "wallpaper.png"], "wallpaper.png"),
        ] {
            let result = try launch(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            let header = try #require(
                pngHeader([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))), "\(name)")
            #expect(header.width == dimensions[0] && header.height == dimensions[1], "\(name)")
        }
    }

    @Test func unknownTermListsTheClosestNames() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["term", "dongzi"], in: folder)
        #expect(result.status == 64)
        #expect(
            result.standardError.contains("unknown term 'dongzi'; closest: dongzhi (冬至)"), "\(result.standardError)")
        #expect(filesIn(folder).isEmpty)
        let missing = try launch(["term"], in: folder)
        #expect(missing.status == 64 && missing.standardError.contains("'term' needs a term"))
    }

    /// One season: its six cards, a one-row contact sheet and the page.
    @Test func oneSeasonOfCards() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["terms", "-o", "cards", "--season", "spring", "--size", "117x253"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            filesIn(folder + "/cards") == [
                "01-lichun.png", "02-yushui.png", "03-jingzhe.png", "04-chunfen.png", "05-qingming.png", "06-guyu.png",
                "contact-sheet.png", "index.html",
            ])
        #expect(result.output.isEmpty)
        #expect(result.standardError.hasPrefix("Wrote 6 cards"), "\(result.standardError)")
        #expect(
            !result.standardError.contains("\r") && result.standardError.split(separator: "\n").count == 1,
            "no progress line when stderr is not a terminal")
        let sheet = try #require(
            pngHeader([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/cards/contact-sheet.png")))))
        #expect(sheet.width > 6 * 100 && sheet.height < 2 * 253)
    }

    // The progress line on a terminal, and none off one: ProgressLineTests.

    @Test func allTwentyFourWithStableNames() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["terms", "-o", folder, "--size", "60x130", "--jobs", "2"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let files = filesIn(folder)
        #expect(files.count == 26 && files.first == "01-lichun.png" && files.contains("24-dahan.png"))
        #expect(files.contains("contact-sheet.png") && files.contains("index.html"))
        let plain = try temporaryFolder()
        defer { removeTemporaryFolder(plain) }
        #expect(try launch(["terms", "-o", plain, "--size", "60x130", "--no-gallery"], in: plain).status == 0)
        #expect(filesIn(plain).count == 24)
    }

    /// A card is the same bytes made alone or in a batch, with any number of jobs.
    /// (Batches reuse buffers above 2 MiB; ImageRecyclerTests renders at such sizes.)
    @Test func cardsAreIdenticalAloneAndInBatches() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(try launch(["term", "22", "--size", "180x390", "-o", "alone.png"], in: folder).status == 0)
        for jobs in ["1", "2", "3"] {
            #expect(
                try launch(
                    ["terms", "-o", "jobs\(jobs)", "-s", "winter", "--size", "180x390", "-j", jobs, "--no-gallery"],
                    in: folder
                ).status == 0)
        }
        let alone = try Data(contentsOf: URL(fileURLWithPath: folder + "/alone.png"))
        for jobs in ["1", "2", "3"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: folder + "/jobs\(jobs)/22-dongzhi.png")) == alone,
                "--jobs \(jobs)")
        }
    }

    @Test func unusableFolderFailsBeforeAnyRendering() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/file"))
        let onFile = try launch(["terms", "-o", "file", "--size", "60x130"], in: folder)
        #expect(
            onFile.status == 73 && onFile.standardError.contains("is a file, not a folder"), "\(onFile.standardError)")
        let deep = try launch(["terms", "-o", "missing/cards", "--size", "60x130"], in: folder)
        #expect(
            deep.status == 73 && deep.standardError.contains("the folder 'missing' does not exist"),
            "\(deep.standardError)")
        #expect(filesIn(folder) == ["file"])
        let jobs = try launch(["terms", "--jobs", "0"], in: folder)
        #expect(jobs.status == 64 && jobs.standardError.contains("--jobs must be a whole number of at least 1"))
    }

    /// One damaged picture: the other 23 cards are still made, the damaged one is named,
    /// no partial file is left, and the run fails.
    @Test func oneFailedCardDoesNotStopTheOthers() throws {
        let data = try temporaryFolder()
        defer { removeTemporaryFolder(data) }
        try FileManager.default.createSymbolicLink(
            atPath: data + "/fonts", withDestinationPath: repositoryRoot + "/fonts")
        try FileManager.default.createDirectory(atPath: data + "/Assets/terms", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: data + "/Assets/seasons", withDestinationPath: repositoryRoot + "/Assets/seasons")
        for file in filesIn(repositoryRoot + "/Assets/terms") {
            try FileManager.default.createSymbolicLink(
                atPath: data + "/Assets/terms/" + file, withDestinationPath: repositoryRoot + "/Assets/terms/" + file)
        }
        // 穀雨's picture, read at a phone's shape (清明's would be painted: its willows reach
        // past the middle third).
        try FileManager.default.removeItem(atPath: data + "/Assets/terms/06-guyu.jpg")
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: data + "/Assets/terms/06-guyu.jpg"))
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["WALLGEN_DATA"] = data
        let result = try launch(["terms", "-o", folder, "--size", "60x130"], in: folder, environment: environment)
        #expect(result.status == 72, "\(result.standardError)")
        #expect(result.standardError.contains("06-guyu (穀雨)"))
        #expect(result.standardError.contains("1 of 24 cards failed; 23 written"))
        let files = filesIn(folder)
        #expect(files.count == 23 && !files.contains("06-guyu.png") && !files.contains("index.html"))
    }
}
