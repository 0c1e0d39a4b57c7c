import Escaping
import Foundation
import TestSupport
import Testing

@Suite struct SHA256Tests {
    /// FIPS 180-4's examples: "abc" and the 448-bit message, and the empty string.
    @Test func publishedDigests() {
        #expect(
            SHA256.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(SHA256.hexDigest(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// Lengths around the padding edges (55, 56, 63, 64, 65 bytes) and a larger one,
    /// each against coreutils' sha256sum, and the base64 form against Python's hashlib.
    @Test func agreesWithSha256sum() throws {
        try withTemporaryFolder { folder in
            for length in [1, 55, 56, 63, 64, 65, 119, 1000, 100_003] {
                let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
                let path = folder + "/bytes"
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let hex = try shell("sha256sum \(path)")
                #expect(String(hex.prefix(64)) == SHA256.hexDigest(of: bytes), "length \(length)")
                let base64 = try shell(
                    "python3 -c 'import base64, hashlib, sys; "
                        + "print(base64.b64encode(hashlib.sha256(open(sys.argv[1], \"rb\").read()).digest()).decode(), end=\"\")' "
                        + path)
                #expect(base64 == SHA256.base64Digest(of: bytes), "length \(length)")
            }
        }
    }
}

/// Runs a shell line and returns its standard output.
func shell(_ line: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", line]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}
