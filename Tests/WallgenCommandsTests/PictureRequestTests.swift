import Batch
import Compositor
import Foundation
import TestSupport
import Testing

@testable import WallgenCommands

/// A picture asked for by fields (a manifest row, the studio's controls) is the request
/// the command line makes, and renders to the bytes the command writes.
@Suite struct PictureRequestTests {
    static let today = ArgumentParserTests.today

    func command(_ arguments: [String]) throws -> PictureRequest.Image {
        let invocation = try Invocation.parse(arguments, today: Self.today, environment: [:])
        if let request = invocation.request(of: WallpaperCommand.self) { return .wallpaper(request) }
        return .term(try #require(invocation.request(of: TermCommand.self)))
    }

    func same(_ a: PictureRequest.Image, _ b: PictureRequest.Image) -> Bool {
        switch (a, b) {
        case (.wallpaper(let a), .wallpaper(let b)): a == b
        case (.term(let a), .term(let b)): a == b
        default: false
        }
    }

    @Test(arguments: [
        (
            ["season": ManifestValue.text("winter"), "alpha": .text("0.3"), "label": .text("off")],
            ["--season", "winter", "--alpha", "0.3", "--label", "off"]
        ),
        (
            [
                "command": .text("term"), "term": .text("冬至"), "lang": .text("en"), "vertical": .flag(true),
                "text": .text("冬至快樂"), "size": .list(["300x600"]),
            ],
            ["term", "冬至", "--lang", "en", "--vertical", "--text", "冬至快樂", "--size", "300x600"]
        ),
        (
            ["text": .text("-dash"), "dark": .text("true"), "output": .text("out/a.JPG"), "base": .text("navy")],
            ["--text=-dash", "--dark", "-o", "out/a.JPG", "--base", "navy"]
        ),
        (["strict": .flag(false), "device": .list(["ipad"])], ["--device", "ipad"]),
    ])
    func fieldsMakeTheCommandsRequest(fields: [String: ManifestValue], arguments: [String]) throws {
        let picture = try PictureRequest(fields: fields, today: Self.today)
        #expect(same(picture.image, try command(arguments)), "\(fields) is not \(arguments)")
    }

    @Test func whatItMakes() throws {
        let card = try PictureRequest(
            fields: ["command": .text("term"), "term": .text("22"), "output": .text("x.webp")], today: Self.today)
        #expect(card.command == "term" && card.format == .webp && card.fileName == "x.webp")
        #expect((card.width, card.height) == (1170, 2532))
        // The note names the term by its pinyin and the format the name chose.
        #expect(card.commandArguments == ["term", "dongzhi", "--format", "webp"])
        let undated = try PictureRequest(fields: [:], today: Self.today)
        #expect(undated.commandArguments == ["--date", "2026-11-30"])
        #expect(undated.fileName == "wallpaper-autumn.png")
        let bare = try PictureRequest(fields: ["season": .text("spring")], today: Self.today, metadata: false)
        #expect(bare.note == nil && bare.commandArguments == nil)
    }

    @Test(arguments: [
        (["colour": ManifestValue.text("red")], "unknown key 'colour' for wallpaper"),
        (["vertical": .text("maybe")], "'vertical' is a flag: true or false"),
        (["alpha": .flag(true)], "'alpha' needs a value (<0...1>), not true or false"),
        (["alpha": .text("2"), "zzz": .text("1")], "unknown key 'zzz'"),
        (["alpha": .text("2")], "--alpha must be from 0 to 1, got 2"),
        (["command": .text("almanac")], "command 'almanac' cannot be a row"),
        (["size": .list(["10x10", "20x20"])], "a row makes one picture"),
        (["apply": .flag(true)], "'apply' a batch sets no wallpaper"),
    ])
    func refusedWithTheCommandsWords(fields: [String: ManifestValue], message: String) {
        #expect {
            _ = try PictureRequest(fields: fields, today: Self.today)
        } throws: { error in
            (error as? CommandFailure)?.message.contains(message) == true
        }
    }

    @Test func aPreviewsCanvasIsChecked() throws {
        let picture = try PictureRequest(
            fields: ["max-pixels": .text("5000"), "size": .list(["50x50"])], today: Self.today)
        #expect(throws: CommandFailure.self) { try picture.preview(width: 0, height: 10) }
        #expect(throws: CommandFailure.self) { try picture.preview(width: 16385, height: 1) }
        #expect(throws: CommandFailure.self) { try picture.preview(width: 100, height: 100) }
        #expect(try picture.preview(width: 50, height: 100).width == 50)
    }

    /// The bytes the command writes, run in this process.
    func commandBytes(_ arguments: [String]) throws -> [UInt8] {
        try withTemporaryFolder { folder in
            let path = folder + "/picture"
            let invocation = try Invocation.parse(arguments + ["-o", path], today: Self.today, environment: [:])
            try invocation.run()
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
    }

    @Test func rendersTheCommandsBytesAndItsPreviewsPixels() throws {
        let maker = try PictureMaker()
        let fields: [String: ManifestValue] = [
            "command": .text("term"), "term": .text("qingming"), "alpha": .text("0.6"), "size": .list(["90x160"]),
            "format": .text("webp"), "quality": .text("70"),
        ]
        let card = try PictureRequest(fields: fields, today: Self.today)
        let saved = try maker.render(card).encoded
        // What Save writes is what the shown command writes.
        #expect(saved == (try commandBytes(try #require(card.commandArguments))))
        let preview = try maker.render(try card.preview(width: 45, height: 80))
        #expect(preview.format == .png)
        #expect(
            preview.encoded
                == (try commandBytes([
                    "term", "qingming", "--alpha", "0.6", "--size", "45x80", "--no-metadata",
                ])))
    }

    /// A studio session that tries many qualities keeps only the last few pipelines, and
    /// a setting let go renders the command's bytes again when it comes back.
    @Test func keepsOnlyTheLastFewPipelines() throws {
        let maker = try PictureMaker()
        func card(quality: Int) throws -> PictureRequest {
            try PictureRequest(
                fields: [
                    "command": .text("term"), "term": .text("dongzhi"), "size": .list(["24x40"]),
                    "format": .text("webp"), "quality": .text(String(quality)),
                ], today: Self.today)
        }
        for quality in [50, 60, 70, 80, 90, 95] { _ = try maker.render(try card(quality: quality)) }
        #expect(
            maker.keptTermSettings.map(\.encoding) == [
                .webp(quality: 70), .webp(quality: 80), .webp(quality: 90), .webp(quality: 95),
            ])
        // Used again, 80 becomes the newest; 50 (let go) is made again and matches the command.
        _ = try maker.render(try card(quality: 80))
        let again = try card(quality: 50)
        #expect(try maker.render(again).encoded == (try commandBytes(try #require(again.commandArguments))))
        #expect(
            maker.keptTermSettings.map(\.encoding) == [
                .webp(quality: 90), .webp(quality: 95), .webp(quality: 80), .webp(quality: 50),
            ])
    }
}
