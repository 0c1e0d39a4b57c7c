import Files
import Foundation
import Testing

/// A file left for another program (kitty's temporary picture): made new, never through a
/// link, readable by its owner alone, named with the word asked for.
@Suite struct ScratchFileTests {
    @Test func aNamedScratchFileHoldsTheBytes() throws {
        let path = try ScratchFile.named("wallgen-tty-graphics-protocol", holding: Array("picture".utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(path.contains("tty-graphics-protocol"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("picture".utf8))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let other = try ScratchFile.named("wallgen-tty-graphics-protocol", holding: [])
        defer { try? FileManager.default.removeItem(atPath: other) }
        #expect(other != path, "each call a file of its own")
    }
}
