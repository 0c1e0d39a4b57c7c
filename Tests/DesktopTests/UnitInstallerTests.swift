import Desktop
import Foundation
import Testing

@Suite struct UnitInstallerTests {
    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func installsWhereTheSessionLooksAndUninstalls() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: [
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": "relative/ignored",
        ])
        let files = locations.scheduleFiles(.terms, timer: "T", service: "S", autostart: "A", backgroundProperties: "P")
        #expect(
            files.map(\.path) == [
                folder.file("config/systemd/user/wallgen-terms.timer"),
                folder.file("config/systemd/user/wallgen-terms.service"),
                folder.file("config/autostart/wallgen-terms.desktop"),
                folder.file(".local/share/gnome-background-properties/wallgen-terms.xml"),
            ])
        try UnitInstaller.install(files)
        for (file, text) in zip(files, ["T", "S", "A", "P"]) { #expect(contents(file.path) == text) }
        // Nothing but the files: no temporaries or kept copies beside them.
        #expect(listing(folder.file("config/systemd/user")) == ["wallgen-terms.service", "wallgen-terms.timer"])
        #expect(try UnitInstaller.uninstall(files.map(\.path)) == files.map(\.path))
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
    }

    /// A folder in the way of the last file (issue 26, item 4): nothing is replaced, the
    /// units that worked stay as they were, no temporary is left.
    @Test func aFolderInTheWayChangesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: ["HOME": folder.path])
        try UnitInstaller.install(
            locations.scheduleFiles(
                .terms, timer: "old T", service: "old S", autostart: "old A", backgroundProperties: "old P")
        )
        let entry = locations.schedulePaths(.terms)[3]
        try FileManager.default.removeItem(atPath: entry)
        try FileManager.default.createDirectory(atPath: entry + "/occupied", withIntermediateDirectories: true)
        let new = locations.scheduleFiles(.terms, timer: "T", service: "S", autostart: "A", backgroundProperties: "P")
        #expect(
            throws: DesktopError.fileFailed(path: entry, operation: "replace", reason: "a folder is in the way")
        ) { try UnitInstaller.install(new) }
        #expect(
            contents(new[0].path) == "old T" && contents(new[1].path) == "old S" && contents(new[2].path) == "old A")
        #expect(listing(locations.systemdUserFolder) == ["wallgen-terms.service", "wallgen-terms.timer"])
        #expect(listing(locations.autostartFolder) == ["wallgen-terms.desktop"])
    }

    /// A rename that fails part-way (the Settings entry made immutable, so renaming over
    /// it is refused even to root): the files replaced before it are put back.
    @Test(.enabled(if: toolAvailable("chattr"), "chattr is not installed (e2fsprogs)"))
    func aFailedRenamePutsBackWhatItReplaced() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: ["HOME": folder.path])
        try UnitInstaller.install(
            locations.scheduleFiles(
                .terms, timer: "old T", service: "old S", autostart: "old A", backgroundProperties: "old P")
        )
        let entry = locations.schedulePaths(.terms)[3]
        let chattr = toolPath("chattr")!
        let locked = try runTool(chattr, ["+i", entry])
        try #require(
            locked.status == 0, "the file system here cannot make a file immutable: \(locked.error)")
        defer { _ = try? runTool(chattr, ["-i", entry]) }
        let new = locations.scheduleFiles(.terms, timer: "T", service: "S", autostart: "A", backgroundProperties: "P")
        do {
            try UnitInstaller.install(new)
            Issue.record("renamed over an immutable file")
        } catch {
            guard case .fileFailed(let path, _, _) = error else { throw error }
            #expect(path == entry)
        }
        #expect(
            contents(new[0].path) == "old T" && contents(new[1].path) == "old S" && contents(new[2].path) == "old A")
        #expect(contents(entry) == "old P")
        #expect(listing(locations.systemdUserFolder) == ["wallgen-terms.service", "wallgen-terms.timer"])
        #expect(listing(locations.autostartFolder) == ["wallgen-terms.desktop"])
    }

    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders, so the refusal cannot happen"))
    func aReadOnlyFolderLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: ["HOME": folder.path])
        try FileManager.default.createDirectory(
            atPath: locations.backgroundPropertiesFolder, withIntermediateDirectories: true)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o555], ofItemAtPath: locations.backgroundPropertiesFolder)
        let files = locations.scheduleFiles(.terms, timer: "T", service: "S", autostart: "A", backgroundProperties: "P")
        do {
            try UnitInstaller.install(files)
            Issue.record("installed into a read-only folder")
        } catch {
            guard case .fileFailed(let path, _, _) = error else { throw error }
            #expect(path == files[3].path)
        }
        #expect(listing(locations.systemdUserFolder).isEmpty)
        #expect(listing(locations.backgroundPropertiesFolder).isEmpty)
    }
}
