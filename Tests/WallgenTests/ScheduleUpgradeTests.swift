import Foundation
import TestSupport
import Testing

/// An earlier wallgen installed a seasons schedule under the terms' names
/// (`wallgen-terms.*`); now it is `wallgen-seasons.*`. Re-installing or uninstalling takes
/// the old set away too, enable links and all, so an upgrading user is not left with two
/// timers. The links are made by the real systemctl (which writes them itself when no
/// user manager runs, as here).
@Suite(.enabled(if: LivingWallpaperTests.installed("systemctl"), "systemctl is not installed (systemd)"))
struct ScheduleUpgradeTests {
    typealias Living = LivingWallpaperTests

    static let seasons = ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install"]

    /// Where each of a schedule's files is installed, for a name's stem.
    static func installed(_ folder: String, _ stem: String) -> [String] {
        [
            "/config/systemd/user/\(stem).timer", "/config/systemd/user/\(stem).service",
            "/config/autostart/\(stem).desktop", "/data/gnome-background-properties/\(stem).xml",
        ].map { folder + $0 }
    }

    /// The links below the user's unit folder, relative to it.
    static func links(_ folder: String) -> [String] {
        let units = folder + "/config/systemd/user"
        let enumerator = FileManager.default.enumerator(atPath: units)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: units + "/" + path)) != nil {
                found.append(path)
            }
        }
        return found.sorted()
    }

    /// The state an earlier wallgen left: the seasons schedule's four files under the
    /// terms' names (their text naming each other so) and the timer enabled; nothing under
    /// the seasons' names unless `keepingTheNewOnes`.
    func installAsAnEarlierWallgenDid(
        _ folder: String, _ environment: [String: String], keepingTheNewOnes: Bool = false
    ) throws {
        let made = try launch(Self.seasons + ["-q"], in: folder, environment: environment)
        try #require(made.status == 0, "\(made.standardError)")
        for (new, old) in zip(Self.installed(folder, "wallgen-seasons"), Self.installed(folder, "wallgen-terms")) {
            let text = try String(contentsOfFile: new, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "wallgen-seasons", with: "wallgen-terms").utf8)
                .write(to: URL(fileURLWithPath: old))
            if !keepingTheNewOnes { try FileManager.default.removeItem(atPath: new) }
        }
        let timers = ["wallgen-terms.timer"] + (keepingTheNewOnes ? ["wallgen-seasons.timer"] : [])
        let enabled = try launch(
            ["--user", "enable"] + timers, in: folder, environment: environment,
            executable: URL(fileURLWithPath: "/usr/bin/systemctl"))
        try #require(enabled.status == 0, "\(enabled.standardError)")
        try #require(
            Self.links(folder).contains("timers.target.wants/wallgen-terms.timer")
                && Self.links(folder).contains("graphical-session.target.wants/wallgen-terms.service"),
            "\(Self.links(folder))")
        try #require(Self.links(folder).count == 2 * timers.count, "\(Self.links(folder))")
    }

    @Test func reinstallingTakesTheOldNamedUnitsAway() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            try installAsAnEarlierWallgenDid(folder, environment)
            let again = try launch(Self.seasons, in: folder, environment: environment)
            #expect(again.status == 0, "\(again.standardError)")
            #expect(
                again.standardError.contains("Removed \(Self.installed(folder, "wallgen-terms")[0])"),
                "\(again.standardError)")
            for path in Self.installed(folder, "wallgen-terms") {
                #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left")
            }
            for path in Self.installed(folder, "wallgen-seasons") {
                #expect(FileManager.default.fileExists(atPath: path), "\(path) is missing")
            }
            #expect(Self.links(folder).isEmpty, "left enabled: \(Self.links(folder))")
            #expect(
                again.standardError.contains(
                    "systemctl --user enable --now wallgen-seasons.timer wallgen-seasons.service"),
                "\(again.standardError)")
        }
    }

    @Test func uninstallingTakesBothNamesAway() throws {
        try withTemporaryFolder { folder in
            let environment = Living.session(folder)
            // The old set and the new one beside it, both enabled.
            try installAsAnEarlierWallgenDid(folder, environment, keepingTheNewOnes: true)
            let removed = try launch(["schedule", "--uninstall"], in: folder, environment: environment)
            #expect(removed.status == 0, "\(removed.standardError)")
            for path in Self.installed(folder, "wallgen-terms") + Self.installed(folder, "wallgen-seasons") {
                #expect(!FileManager.default.fileExists(atPath: path), "\(path) is left")
            }
            #expect(Self.links(folder).isEmpty, "left enabled: \(Self.links(folder))")
        }
    }
}
