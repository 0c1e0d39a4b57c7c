import Foundation
import TestSupport
import Testing

/// `Scripts/make-fuzz-seeds` makes a whole corpus, or nothing at all.
@Suite struct FuzzSeedsTests {
    /// Works whether or not fontTools is installed (the fonts are then used whole), and
    /// leaves only the finished folder: Scripts/fuzz trusts any seeds folder it finds.
    /// Pillow (python3-pil) is one of Scripts/debian-test-packages: without it the script
    /// fails, saying so, and so does the test.
    @Test func makesACompleteCorpus() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let run = try launch(
            ["python3", repositoryRoot + "/Scripts/make-fuzz-seeds", folder + "/seeds"], in: folder,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(run.status == 0, "\(run.standardError)")
        #expect(filesIn(folder) == ["seeds"], "a temporary folder was left: \(filesIn(folder))")
        #expect(filesIn(folder + "/seeds") == ["arguments", "font", "heic", "jpeg", "manifest", "png", "webp"])
        for kind in ["arguments", "font", "heic", "jpeg", "manifest", "png", "webp"] {
            #expect(!filesIn(folder + "/seeds/" + kind).isEmpty, "no \(kind) seeds")
        }
        let fonts = filesIn(folder + "/seeds/font")
        #expect(fonts.allSatisfy { $0.hasSuffix(".ttf") } && fonts.count == 2, "\(fonts)")
    }
}
