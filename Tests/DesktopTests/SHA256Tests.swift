import Desktop
import Foundation
import Testing

@Suite struct SHA256Tests {
    /// FIPS 180-4's examples: "abc" and the 448-bit message, and the empty string.
    @Test func publishedDigests() {
        #expect(SHA256.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// Lengths around the padding edges (55, 56, 63, 64, 65 bytes) and a larger one,
    /// each against coreutils' sha256sum.
    @Test(.enabled(if: toolAvailable("sha256sum"), "sha256sum is not installed"))
    func agreesWithSha256sum() throws {
        for length in [1, 55, 56, 63, 64, 65, 119, 1000, 100_003] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let path = folder.file("bytes")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let run = try runTool(toolPath("sha256sum")!, [path])
            #expect(String(run.output.prefix(64)) == SHA256.hex(bytes), "length \(length)")
        }
    }
}
