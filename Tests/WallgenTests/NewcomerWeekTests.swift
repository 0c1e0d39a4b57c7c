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
