import Foundation
import TestSupport
import Testing

/// Every input that once troubled a fuzz target is replayed by that target (built
/// without the fuzzer, it replays the files it is given) and must not crash it.
@Suite struct FuzzRegressionTests {
    @Test(arguments: [
        ("FuzzJPEG", "jpeg"), ("FuzzPNG", "png"), ("FuzzWebP", "webp"), ("FuzzHEIC", "heic"), ("FuzzFont", "font"),
        ("FuzzArguments", "arguments"), ("FuzzManifest", "manifest"),
    ])
    func savedInputsReplayCleanly(target: String, folder: String) throws {
        let inputs = repositoryRoot + "/Fuzz/regressions/" + folder
        let result = try withTemporaryFolder { try launch([inputs], in: $0, product: target) }
        #expect(result.status == 0, "\(target): \(result.standardError)")
        #expect(result.output.contains("replayed"), "\(result.output)")
        #expect(!filesIn(inputs).isEmpty, "no regression inputs for \(target)")
    }
}
