import Foundation
import Testing

/// docs/ARCHITECTURE.md names every target Package.swift declares, so a new module
/// cannot arrive without its entry.
@Suite struct ArchitectureDocTests {
    /// Every `name: "…"` in Package.swift: the package, its products and its targets.
    static func declaredNames() throws -> [String] {
        let manifest = try String(contentsOfFile: repositoryRoot + "/Package.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"name:\s*"([^"]+)""#)
        let whole = NSRange(manifest.startIndex..., in: manifest)
        return pattern.matches(in: manifest, range: whole).compactMap { match in
            Range(match.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
    }

    @Test func everyTargetIsNamedInTheArchitecture() throws {
        let names = Set(try Self.declaredNames())
        // The manifest is read, not assumed: these are known to be there.
        for known in ["CImaging", "Deflate", "Files", "CFiles", "Escaping", "WallgenCommands", "DeflateTests"] {
            #expect(names.contains(known), "Package.swift no longer declares \(known)?")
        }
        let architecture = try String(
            contentsOfFile: repositoryRoot + "/docs/ARCHITECTURE.md", encoding: .utf8)
        for name in names.sorted() {
            // Named as code, `Files`, not merely the word "files" in a sentence.
            #expect(architecture.contains("`\(name)`"), "docs/ARCHITECTURE.md does not name the target `\(name)`")
        }
    }
}
