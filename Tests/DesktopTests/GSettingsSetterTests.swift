import Desktop
import Foundation
import Testing

/// The GNOME setter's real commands through the real gsettings, storing into a keyfile
/// under a temporary XDG_CONFIG_HOME instead of the session's dconf.
@Suite(
    .enabled(if: toolAvailable("gsettings"), "gsettings is not installed (libglib2.0-bin)"),
    .enabled(
        if: FileManager.default.fileExists(
            atPath: "/usr/share/glib-2.0/schemas/org.gnome.desktop.background.gschema.xml"),
        "gsettings-desktop-schemas is not installed"))
struct GSettingsSetterTests {
    @Test func gnomeSetsBothPicturesAndZoom() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var environment = ProcessInfo.processInfo.environment
        environment["GSETTINGS_BACKEND"] = "keyfile"
        environment["XDG_CONFIG_HOME"] = folder.path
        let runner = ProcessRunner(environment: environment)
        let plan = try WallpaperSetter.plan(
            desktop: .gnome,
            pictures: .whole(light: "/srv/pics/冬至 light.png", dark: "/srv/pics/dark.png", spanned: false),
            program: "gsettings")
        try WallpaperSetter.apply(plan, runner: runner)
        func get(_ key: String) throws -> String {
            let run = try runTool(
                toolPath("gsettings")!, ["get", "org.gnome.desktop.background", key], environment: environment)
            #expect(run.status == 0, "\(run.error)")
            return run.output
        }
        #expect(try get("picture-uri") == "'file:///srv/pics/%E5%86%AC%E8%87%B3%20light.png'\n")
        #expect(try get("picture-uri-dark") == "'file:///srv/pics/dark.png'\n")
        #expect(try get("picture-options") == "'zoom'\n")
        // The keyfile landed in the temporary folder, not in the user's settings.
        #expect(FileManager.default.fileExists(atPath: folder.file("glib-2.0/settings/keyfile")))
    }
}
