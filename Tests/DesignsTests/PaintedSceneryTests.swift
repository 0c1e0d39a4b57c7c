import Compositor
import Foundation
import Testing

@testable import Designs

/// Which canvases are painted rather than drawn from the bundled 3200x2400 pictures, and
/// the kept paintings.
@Suite struct PaintedSceneryTests {
    /// No device preset gets a soft bundled picture any more: each is either served
    /// sharply by it (enlarged at most 1.25 times, of a shape its composition survives) or
    /// painted at its own size.
    @Test func noPresetIsLeftSoft() {
        for preset in DevicePreset.all {
            let canvas = (preset.width, preset.height)
            let soft = BackgroundEnlargement.bundledWarning((3200, 2400), canvases: [canvas]) != nil
            #expect(!soft || PaintedScenery.isPainted(canvas), "\(preset.name) \(preset.width)x\(preset.height)")
        }
        let painted = DevicePreset.all.filter { PaintedScenery.isPainted(($0.width, $0.height)) }.map(\.name)
        #expect(
            Set(painted).isSuperset(of: ["galaxy-s24-ultra", "desktop-5k", "desktop-6k", "super-ultrawide"]),
            "\(painted)")
    }

    @Test(arguments: [
        (1170, 2532, false),  // the README's phone: the bundled picture, as it always was
        (1920, 1080, false), (3840, 2160, false), (2048, 2732, false),
        (2560, 1080, true),  // 21:9: wider than the 16:9 band the pictures were composed for
        (5120, 1440, true), (6016, 3384, true), (5760, 1080, true),  // 32:9, 6K, three monitors
        (6016, 40, false),  // far flatter than any screen: the bundled picture, warned of
    ])
    func canvasesArePaintedWhenThePictureDoesNotServeThem(width: Int, height: Int, painted: Bool) {
        #expect(PaintedScenery.isPainted((width, height)) == painted)
    }

    /// A canvas whose middle of the grid cuts its scene's subject is painted with the scene
    /// brought in: 春分's two trees on the README's phone and a square tablet, not on 16:10;
    /// a scene that keeps to the middle third (冬至, winter) stays the bundled picture there,
    /// so the README's command is the same bytes.
    @Test(arguments: [
        ("chunfen", 1170, 2532, true), ("04-chunfen", 2048, 2048, true), ("chunfen", 2560, 1600, false),
        ("summer", 1170, 2532, true), ("qingming", 1080, 2340, true), ("mangzhong", 1170, 2532, true),
        ("11-xiaoshu", 1536, 2048, true), ("lixia", 1170, 2532, true), ("jingzhe", 1170, 2532, true),
        ("winter", 1170, 2532, false), ("22-dongzhi", 1170, 2532, false),
    ])
    func aSubjectTheCropWouldCutIsPainted(scene: String, width: Int, height: Int, painted: Bool) {
        #expect(PaintedScenery.isPainted((width, height), scene: scene) == painted)
        #expect(!PaintedScenery.isPainted((width, height)), "no scene named: the bundled picture serves it")
    }

    /// A painting is kept whole in the folder given, found there the next time (the same
    /// bytes, not painted again), and is a JPEG of the canvas's size.
    @Test func aPaintingIsKeptAndFoundAgain() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/wallgen-scenery-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try PaintedScenery.picture(scene: "winter", canvas: (128, 36), folder: folder)
        #expect(first.paintedNow)
        #expect(first.path == folder + "/winter-128x36-r\(PaintedScenery.revision).jpg")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(kept == ["winter-128x36-r\(PaintedScenery.revision).jpg"], "no temporary left beside it")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
        let again = try PaintedScenery.picture(scene: "winter", canvas: (128, 36), folder: folder)
        #expect(!again.paintedNow)
        let firstBytes = first.bytes.withUnsafeBufferPointer { Array($0) }
        let againBytes = again.bytes.withUnsafeBufferPointer { Array($0) }
        #expect(firstBytes == againBytes)
        let decoded = try ImageDecoder.decode(againBytes)
        #expect((decoded.width, decoded.height) == (128, 36))
        // A term by its file stem, and a cache that cannot be written: painted all the same.
        let unwritable = try PaintedScenery.picture(scene: "22-dongzhi", canvas: (64, 18), folder: "/proc/wallgen")
        #expect(unwritable.paintedNow && unwritable.bytes.count > 100)
    }
}
