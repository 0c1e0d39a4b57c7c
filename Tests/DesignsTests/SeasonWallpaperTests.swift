import Almanac
import Compositor
import Foundation
import Testing

@testable import Designs

let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
let data = DataDirectory(path: repositoryRoot)

@Suite struct SeasonWallpaperTests {
    func font() throws -> Font {
        try Font(data: FileReader.read(data.font(SeasonWallpaper.labelFontFile)), label: "label font")
    }

    @Test func sceneStacksTheAppsLayersInOrder() throws {
        let spec = SeasonWallpaperSpec(season: .winter, width: 1170, height: 2532, alpha: 0.5)
        let scene = SeasonWallpaper.scene(
            spec, picture: DecodedPicture(Image(width: 10, height: 10)), fonts: FontChain(try font()))
        #expect(scene.width == 1170 && scene.height == 2532)
        guard scene.layers.count == 5,
            case .solid(let base) = scene.layers[0],
            case .picture(let picture) = scene.layers[1],
            case .gradient(let edge) = scene.layers[2],
            case .gradient(let bottom) = scene.layers[3],
            case .text(let label) = scene.layers[4]
        else {
            Issue.record("unexpected layers \(scene.layers)")
            return
        }
        #expect(base == .white && picture.opacity == 0.5)
        #expect(edge.axis == .horizontal && edge.color == .black)
        #expect(edge.easing == .smooth && bottom.easing == .smooth)
        #expect(edge.stops.map(\.position) == [0, 0.2, 0.8, 1] && edge.stops.map(\.alpha) == [0.3, 0, 0, 0.3])
        #expect(bottom.axis == .vertical && bottom.stops.first?.position == 0.5 && bottom.stops.first?.alpha == 0)
        #expect(bottom.stops.last?.position == 1 && bottom.stops.last!.alpha > 0)
        guard case .inkCentered(let x, let y) = label.placement else {
            Issue.record("the label should be centred on a point")
            return
        }
        #expect(label.text == "Winter" && x == 585)
        #expect(y < 2532 * 0.2, "the label sits near the top")
        #expect(label.maxWidth! <= 1170 * 0.9)
    }

    @Test func labelOffLeavesNoText() {
        let spec = SeasonWallpaperSpec(season: .spring, showsLabel: false)
        let scene = SeasonWallpaper.scene(spec, picture: DecodedPicture(Image(width: 10, height: 10)), fonts: nil)
        #expect(scene.layers.count == 4)
        #expect(!scene.layers.contains { if case .text = $0 { true } else { false } })
    }

    /// The bundled pictures are large enough that no preset enlarges them more than
    /// 1.5 times (so none looks soft), read from the files' own headers; the three
    /// largest monitors, which DevicePreset names as softer, at most 1.9 times.
    @Test(arguments: Season.allCases) func bundledPictureCoversEveryPreset(season: Season) throws {
        let bytes = try FileReader.read(data.seasonPicture(season.rawValue))
        let (width, height) = try ImageDecoder.size(of: bytes)
        let softer: Set = ["super-ultrawide", "desktop-5k", "desktop-6k"]
        for preset in DevicePreset.all {
            let scale = CoverGeometry.scale(
                sourceWidth: width, sourceHeight: height, targetWidth: preset.width, targetHeight: preset.height)
            #expect(scale <= (softer.contains(preset.name) ? 1.9 : 1.5), "\(season) on \(preset.name) needs \(scale)x")
        }
    }

    @Test func presetNamesAreUniqueAndLookedUpInAnyCase() {
        #expect(Set(DevicePreset.all.map(\.name)).count == DevicePreset.all.count)
        let desktop = DevicePreset.named("Desktop-4K")
        #expect(desktop?.name == "desktop-4k" && desktop?.width == 3840 && desktop?.height == 2160)
        #expect(DevicePreset.standard.width == 1170 && DevicePreset.standard.height == 2532)
    }

    /// The whole pipeline on the bundled winter picture: an opaque image of the asked
    /// size whose PNG decodes back to the same pixels, and where the label sits the
    /// pixels differ from the same wallpaper without it.
    @Test func pipelineRendersTheBundledSeason() throws {
        let pipeline = WallpaperPipeline(data: data)
        var spec = SeasonWallpaperSpec(season: .winter, width: 300, height: 600)
        let labelled = try pipeline.render(spec)
        spec.showsLabel = false
        let plain = try pipeline.render(spec)
        #expect(labelled.image.width == 300 && labelled.image.height == 600 && labelled.image.isOpaque)
        let decoded = try ImageDecoder.decode(labelled.encoded)
        #expect(decoded[150, 84] == labelled.image[150, 84] && decoded[299, 599] == labelled.image[299, 599])
        var differing = 0
        for y in 0..<600 {
            for x in 0..<300 where labelled.image[x, y] != plain.image[x, y] {
                differing += 1
                #expect(y < 200, "label pixels should be near the top, found one at y = \(y)")
            }
        }
        #expect(differing > 1000)
    }

    @Test func missingDataFolderIsNamed() {
        #expect(throws: PipelineError.self) {
            try DataDirectory.locate(environment: ["WALLGEN_DATA": "/nonexistent/wallgen-data"])
        }
        do {
            _ = try DataDirectory.locate(environment: ["WALLGEN_DATA": "/nonexistent/wallgen-data"])
        } catch {
            #expect("\(error)".contains("/nonexistent/wallgen-data"))
        }
    }
}

/// Which screens a bundled picture (3200x2400) is too small to cover sharply: the 5K, 6K
/// and 32:9 monitors, and the Galaxy S24 Ultra (3120 tall, 1.3 times 2400).
@Suite struct BundledSoftnessTests {
    @Test func onlyTheLargestMonitorsAreWarnedOf() throws {
        let soft = DevicePreset.all.filter { preset in
            BackgroundEnlargement.bundledWarning((3200, 2400), canvases: [(preset.width, preset.height)]) != nil
        }
        #expect(soft.map(\.name) == ["galaxy-s24-ultra", "desktop-5k", "desktop-6k", "super-ultrawide"])
        let six = try #require(BackgroundEnlargement.bundledWarning((3200, 2400), canvases: [(6016, 3384)]))
        // 16:9 at 1.25 times 3200 wide.
        #expect(six.hasSuffix("6016x3384 (enlarged 1.9 times; sharp up to 4000x2250)"), "\(six)")
        // A canvas a pixel wide is sharp at no size of its shape: never "sharp up to 0x3000".
        let thin = try #require(BackgroundEnlargement.bundledWarning((3200, 2400), canvases: [(1, 16384)]))
        #expect(thin.hasSuffix("1x16384 (enlarged 6.8 times; no canvas of that shape is sharp)"), "\(thin)")
        let flat = try #require(BackgroundEnlargement.bundledWarning((3200, 2400), canvases: [(16384, 1)]))
        #expect(flat.hasSuffix("16384x1 (enlarged 5.1 times; no canvas of that shape is sharp)"), "\(flat)")
    }
}
