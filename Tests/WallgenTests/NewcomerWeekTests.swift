import Foundation
import TestSupport
import Testing

/// Issue 48, item 8's smaller things, each as a newcomer met it.
@Suite struct NewcomerWeekTests {
    /// A schedule folder whose name holds a control character is refused before any
    /// picture is rendered (73), not after 24 (69).
    @Test func aScheduleFolderWithAControlCharacterIsRefusedFirst() throws {
        try withTemporaryFolder { folder in
            let result = try launch(
                ["schedule", "-o", "s\tx", "--by", "seasons", "--size", "16x9", "--years", "1"], in: folder,
                environment: LivingWallpaperTests.session(folder))
            #expect(result.status == 73, "\(result.standardError)")
            #expect(result.standardError.contains("holds a control character"), "\(result.standardError)")
            #expect(filesIn(folder).filter { $0.hasPrefix("s") }.isEmpty, "\(filesIn(folder))")
        }
    }

    /// `schedule --install --enable` starts what it installs through the user's systemd; where
    /// that does not answer (here: no user session; the real systemctl), it says nothing
    /// runs yet and the one command to run, and the schedule is installed all the same.
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemctl"), "systemctl is not installed"))
    func enableSaysPlainlyWhenNothingRuns() throws {
        try withTemporaryFolder { folder in
            var environment = LivingWallpaperTests.session(folder)
            environment["XDG_RUNTIME_DIR"] = folder + "/no-runtime"
            environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=" + folder + "/no-bus"
            let result = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install", "--enable"],
                in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.standardError.contains("Warning: nothing runs yet")
                    && result.standardError.contains(
                        "systemctl --user daemon-reload && systemctl --user enable --now wallgen-seasons.timer wallgen-seasons.service"
                    ),
                "\(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: folder + "/config/systemd/user/wallgen-seasons.timer"))
            let alone = try launch(["schedule", "--enable"], in: folder, environment: environment)
            #expect(alone.status == 64 && alone.standardError.contains("--enable starts what --install puts in place"))
        }
    }

    /// Where the user's systemd answers, `--enable` reloads it and enables and starts the
    /// timer and the service: what it asks is recorded by a systemctl on PATH that answers.
    @Test func enableStartsTheTimerAndTheService() throws {
        try withTemporaryFolder { folder in
            let bin = folder + "/bin"
            try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
            let record = folder + "/asked"
            let source = folder + "/systemctl.sh"
            try "#!/bin/sh\necho \"$*\" >> '\(record)'\n".write(toFile: source, atomically: true, encoding: .utf8)
            let installed = try launch(
                ["-m", "755", source, bin + "/systemctl"], in: folder,
                executable: URL(fileURLWithPath: "/usr/bin/install"))
            #expect(installed.status == 0)
            let environment = LivingWallpaperTests.session(folder, ["PATH": bin + ":/usr/bin:/bin"])
            let result = try launch(
                ["schedule", "-o", "s", "--by", "seasons", "--size", "16x9", "--years", "1", "--install", "--enable"],
                in: folder, environment: environment)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardError.contains("Started wallgen-seasons.timer"), "\(result.standardError)")
            let asked = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
            #expect(
                asked.suffix(2) == [
                    "--user daemon-reload", "--user enable --now wallgen-seasons.timer wallgen-seasons.service",
                ],
                "\(asked)")
        }
    }

    /// `schedule --at now` (and `apply --now`) with no schedule made yet says how to make one.
    @Test func noScheduleYetSaysHowToMakeOne() throws {
        try withTemporaryFolder { folder in
            for arguments in [["schedule", "--at", "now"], ["apply", "--now"]] {
                let result = try launch(arguments, in: folder, environment: LivingWallpaperTests.session(folder))
                #expect(result.status == 66, "\(arguments): \(result.standardError)")
                #expect(
                    result.standardError.contains(
                        "there is no schedule there yet; make one with wallgen schedule --install"),
                    "\(arguments): \(result.standardError)")
            }
        }
    }
}
