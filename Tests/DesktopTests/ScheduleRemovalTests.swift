import Desktop
import Foundation
import Testing

/// Uninstalling: systemctl --user first, while the units are still there; when it cannot
/// be reached, the enable links removed by wallgen; never a link left pointing nowhere.
@Suite struct ScheduleRemovalTests {
    private struct Installed {
        let folder: TemporaryFolder
        let locations: UserLocations
        let links: [String]

        init() throws {
            folder = try TemporaryFolder()
            locations = UserLocations(environment: ["HOME": folder.path])
            try UnitInstaller.install(
                locations.scheduleFiles(.terms, timer: "T", service: "S", autostart: "A", backgroundProperties: "P"))
            let units = locations.systemdUserFolder
            links = [
                units + "/timers.target.wants/wallgen-terms.timer",
                units + "/graphical-session.target.wants/wallgen-terms.service",
            ]
            for link in links {
                try FileManager.default.createDirectory(
                    atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(
                    atPath: link, withDestinationPath: units + "/" + (link as NSString).lastPathComponent)
            }
        }

        /// A stand-in systemctl that records its arguments and whether the unit files were
        /// still there when it ran, then removes the links as systemctl would, or fails.
        func systemctl(succeeds: Bool) throws -> ProcessRunner {
            let log = folder.file("systemctl.log")
            let units = locations.systemdUserFolder
            let script = """
                #!/bin/sh
                echo "$@" >> '\(log)'
                [ -e '\(units)/wallgen-terms.timer' ] && echo "units present" >> '\(log)'
                \(succeeds ? "/bin/rm -f '\(links[0])' '\(links[1])'; exit 0" : "echo 'Failed to connect to bus: No medium found' >&2; exit 1")
                """
            _ = try folder.write("bin/systemctl", script, executable: true)
            return ProcessRunner(environment: ["PATH": folder.file("bin")])
        }

        func danglingOrAnyLinks() -> [String] {
            links.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: $0)) != nil }
        }
    }

    @Test func disablesThroughSystemctlBeforeRemovingTheUnits() throws {
        let installed = try Installed()
        defer { installed.folder.remove() }
        let report = try ScheduleRemoval.run(
            locations: installed.locations, runner: try installed.systemctl(succeeds: true))
        let log = try String(contentsOfFile: installed.folder.file("systemctl.log"), encoding: .utf8)
        #expect(log == "--user disable --now wallgen-terms.timer wallgen-terms.service\nunits present\n")
        #expect(report.first?.hasPrefix("Stopped and disabled wallgen-terms.timer and wallgen-terms.service") == true)
        #expect(installed.danglingOrAnyLinks().isEmpty)
        #expect(installed.locations.schedulePaths(.terms).allSatisfy { !FileManager.default.fileExists(atPath: $0) })
    }

    @Test func removesTheLinksItselfWhenSystemctlCannotBeReached() throws {
        let installed = try Installed()
        defer { installed.folder.remove() }
        let report = try ScheduleRemoval.run(
            locations: installed.locations, runner: try installed.systemctl(succeeds: false))
        #expect(installed.danglingOrAnyLinks().isEmpty)
        #expect(
            report.first?.hasPrefix(
                "systemctl --user could not be reached (Failed to connect to bus: No medium found), so wallgen removed the enable links itself: "
            ) == true, "\(report)")
        #expect(installed.locations.schedulePaths(.terms).allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        // Again: nothing left, nothing to say but that.
        #expect(
            try ScheduleRemoval.run(locations: installed.locations, runner: try installed.systemctl(succeeds: false))
                == ["Nothing to remove"])
    }

    @Test func withoutSystemctlAtAll() throws {
        let installed = try Installed()
        defer { installed.folder.remove() }
        let report = try ScheduleRemoval.run(
            locations: installed.locations, runner: ProcessRunner(environment: ["PATH": "/nonexistent"]))
        #expect(report.first?.contains("(systemctl is not on PATH)") == true, "\(report)")
        #expect(installed.danglingOrAnyLinks().isEmpty)
    }
}
