import Foundation
import TestSupport
import Testing

/// `schedule` makes its pictures on the batch engine: a picture that fails does not stop
/// the others, every failure is named, the status follows the batch rule, and no
/// schedule is written that would point at a missing file.
@Suite struct ScheduleFailureTests {
    @Test func aDamagedPictureFailsTheScheduleAfterTheOthersAreMade() throws {
        try withTemporaryFolder { folder in
            // wallgen's data with one term's picture replaced by text: 穀雨's, which keeps to
            // the middle third and so is read at every size asked for (a term whose subject
            // reaches past it, 清明's willows, is painted on the upright canvas instead).
            let data = folder + "/data-copy"
            try FileManager.default.createDirectory(atPath: data + "/Assets/terms", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: data + "/fonts", withDestinationPath: repositoryRoot + "/fonts")
            try FileManager.default.createSymbolicLink(
                atPath: data + "/Assets/seasons", withDestinationPath: repositoryRoot + "/Assets/seasons")
            for file in filesIn(repositoryRoot + "/Assets/terms") where file != "06-guyu.jpg" {
                try FileManager.default.createSymbolicLink(
                    atPath: data + "/Assets/terms/" + file,
                    withDestinationPath: repositoryRoot + "/Assets/terms/" + file)
            }
            try Data("not a picture".utf8).write(to: URL(fileURLWithPath: data + "/Assets/terms/06-guyu.jpg"))
            var environment = ProcessInfo.processInfo.environment
            environment["WALLGEN_DATA"] = data
            environment["HOME"] = folder
            environment["XDG_DATA_HOME"] = folder + "/xdg-data"
            environment["XDG_CONFIG_HOME"] = folder + "/config"

            let run = try launch(
                ["schedule", "-o", "s", "--size", "32x18", "--size", "18x32", "--years", "1"], in: folder,
                environment: environment)
            // wallgen's own picture is damaged: 72, as for `terms` and `batch`.
            #expect(run.status == 72, "\(run.standardError)")
            // Both sizes' pictures of that term failed alike: one line names them, in the
            // order the sizes were asked for, with the damaged file; then the count.
            let lines = run.standardError.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(lines)")
            #expect(
                lines.first?.hasPrefix(
                    "Error: 06-guyu-32x18.png and 06-guyu-18x32.png: the bundled file '\(data)/Assets/terms/06-guyu.jpg' is missing or damaged"
                ) == true, "\(lines)")
            #expect(
                lines.last?.hasSuffix("2 of 48 pictures failed; 46 written to \(folder)/s; no schedule was written")
                    == true)
            // The other pictures were made; no schedule, timer or service names the missing ones.
            let files = filesIn(folder + "/s")
            #expect(files.count == 46 && files.allSatisfy { $0.hasSuffix(".png") && !$0.hasPrefix("06-") }, "\(files)")
        }
    }
}
