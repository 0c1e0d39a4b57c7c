import Desktop
import Foundation
import Testing

@Suite struct UnitInstallerTests {
    @Test func installsWhereTheSessionLooksAndUninstalls() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: [
            "HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"), "XDG_DATA_HOME": "relative/ignored",
        ])
        let files = locations.scheduleFiles(timer: "T", service: "S", backgroundProperties: "P")
        #expect(
            files.map(\.path) == [
                folder.file("config/systemd/user/wallgen-terms.timer"),
                folder.file("config/systemd/user/wallgen-terms.service"),
                folder.file(".local/share/gnome-background-properties/wallgen-terms.xml"),
            ])
        try UnitInstaller.install(files)
        for (file, text) in zip(files, ["T", "S", "P"]) {
            #expect(try String(contentsOfFile: file.path, encoding: .utf8) == text)
        }
        // Nothing but the three files: no temporaries left beside them.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.file("config/systemd/user")).sorted()
                == ["wallgen-terms.service", "wallgen-terms.timer"])
        #expect(try UnitInstaller.uninstall(files.map(\.path)) == files.map(\.path))
        #expect(files.allSatisfy { !FileManager.default.fileExists(atPath: $0.path) })
        #expect(
            UnitInstaller.enableMessage
                == "systemctl --user daemon-reload && systemctl --user enable --now wallgen-terms.timer")
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
        let files = locations.scheduleFiles(timer: "T", service: "S", backgroundProperties: "P")
        do {
            try UnitInstaller.install(files)
            Issue.record("installed into a read-only folder")
        } catch {
            guard case .fileFailed(let path, _, _) = error else { throw error }
            #expect(path == files[2].path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locations.systemdUserFolder).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: locations.backgroundPropertiesFolder).isEmpty)
    }

    /// As root (this container) a read-only folder does not stop a write, so the same
    /// all-or-nothing rule is checked with a target that is a folder: the rename fails.
    @Test func aFailedRenameRemovesWhatWasWritten() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let locations = UserLocations(environment: ["HOME": folder.path])
        let files = locations.scheduleFiles(timer: "T", service: "S", backgroundProperties: "P")
        try FileManager.default.createDirectory(atPath: files[2].path + "/occupied", withIntermediateDirectories: true)
        do {
            try UnitInstaller.install(files)
            Issue.record("renamed over a non-empty folder")
        } catch {
            guard case .fileFailed(let path, let operation, _) = error else { throw error }
            #expect(path == files[2].path && operation == "rename into place")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: locations.systemdUserFolder).isEmpty)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: locations.backgroundPropertiesFolder)
                == ["wallgen-terms.xml"])
    }
}
