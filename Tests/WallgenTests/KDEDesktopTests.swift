import Foundation
import TestSupport
import Testing

/// KDE Plasma, which cannot run here: its wallpaper package read back by independent
/// readers (Python's json, Pillow), the per-monitor script as wallgen prints it, and the
/// lock screen written by the real kwriteconfig5 and read by kreadconfig5.
@Suite struct KDEDesktopTests {
    typealias Living = LivingWallpaperTests

    /// Width, height and mean brightness of a picture, as Pillow reads it.
    static func pillow(_ path: String) throws -> (width: Int, height: Int, mean: Double) {
        let script = """
            import sys
            from PIL import Image, ImageStat
            image = Image.open(sys.argv[1]).convert('L')
            print(image.size[0], image.size[1], ImageStat.Stat(image).mean[0])
            """
        let run = try runProgram("/usr/bin/python3", ["-c", script, path])
        let fields = run.text.split(separator: " ")
        guard run.status == 0, fields.count == 3, let width = Int(fields[0]), let height = Int(fields[1]),
            let mean = Double(fields[2].trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw SessionError("Pillow could not read \(path): \(run.error)") }
        return (width, height, mean)
    }

    @Test(.enabled(if: pillowInstalled, "Pillow is not installed (python3-pil)"))
    func aPackageHoldsEverySizeLightAndDark() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                ["kde-package", "-o", "pkg", "--season", "winter", "--size", "64x36", "--size", "36x64"], in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(made.standardError.contains("plasma-apply-wallpaperimage"), "\(made.standardError)")
            let metadata = try runProgram(
                "/usr/bin/python3",
                [
                    "-c",
                    "import json,sys; p=json.load(open(sys.argv[1]))['KPlugin']; print(p['Id'], p['License'], p['Authors'][0]['Name'], '|', p['Name'])",
                    folder + "/pkg/metadata.json",
                ])
            #expect(
                metadata.text == "wallgen-winter MIT the wallgen authors | Winter (wallgen)\n",
                "\(metadata.error)")
            for (size, width, height) in [("64x36", 64, 36), ("36x64", 36, 64)] {
                let light = try Self.pillow(folder + "/pkg/contents/images/\(size).png")
                let dark = try Self.pillow(folder + "/pkg/contents/images_dark/\(size).png")
                #expect(light.width == width && light.height == height)
                #expect(dark.width == width && dark.height == height)
                #expect(dark.mean < light.mean - 30, "the dark style is darker: \(dark.mean) against \(light.mean)")
            }
            #expect(filesIn(folder + "/pkg/contents") == ["images", "images_dark"])
            #expect(filesIn(folder + "/pkg/contents/images") == ["36x64.png", "64x36.png"])
        }
    }

    @Test(.enabled(if: pillowInstalled, "Pillow is not installed (python3-pil)"))
    func aTermCardPackageInJPEG() throws {
        try withTemporaryFolder { folder in
            let made = try launch(
                [
                    "kde-package", "-o", "dongzhi", "--term", "冬至", "--lang", "en", "--size", "40x80", "--format",
                    "jpeg",
                ],
                in: folder)
            #expect(made.status == 0, "\(made.standardError)")
            #expect(try Self.pillow(folder + "/dongzhi/contents/images/40x80.jpg").width == 40)
            #expect(try Self.pillow(folder + "/dongzhi/contents/images_dark/40x80.jpg").height == 80)
            let metadata = try String(contentsOfFile: folder + "/dongzhi/metadata.json", encoding: .utf8)
            #expect(metadata.contains("\"Name\" : \"冬至 Winter Solstice (wallgen)\""), "\(metadata)")
            #expect(metadata.contains("\"Id\" : \"wallgen-winter-solstice\""), "\(metadata)")
        }
    }

    /// The per-monitor dry run on KDE, with no Plasma here: the exact dbus-send line.
    @Test func perMonitorDryRunIsTheDBusCall() throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/a.png")
            try Data("DP-1 1920x1080+0+0\nHDMI-A-1 1280x1024+1920+0\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/layout.txt"))
            let empty = folder + "/empty-bin"
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            let result = try launch(
                [
                    "apply", "--dry-run", "--desktop", "kde", "--monitors", "layout.txt", "--monitor", "DP-1=a.png",
                    "--monitor", "HDMI-A-1=a.png",
                ], in: folder, environment: Living.session(folder, ["PATH": empty]))
            #expect(result.status == 0, "\(result.standardError)")
            let digest = try LivingWallpaperDefectTests.sha256(folder + "/a.png")
            let uri = "file://\(folder)/data/wallgen/applied/\(digest).png"
            #expect(
                result.output.hasPrefix(
                    "# dbus-send is not installed (Debian package: dbus-bin); a real run needs it\n"))
            #expect(
                result.output.contains(
                    "dbus-send --session --print-reply --dest=org.kde.plasmashell --type=method_call /PlasmaShell org.kde.PlasmaShell.evaluateScript $'string:// Written by wallgen"
                ), "\(result.output)")
            #expect(result.output.contains("{monitor: \"DP-1\", x: 0, y: 0, image: \"\(uri)\"}"), "\(result.output)")
            #expect(result.output.contains("{monitor: \"HDMI-A-1\", x: 1920, y: 0, image: \"\(uri)\"}"))
            // A name that is not connected: 64, listing the connected ones.
            let wrong = try launch(
                ["apply", "--dry-run", "--desktop", "kde", "--monitors", "layout.txt", "--monitor", "DP-9=a.png"],
                in: folder, environment: Living.session(folder, ["PATH": empty]))
            #expect(wrong.status == 64, "\(wrong.standardError)")
            #expect(wrong.standardError.contains("the connected ones are DP-1, HDMI-A-1"), "\(wrong.standardError)")
        }
    }

    /// `apply --lock-screen` on KDE: the desktop through a stand-in (no Plasma here), the
    /// lock screen through the real kwriteconfig5, read back by kreadconfig5.
    @Test(
        .enabled(
            if: Living.installed("kwriteconfig5") && Living.installed("kreadconfig5"),
            "kwriteconfig5 or kreadconfig5 is not installed (libkf5config-bin)"))
    func lockScreenThroughKWriteConfig() throws {
        try withTemporaryFolder { folder in
            try Living.quadrants(width: 8, height: 8, at: folder + "/pic.png")
            let bin = try Living.standIn("plasma-apply-wallpaperimage", in: folder)
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/kwriteconfig5", withDestinationPath: "/usr/bin/kwriteconfig5")
            let environment = Living.session(folder, ["XDG_CURRENT_DESKTOP": "KDE", "PATH": bin])
            let result = try launch(["apply", "--lock-screen", "pic.png"], in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("and its lock screen"), "\(result.standardError)")
            let stored =
                "\(folder)/data/wallgen/applied/\(try LivingWallpaperDefectTests.sha256(folder + "/pic.png")).png"
            let read = try launch(
                [
                    "--file", "kscreenlockerrc", "--group", "Greeter", "--group", "Wallpaper", "--group",
                    "org.kde.image",
                    "--group", "General", "--key", "Image",
                ], in: folder, environment: environment, executable: URL(fileURLWithPath: "/usr/bin/kreadconfig5"))
            #expect(read.output == "file://\(stored)\n", "\(read.standardError)")
            // Later desktop-only applies never remove the picture the lock screen shows.
            for index in 0..<8 {
                try Living.quadrants(width: 9 + index, height: 8, at: folder + "/other\(index).png")
                let other = try launch(["apply", "other\(index).png"], in: folder, environment: environment)
                #expect(other.status == 0, "\(other.standardError)")
            }
            #expect(FileManager.default.contentsEqual(atPath: stored, andPath: folder + "/pic.png"))
            // sway has no lock screen wallgen can set: refused before anything is set.
            let sway = try launch(
                ["apply", "--lock-screen", "--desktop", "sway", "pic.png"], in: folder, environment: environment)
            #expect(sway.status == 69 && sway.standardError.contains("swaylock -i FILE"), "\(sway.standardError)")
        }
    }

    static var pillowInstalled: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            && (try? runProgram("/usr/bin/python3", ["-c", "import PIL"]))?.status == 0
    }
}
