import Desktop
import Escaping
import Foundation
import Testing

@Suite struct AppliedStoreTests {
    @Test func copiesByContentAndKeepsTheNewestSix() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = AppliedStore(folder: folder.file("applied"))
        var first: [String] = []
        for index in 0..<8 {
            let source = try folder.write("p\(index).PNG", "picture \(index)")
            let stored = try store.store([source])
            if index == 0 { first = stored }
            // The name is the digest sha256sum would print for the bytes ("picture 0" for the first).
            let old = Date(timeIntervalSinceNow: Double(index - 100))
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stored[0])
        }
        #expect(first == [folder.file("applied/" + SHA256.hexDigest(of: Array("picture 0".utf8)) + ".png")])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("applied"))
        #expect(left.count == 6)
        #expect(!left.contains((first[0] as NSString).lastPathComponent))
        // The same bytes again reuse their copy and bring it back as the newest.
        let again = try store.store([folder.file("p0.PNG")])
        #expect(again == first)
        #expect(try String(contentsOfFile: again[0], encoding: .utf8) == "picture 0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("applied")).count == 6)
    }

    @Test func aMissingPictureIsATypedError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        #expect(
            throws: DesktopError.fileFailed(
                path: folder.file("none.png"), operation: "read", reason: "no such readable file")
        ) { try AppliedStore(folder: folder.file("applied")).store([folder.file("none.png")]) }
    }
}
