import Desktop
import Foundation
import Testing

/// KDE's lock screen written with the real kwriteconfig5 into a temporary config home and
/// read back with kreadconfig5; the desktops without a lock screen of their own refused.
@Suite struct LockScreenTests {
    @Test(
        .enabled(
            if: toolAvailable("kwriteconfig5") && toolAvailable("kreadconfig5"),
            "kwriteconfig5 or kreadconfig5 is not installed (libkf5config-bin)"))
    func kdeGreeterWallpaperReadsBack() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CONFIG_HOME"] = folder.file("config")
        environment["HOME"] = folder.path
        let runner = ProcessRunner(environment: environment)
        let picture = "/home/me/冬至 it's.png"
        guard case .steps(let steps) = try LockScreen.plan(desktop: .kde, picture: picture, writer: "kwriteconfig5")
        else {
            Issue.record("KDE's lock screen is not set by commands")
            return
        }
        try WallpaperSetter.apply(SetterPlan(desktop: .kde, steps: steps), runner: runner)
        func read(_ groups: [String], _ key: String) throws -> String {
            let run = try runTool(
                toolPath("kreadconfig5")!,
                ["--file", "kscreenlockerrc"] + groups.flatMap { ["--group", $0] } + ["--key", key],
                environment: environment)
            #expect(run.status == 0, "\(run.error)")
            return run.output
        }
        #expect(try read(["Greeter"], "WallpaperPlugin") == "org.kde.image\n")
        let image = ["Greeter", "Wallpaper", "org.kde.image", "General"]
        #expect(try read(image, "Image") == WallpaperSetter.fileURI(picture) + "\n")
        #expect(try read(image, "FillMode") == "2\n")
        #expect(FileManager.default.fileExists(atPath: folder.file("config/kscreenlockerrc")))
    }

    @Test func gnomeFollowsTheDesktopAndSwayIsRefused() throws {
        guard case .followsDesktop(let note) = try LockScreen.plan(desktop: .gnome, picture: "/p.png", writer: "-")
        else {
            Issue.record("GNOME's lock screen should follow the desktop")
            return
        }
        #expect(note.contains("GNOME draws its lock screen from the desktop background"))
        #expect(
            throws: DesktopError.noLockScreen(
                desktop: "sway", reason: "swaylock takes its picture on its command line: swaylock -i FILE")
        ) { try LockScreen.plan(desktop: .sway, picture: "/p.png", writer: "-") }
    }
}
