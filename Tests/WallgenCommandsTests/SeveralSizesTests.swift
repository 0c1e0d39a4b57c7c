import Almanac
import Testing

@testable import WallgenCommands

/// Several sizes in one run, as the command line reads them: the plan of sizes and the
/// file names each gets.
@Suite struct SeveralSizesTests {
    func plan(_ arguments: [String]) throws -> CanvasPlan {
        let invocation = try Invocation.parse(arguments, today: ArgumentParserTests.today)
        if let request = invocation.request(of: WallpaperCommand.self) { return request.canvases }
        if let request = invocation.request(of: TermCommand.self) { return request.canvases }
        throw CommandFailure("not an image command")
    }

    func size(_ width: Int, _ height: Int) -> CanvasSize { CanvasSize(width: width, height: height) }

    @Test func sizesThenDevicesWithoutRepeats() throws {
        #expect(
            try plan(["--size", "400x300", "--device", "desktop-hd", "--size", "400x300", "--device", "Laptop-HD"])
                == .sizes([
                    NamedCanvas(size: size(400, 300), device: nil),
                    NamedCanvas(size: size(1920, 1080), device: "desktop-hd"),
                    NamedCanvas(size: size(1366, 768), device: "laptop-hd"),
                ]))
        #expect(try plan([]) == .sizes([NamedCanvas(size: size(1170, 2532), device: nil)]))
        #expect(try plan(["term", "冬至", "--size", "10x20", "--size", "30x40"]).first == size(10, 20))
    }

    @Test func allIsEveryPreset() throws {
        guard case .sizes(let canvases) = try plan(["--device", "all"]) else {
            Issue.record("not sizes")
            return
        }
        guard case .words(let presets) = OneCanvasOptions.device.completion else {
            Issue.record("--device completes no words")
            return
        }
        #expect(canvases.map(\.device) == presets && presets.count == 29)
    }

    @Test func landscapePutsTheLongerSideAcross() throws {
        #expect(
            try plan(["--device", "iphone-se", "--size", "1920x1080", "--size", "90x160", "--landscape"])
                == .sizes([
                    NamedCanvas(size: size(1920, 1080), device: nil), NamedCanvas(size: size(160, 90), device: nil),
                    NamedCanvas(size: size(1334, 750), device: "iphone-se"),
                ]))
    }

    @Test func monitorsComeAloneAndAreReadWhenRunning() throws {
        #expect(try plan(["--device", "here"]) == .monitors(span: false, file: nil))
        #expect(try plan(["--span", "--monitors", "desk.txt"]) == .monitors(span: true, file: "desk.txt"))
        for arguments in [
            ["--device", "here", "--size", "10x10"], ["--span", "--device", "ipad"], ["--span", "--landscape"],
            ["--monitors", "desk.txt"],
        ] {
            #expect(throws: CommandFailure.self, "\(arguments)") { try plan(arguments) }
        }
    }

    @Test func everySizeIsWithinMaxPixels() {
        #expect {
            try plan(["--size", "10x10", "--size", "200x200", "--max-pixels", "1000"])
        } throws: { error in
            (error as? CommandFailure)?.message
                == "the canvas 200x200 is 40000 pixels, above the limit of 1000 (--max-pixels raises it)"
        }
    }

    func entries(_ sizes: [(Int, Int, String?)]) -> [OutputNaming.Entry] {
        OutputNaming.entries(sizes.map { NamedCanvas(size: size($0.0, $0.1), device: $0.2) })
    }

    @Test func namesKeepTheGivenExtension() throws {
        let planned = try OutputNaming.plan(
            .file("out.v2/card.jpg"), entries([(1920, 1080, nil), (750, 1334, "iphone-se")]), keepsSingleName: true)
        #expect(planned.map(\.target) == [.file("out.v2/card-1920x1080.jpg"), .file("out.v2/card-750x1334.jpg")])
        #expect(OutputNaming.suffixed("noext", "1x2") == "noext-1x2")
        #expect(OutputNaming.suffixed(".hidden", "1x2") == ".hidden-1x2")
        #expect(OutputNaming.suffixed("dir.d/name", "1x2") == "dir.d/name-1x2")
    }

    @Test func oneSizeKeepsItsName() throws {
        let planned = try OutputNaming.plan(.file("a.png"), entries([(10, 20, nil)]), keepsSingleName: true)
        #expect(planned == [PlannedOutput(size: size(10, 20), target: .file("a.png"))])
        let stdout = try OutputNaming.plan(.standardOutput, entries([(10, 20, nil)]), keepsSingleName: true)
        #expect(stdout.map(\.target) == [.standardOutput])
    }

    @Test func patterns() throws {
        let planned = try OutputNaming.plan(
            .file("{device}-{w}-{h}.png"), entries([(10, 20, nil), (750, 1334, "iphone-se")]), keepsSingleName: true)
        #expect(planned.map(\.target) == [.file("10x20-10-20.png"), .file("iphone-se-750-1334.png")])
        let monitors = try OutputNaming.plan(
            .file("desk.png"), OutputNaming.entries(monitors: [("DP-1", size(5, 5)), ("../evil", size(5, 5))]),
            keepsSingleName: false)
        #expect(monitors.map(\.target) == [.file("desk-DP-1.png"), .file("desk-.._evil.png")])
    }

    @Test func clashesAreRefusedAndSameFilesMerged() throws {
        #expect {
            try OutputNaming.plan(.file("x-{w}.png"), entries([(100, 50, nil), (100, 60, nil)]), keepsSingleName: true)
        } throws: { error in
            (error as? CommandFailure)?.message
                == "--output: x-100.png would hold both 100x50 and 100x60; put {w}, {h} or {device} in the name"
        }
        // Two presets of one size: the same picture, written once, under the name asked
        // for (issue 28 item 12: one picture keeps its name).
        let same = try OutputNaming.plan(
            .file("p.png"), entries([(1179, 2556, "iphone-15"), (1179, 2556, "iphone-16")]), keepsSingleName: true)
        #expect(same.map(\.target) == [.file("p.png")])
        #expect {
            try OutputNaming.plan(.standardOutput, entries([(1, 1, nil), (2, 2, nil)]), keepsSingleName: true)
        } throws: { error in
            (error as? CommandFailure)?.message.hasPrefix("-o - writes one picture, not 2") == true
        }
    }
}
