import Foundation
import TestSupport
import Testing

/// Issue 48, item 1: a picture made to be the wallpaper with no size asked for is made at
/// the screen's own size, on a real X server (Xvfb) whose one monitor xrandr reports and
/// whose root window xwd reads back; a picture set whose shape is far from the monitor's
/// is warned of in one line.
@Suite(
    .enabled(
        if: LivingWallpaperTests.installed("Xvfb") && LivingWallpaperTests.installed("xwd")
            && LivingWallpaperTests.installed("xwallpaper")
            && LivingWallpaperTests.installed("xrandr"),
        "Xvfb, xwd, xwallpaper or xrandr is not installed (xvfb, x11-apps, xwallpaper, x11-xserver-utils)"))
struct ScreenSizeTests {
    /// An X session on `server` whose PATH holds only the setter and xrandr.
    static func session(_ folder: String, _ server: XvfbServer) throws -> [String: String] {
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for tool in ["xwallpaper", "xrandr"] {
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/" + tool, withDestinationPath: "/usr/bin/" + tool)
        }
        return LivingWallpaperTests.session(folder, ["DISPLAY": server.display, "PATH": bin])
    }

    @Test func applyAloneMakesTheScreensSize() throws {
        try withTemporaryFolder { folder in
            let server = try XvfbServer(width: 320, height: 180)
            defer { server.stop() }
            let environment = try Self.session(folder, server)
            let applied = try launch(["--season", "winter", "--apply"], in: folder, environment: environment)
            #expect(applied.status == 0, "\(applied.standardError)")
            let made = try Data(contentsOf: URL(fileURLWithPath: folder + "/wallpaper-winter.png"))
            let header = try #require(pngHeader([UInt8](made)))
            #expect(header.width == 320 && header.height == 180, "made \(header.width)x\(header.height)")
            #expect(!applied.standardError.contains("Warning"), "\(applied.standardError)")
            // The same bytes as asking for that size (the note records the size it was made at).
            let asked = try launch(
                ["--season", "winter", "--size", "320x180", "-o", "asked.png"], in: folder, environment: environment)
            #expect(asked.status == 0, "\(asked.standardError)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/asked.png")) == made)
            // And it is what the screen shows.
            let dump = try launch(
                ["-root", "-silent", "-display", server.display], in: folder, environment: environment,
                executable: URL(fileURLWithPath: "/usr/bin/xwd"))
            let screen = try #require(XWDImage(dump.standardOutput), "xwd wrote no readable image")
            #expect(screen.width == 320 && screen.height == 180)
        }
    }

    /// A size asked for whose shape is far from the monitor's: set all the same, with one
    /// line naming both sizes and the way to make the monitor's.
    @Test func aPictureOfAnotherShapeIsWarnedOf() throws {
        try withTemporaryFolder { folder in
            let server = try XvfbServer(width: 320, height: 180)
            defer { server.stop() }
            let environment = try Self.session(folder, server)
            let phone = try launch(
                ["--season", "winter", "--size", "90x195", "--apply"], in: folder, environment: environment)
            #expect(phone.status == 0, "\(phone.standardError)")
            let warnings = phone.standardError.split(separator: "\n").filter { $0.hasPrefix("Warning:") }
            #expect(warnings.count == 1, "\(phone.standardError)")
            #expect(
                warnings.first?.contains("the picture is 90x195 and screen is 320x180") == true
                    && warnings.first?.contains("--size 320x180") == true, "\(phone.standardError)")
            // Near the monitor's shape (16:10 on 16:9): no warning.
            let near = try launch(
                ["--season", "winter", "--size", "288x180", "--apply"], in: folder, environment: environment)
            #expect(near.status == 0 && !near.standardError.contains("Warning"), "\(near.standardError)")
        }
    }

    /// Item 2: a schedule with no size asked for is made at the monitors' own sizes; with
    /// no monitor to be found, at 1920x1080, said in one line.
    @Test func aScheduleIsMadeAtTheScreensSize() throws {
        try withTemporaryFolder { folder in
            let server = try XvfbServer(width: 320, height: 180)
            defer { server.stop() }
            let environment = try Self.session(folder, server)
            let made = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--from", "2026", "--years", "1"], in: folder,
                environment: environment)
            #expect(made.status == 0, "\(made.standardError)")
            let pictures = filesIn(folder + "/s").filter { $0.hasSuffix(".png") }
            #expect(pictures.count == 4 && pictures.allSatisfy { $0.contains("-320x180") }, "\(pictures)")
            let headless = try launch(
                ["schedule", "-o", "h", "--by", "seasons", "--from", "2026", "--years", "1"], in: folder,
                environment: LivingWallpaperTests.session(folder))
            #expect(headless.status == 0, "\(headless.standardError)")
            #expect(
                headless.standardError.contains("No monitor was found")
                    && headless.standardError.contains("the pictures are 1920x1080"), "\(headless.standardError)")
            #expect(filesIn(folder + "/h").filter { $0.hasSuffix(".png") }.allSatisfy { $0.contains("-1920x1080") })
        }
    }

    /// No monitor to be found (no display at all): the standard canvas, said in one line.
    @Test func withoutMonitorsTheStandardSizeIsSaid() throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["--season", "winter", "--apply", "--desktop", "sway"], in: folder,
                environment: LivingWallpaperTests.session(folder))
            #expect(
                result.standardError.contains("Warning: no monitor was found")
                    && result.standardError.contains("the picture is 1170x2532"), "\(result.standardError)")
        }
    }
}
