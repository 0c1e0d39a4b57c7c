import Desktop
import Foundation
import Testing

@Suite struct KDEWallpaperPackageTests {
    @Test func idsAreSlugsOfTheName() {
        // The default name's "(wallgen)" is not said twice (issue 48: wallgen-winter-wallgen).
        #expect(KDEWallpaperPackage.id(for: "Winter (wallgen)") == "wallgen-winter")
        #expect(KDEWallpaperPackage.id(for: "冬至 Winter Solstice (wallgen)") == "wallgen-winter-solstice")
        #expect(KDEWallpaperPackage.id(for: "wallgen") == "wallgen-wallpaper")
        #expect(KDEWallpaperPackage.id(for: "冬至 Winter Solstice") == "wallgen-winter-solstice")
        #expect(KDEWallpaperPackage.id(for: "冬至") == "wallgen-wallpaper")
    }

    @Test(.enabled(if: pythonHas("json"), "python3 is not installed"))
    func metadataIsJSONPlasmaReads() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let text = KDEWallpaperPackage.metadata(
            id: "wallgen-x", name: "冬至 \"quoted\" \\ name", author: "the wallgen authors", license: "MIT")
        let file = try folder.write("metadata.json", text)
        let run = try runTool(
            systemPython,
            [
                "-c",
                "import json,sys; p=json.load(open(sys.argv[1]))['KPlugin']; print(json.dumps([p['Id'], p['Name'], p['Authors'][0]['Name'], p['License']]))",
                file,
            ])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String]
                == ["wallgen-x", "冬至 \"quoted\" \\ name", "the wallgen authors", "MIT"])
        #expect(
            KDEWallpaperPackage.imagePath(width: 1920, height: 1080, dark: true, fileExtension: "png")
                == "contents/images_dark/1920x1080.png")
    }
}
