import Foundation
import Platform
import Testing

/// `ProcessEnvironment` reads `environ` once for every reader in wallgen.
struct ProcessEnvironmentTests {
    /// The test process's own environment, as Foundation reads it.
    @Test func seesWhatFoundationSees() {
        #expect(ProcessEnvironment.variables == ProcessInfo.processInfo.environment)
    }

    @Test func firstOfTwoNamesCountsAndEntriesWithoutEqualsAreSkipped() {
        let texts = ["A=1", "B=x=y", "A=2", "NOEQUALS", "EMPTY=", "C=\u{E9}\u{1F332}", "=nameless"]
        let entries: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) } + [nil]
        defer { for entry in entries { free(entry) } }
        let read = entries.withUnsafeBufferPointer { ProcessEnvironment.read($0.baseAddress!) }
        #expect(read == ["A": "1", "B": "x=y", "EMPTY": "", "C": "\u{E9}\u{1F332}", "": "nameless"])
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        var bytes: [CChar] = [0x4B, 0x3D, CChar(bitPattern: 0xFF), 0x61, 0]  // "K=\xFFa"
        let read = bytes.withUnsafeMutableBufferPointer { buffer in
            let entries: [UnsafeMutablePointer<CChar>?] = [buffer.baseAddress, nil]
            return entries.withUnsafeBufferPointer { ProcessEnvironment.read($0.baseAddress!) }
        }
        #expect(read == ["K": "\u{FFFD}a"])
    }
}
