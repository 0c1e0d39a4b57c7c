import Foundation
import TestSupport
import Testing

/// The built `wallgen` run end to end: files written, exit statuses, messages.
@Suite struct WallpaperCommandTests {
    /// The command from the brief, exactly as written.
    @Test func theBriefsCommandMakesAPhoneWallpaper() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["--season", "winter", "--alpha", "0.5", "--label", "on", "-o", "out.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(filesIn(folder) == ["out.png"])
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")))
        let header = try #require(pngHeader(png))
        #expect(header.width == 1170 && header.height == 2532)
        #expect(header.depth == 8 && header.colorType == 2, "an opaque 8-bit RGB PNG")
        // Standard output is for data: the status line goes to standard error.
        #expect(result.output.isEmpty)
        #expect(result.standardError.hasPrefix("Wrote out.png: Winter, 1170x2532, "))
        #expect(result.standardError.contains(" MB in "))
        let quiet = try launch(["-q", "--season", "winter", "-o", "quiet.png"], in: folder)
        #expect(quiet.status == 0 && quiet.output.isEmpty && quiet.standardError.isEmpty)
    }

    @Test func defaultsNameTheFileAfterTheSeason() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["--date", "2026-07-14", "--size", "90x160"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(filesIn(folder) == ["wallpaper-summer.png"])
    }

    @Test func compressionTradesSizeForTime() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        for level in ["fast", "default", "small"] {
            let result = try launch(
                ["-s", "winter", "--size", "300x600", "--compression", level, "-o", "\(level).png"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        func size(_ name: String) throws -> Int {
            try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)).count
        }
        #expect(try size("default.png") < size("fast.png") && size("small.png") <= size("default.png"))
        let bad = try launch(["--compression", "tiny"], in: folder)
        #expect(bad.status == 64 && bad.standardError.contains("--compression must be fast, default or small"))
    }

    @Test func ditherOffMakesSmallerFiles() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        for setting in ["on", "off"] {
            let result = try launch(
                ["-s", "winter", "--size", "300x600", "--dither", setting, "-o", "\(setting).png"], in: folder)
            #expect(result.status == 0, "\(result.standardError)")
        }
        func size(_ name: String) throws -> Int {
            try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)).count
        }
        #expect(try size("off.png") < size("on.png"))
        let bad = try launch(["--dither", "maybe"], in: folder)
        #expect(bad.status == 64 && bad.standardError.contains("--dither must be on or off"))
    }

    @Test func dashWritesThePNGToStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(["-s", "spring", "--size", "120x200", "--label", "off", "-o", "-"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(pngHeader(result.standardOutput)?.width == 120)
        #expect(filesIn(folder).isEmpty)
    }

    @Test(arguments: ["desktop-4k", "iphone-se", "IPAD"])
    func devicePresetsSetTheSize(device: String) throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let result = try launch(
            ["--season", "autumn", "--device", device, "--label", "off", "-o", "d.png"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/d.png")))
        let expected = ["desktop-4k": (3840, 2160), "iphone-se": (750, 1334), "IPAD": (1640, 2360)][device]!
        #expect(pngHeader(png)?.width == expected.0 && pngHeader(png)?.height == expected.1)
    }

    @Test func helpVersionAndDevicesGoToStandardOutput() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let help = try launch(["--help"], in: folder)
        #expect(help.status == 0)
        for heading in [
            "OVERVIEW:", "USAGE:", "OPTIONS:", "--season", "--alpha", "--label", "--size", "--device", "--background",
            "--base", "--font", "--output", "EXIT STATUS:",
        ] {
            #expect(help.output.contains(heading), "help lacks \(heading)")
        }
        #expect(try launch(["-h"], in: folder).output == help.output)
        let version = try launch(["--version"], in: folder)
        #expect(version.status == 0 && version.output.hasPrefix("wallgen "))
        let devices = try launch(["devices"], in: folder)
        #expect(devices.status == 0 && devices.output.contains("iphone-14") && devices.output.contains("1170x2532"))
        #expect(filesIn(folder).isEmpty)
    }
}
