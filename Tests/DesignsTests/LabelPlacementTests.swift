import Almanac
import Compositor
import Foundation
import Testing

@testable import Designs

/// A season's label stays in its picture's sky at every preset (issue 28: at 1920x1080 the
/// winter peak reached into "Winter"). The label's ink box, as the painter will draw it,
/// is checked against the subject measured from the picture itself and mapped onto the
/// canvas with the cover crop worked out here.
@Suite struct LabelPlacementTests {
    static let fonts = FontChain([
        try! Font(data: FileReader.read(data.font("Comfortaa-Bold.ttf")), label: "Comfortaa"),
        try! Font(data: FileReader.read(data.font("WallgenKai-Bold.ttf")), label: "Kai"),
    ])

    /// Every preset, landscape phones and tablets too, and the other common monitor shapes.
    static let canvases: [(name: String, width: Int, height: Int)] =
        DevicePreset.all.flatMap { preset in
            [(preset.name, preset.width, preset.height)]
                + (preset.height > preset.width ? [(preset.name + " landscape", preset.height, preset.width)] : [])
        } + [("16:10", 1920, 1200), ("4:3", 1600, 1200), ("3:2", 2160, 1440), ("5:4", 1280, 1024)]

    /// The label's ink box on the canvas: where the scene puts its centre, the size the
    /// painter draws it at.
    static func labelBox(_ spec: SeasonWallpaperSpec) throws -> (
        left: Double, right: Double, top: Double, bottom: Double
    ) {
        let scene = SeasonWallpaper.scene(spec, picture: DecodedPicture(Image(width: 4, height: 4)), fonts: fonts)
        let label = try #require(scene.layers.compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
        guard case .inkCentered(let x, let y) = label.placement else {
            Issue.record("not ink-centred")
            throw CancellationError()
        }
        let ink = try #require(try label.inkSize())
        return (
            x - Double(ink.width) / 2, x + Double(ink.width) / 2, y - Double(ink.height) / 2, y + Double(ink.height) / 2
        )
    }

    /// The highest canvas row of subject over canvas columns `left...right`: the
    /// picture's measured skyline under a centred cover crop.
    static func subjectTop(_ skyline: PictureSkyline, width: Int, height: Int, left: Double, right: Double) -> Double {
        let scale = max(Double(width) / Double(skyline.width), Double(height) / Double(skyline.height))
        let cropX = (Double(skyline.width) - Double(width) / scale) / 2
        let cropY = (Double(skyline.height) - Double(height) / scale) / 2
        let band = Double(skyline.width) / Double(skyline.rows.count)
        var top = Double.infinity
        for (index, row) in skyline.rows.enumerated() {
            let start = (Double(index) * band - cropX) * scale
            let end = (Double(index + 1) * band - cropX) * scale
            if end > left, start < right { top = min(top, (Double(row) - cropY) * scale) }
        }
        return top
    }

    /// The shapes issue 48 names (a phone at 9:19.5, 16:9, 21:9, 32:9) besides every preset.
    static let shapes: [(name: String, width: Int, height: Int)] = [
        ("9:19.5", 1170, 2532), ("16:9", 1920, 1080), ("21:9", 2560, 1080), ("32:9", 3840, 1080),
    ]

    /// A label of every placement at the top: the season's name set across, and a text of
    /// the person's set top to bottom (issue 48: the column stood on the crown and the peak).
    static let labels: [(text: String?, vertical: Bool)] = [(nil, false), ("冬至快樂", true), (nil, true)]

    @Test(arguments: Season.allCases)
    func theLabelStaysInTheSky(season: Season) throws {
        let skyline = try PictureSkylineTests.measured(season)
        var collisions: [String] = []
        for canvas in Self.canvases + Self.shapes {
            for label in Self.labels {
                var spec = SeasonWallpaperSpec(season: season, width: canvas.width, height: canvas.height)
                spec.text = label.text
                spec.isVertical = label.vertical
                collisions += try Self.collision(spec, skyline, canvas)
            }
        }
        #expect(collisions.isEmpty, "\(season): \(collisions)")
    }

    /// What, if anything, is wrong with the label of `spec` against `skyline`: its ink box
    /// reaching into the subject, or leaving the canvas or the band below the top.
    static func collision(
        _ spec: SeasonWallpaperSpec, _ skyline: PictureSkyline, _ canvas: (name: String, width: Int, height: Int)
    ) throws -> [String] {
        let box = try labelBox(spec)
        let top = subjectTop(skyline, width: canvas.width, height: canvas.height, left: box.left, right: box.right)
        let name =
            "\(canvas.name) \(canvas.width)x\(canvas.height) \(spec.isVertical ? "vertical " : "")\(spec.labelText)"
        var found: [String] = []
        if box.bottom > top { found.append("\(name): ink to \(box.bottom), subject from \(top)") }
        if box.top < 0.05 * Double(canvas.height) - 1 || box.left < 0 || box.right > Double(canvas.width) {
            found.append("\(name): ink box \(box) leaves the canvas or the band below its top")
        }
        return found
    }

    @Test(arguments: Season.allCases)
    func theHorizontalLabelStaysInTheSkyAtEveryPreset(season: Season) throws {
        let skyline = try PictureSkylineTests.measured(season)
        var collisions: [String] = []
        for canvas in Self.canvases {
            let box = try Self.labelBox(SeasonWallpaperSpec(season: season, width: canvas.width, height: canvas.height))
            let top = Self.subjectTop(
                skyline, width: canvas.width, height: canvas.height, left: box.left, right: box.right)
            if box.bottom > top {
                collisions.append(
                    "\(canvas.name) \(canvas.width)x\(canvas.height): ink to \(box.bottom), subject from \(top)")
            }
            // Inside the canvas, below the highest place allowed.
            #expect(box.top >= 0.05 * Double(canvas.height) - 1 && box.left >= 0 && box.right <= Double(canvas.width))
        }
        #expect(collisions.isEmpty, "\(season): \(collisions)")
    }

    /// Phones and tablets upright keep the app's place, centred and 14 % down, so their
    /// pictures are the same bytes as before the rule.
    @Test(arguments: Season.allCases)
    func phonesAndTabletsKeepTheAppsPlace(season: Season) throws {
        for preset in DevicePreset.all where preset.height > preset.width {
            let scene = SeasonWallpaper.scene(
                SeasonWallpaperSpec(season: season, width: preset.width, height: preset.height),
                picture: DecodedPicture(Image(width: 4, height: 4)), fonts: Self.fonts)
            let label = try #require(
                scene.layers.compactMap { if case .text(let text) = $0 { text } else { nil } }.first)
            #expect(
                label.placement
                    == .inkCentered(x: Double(preset.width) / 2, y: Double(preset.height) * 0.14), "\(preset.name)")
        }
    }
}
