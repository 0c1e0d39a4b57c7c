import Desktop
import Escaping
import Foundation
import Testing

/// The script KDE Plasma runs to give each monitor its picture: a golden text, a real
/// JavaScript parser, and the script run against a stand-in of Plasma's scripting API
/// (desktops and their screens' geometry) to see which desktop gets which picture.
@Suite struct PlasmaScriptTests {
    static let assignments = [
        MonitorPicture(
            monitor: Monitor(name: "DP-1", width: 2560, height: 1440, x: 0, y: 0), picture: "/home/me/a \"b\".png"),
        MonitorPicture(
            monitor: Monitor(name: "HDMI-A-1", width: 1920, height: 1080, x: 2560, y: 0),
            picture: "/home/me/冬至\u{2028}.png"),
    ]

    static let node = ["/usr/bin/node", "/usr/bin/nodejs"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test func goldenText() {
        let script = PlasmaScript.wallpapers(Self.assignments)
        #expect(
            script.hasPrefix(
                """
                // Written by wallgen: each monitor's picture, found by where its screen is.
                var pictures = [
                    {monitor: "DP-1", x: 0, y: 0, image: "file:///home/me/a%20%22b%22.png"},
                    {monitor: "HDMI-A-1", x: 2560, y: 0, image: "file:///home/me/%E5%86%AC%E8%87%B3%E2%80%A8.png"}
                ];
                var all = desktops();

                """))
        #expect(script.contains("desktop.writeConfig(\"FillMode\", 2);"))
        #expect(script.unicodeScalars.allSatisfy { $0.isASCII }, "ASCII whatever the paths")
    }

    @Test func javaScriptLiteralsEscapeByScalar() {
        #expect(JavaScriptText.literal("a\"b\\c") == #""a\"b\\c""#)
        // A quote followed by a combining mark is one Character but two scalars.
        #expect(JavaScriptText.literal("\"\u{301}") == #""\"\u0301""#)
        #expect(JavaScriptText.literal("\u{2028}\n😀") == #""\u2028\n\uD83D\uDE00""#)
    }

    /// Plasma's objects stood in for: three desktops (two activities on the left screen),
    /// screens at 0,0 and 2560,0, and a panel-less screen -1.
    static let harness = """
        const screens = {0: {x: 0, y: 0, width: 2560, height: 1440}, 1: {x: 2560, y: 0, width: 1920, height: 1080}};
        function Desktop(id, screen) {
            this.id = id; this.screen = screen; this.config = {}; this.group = [];
            this.wallpaperPlugin = "org.kde.desktopcontainment";
        }
        Desktop.prototype.writeConfig = function (key, value) {
            this.config[this.wallpaperPlugin + "/" + this.currentConfigGroup.join("/") + "/" + key] = value;
        };
        const made = [new Desktop(1, 0), new Desktop(2, 1), new Desktop(3, 0), new Desktop(4, -1)];
        function desktops() { return made; }
        function screenGeometry(n) { return screens[n]; }
        """

    private func run(_ script: String) throws -> (status: Int32, output: String, error: String) {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let file = try folder.write(
            "run.js",
            Self.harness + "\ntry {\n" + script + "\n} catch (e) { console.error(String(e)); process.exit(3); }\n"
                + "console.log(JSON.stringify(made.map(d => d.config)));\n")
        let result = try runTool(Self.node!, [file])
        return (result.status, result.output, result.error)
    }

    @Test(.enabled(if: node != nil, "node is not installed (nodejs)"))
    func nodeParsesItAndEachScreenGetsItsPicture() throws {
        let script = PlasmaScript.wallpapers(Self.assignments)
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let check = try runTool(Self.node!, ["--check", try folder.write("script.js", script)])
        #expect(check.status == 0, "\(check.error)")
        let result = try run(script)
        #expect(result.status == 0, "\(result.error)")
        let configs = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        let key = "org.kde.image/Wallpaper/org.kde.image/General/"
        #expect(configs[0][key + "Image"] as? String == "file:///home/me/a%20%22b%22.png")
        #expect(configs[2][key + "Image"] as? String == "file:///home/me/a%20%22b%22.png", "every activity's desktop")
        #expect(configs[1][key + "Image"] as? String == "file:///home/me/%E5%86%AC%E8%87%B3%E2%80%A8.png")
        #expect(configs[1][key + "FillMode"] as? Int == 2)
        #expect(configs[3].isEmpty, "a desktop on no screen is left alone")
    }

    @Test(.enabled(if: node != nil, "node is not installed (nodejs)"))
    func aMonitorPlasmaDoesNotShowChangesNothing() throws {
        let moved =
            Self.assignments + [
                MonitorPicture(
                    monitor: Monitor(name: "DP-3", width: 800, height: 600, x: 9000, y: 0), picture: "/x.png")
            ]
        let result = try run(PlasmaScript.wallpapers(moved))
        #expect(result.status == 3)
        #expect(result.error.contains("no Plasma desktop has its screen at 9000,0 (DP-3)"), "\(result.error)")
        #expect(result.output.isEmpty, "it threw before changing any desktop")
    }
}
