import Desktop
import Escaping
import Foundation
import Testing

@Suite struct AppliedStoreTests {
    private func names(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// One successful apply of `bytes` on `key`, as `PreparedChange.run` does it.
    private func apply(_ store: AppliedStore, _ bytes: String, key: String = "sway") throws -> String {
        let path = store.path(for: Array(bytes.utf8), fileExtension: "png")
        try store.transaction { () throws(DesktopError) in
            try store.put(Array(bytes.utf8), at: path)
            try store.commit([key: [path]], clearing: key + ":")
        }
        return path
    }

    @Test func copiesByContentAndKeepsTheLastSixApplies() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = AppliedStore(folder: folder.file("applied"))
        var paths: [String] = []
        for index in 0..<8 { paths.append(try apply(store, "picture \(index)")) }
        // The name is the digest sha256sum would print for the bytes.
        #expect(paths[0] == folder.file("applied/" + SHA256.hexDigest(of: Array("picture 0".utf8)) + ".png"))
        #expect(
            try names(folder.file("applied")) == paths.suffix(6).map { ($0 as NSString).lastPathComponent }.sorted())
        // The same bytes again reuse their name.
        #expect(try apply(store, "picture 7") == paths[7])
        #expect(try String(contentsOfFile: paths[7], encoding: .utf8) == "picture 7")
    }

    /// Counting only successes: failed applies (copies put, setter failed, discarded)
    /// never push out the picture a desktop shows, nor leave copies behind.
    @Test func failedAppliesNeverEvictTheLivePicture() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = AppliedStore(folder: folder.file("applied"))
        let live = try apply(store, "live picture")
        for index in 0..<20 {
            let bytes = Array("failed \(index)".utf8)
            let path = store.path(for: bytes, fileExtension: "png")
            try store.transaction { () throws(DesktopError) in
                try store.put(bytes, at: path)
                store.discard([path])
            }
        }
        #expect(try names(folder.file("applied")) == [(live as NSString).lastPathComponent])
        // A failed apply of the live picture itself does not remove it either.
        store.discard([live])
        #expect(FileManager.default.fileExists(atPath: live))
    }

    /// Each desktop's and each monitor's picture is kept however many others follow.
    @Test func everyPictureInUseIsKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = AppliedStore(folder: folder.file("applied"))
        let gnome = try apply(store, "gnome's", key: "gnome")
        let left = store.path(for: Array("left".utf8), fileExtension: "png")
        let right = store.path(for: Array("right".utf8), fileExtension: "png")
        try store.transaction { () throws(DesktopError) in
            try store.put(Array("left".utf8), at: left)
            try store.put(Array("right".utf8), at: right)
            try store.commit(["sway:DP-1": [left], "sway:DP-2": [right]])
        }
        // Ten more applies on DP-1 alone: DP-2's picture and GNOME's stay.
        for index in 0..<10 { _ = try apply(store, "left \(index)", key: "sway:DP-1") }
        for path in [gnome, right] { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
        // A whole-desktop apply on sway replaces every monitor's own picture.
        for index in 0..<8 { _ = try apply(store, "whole \(index)") }
        #expect(!FileManager.default.fileExists(atPath: right))
        #expect(FileManager.default.fileExists(atPath: gnome))
    }

    /// The ledger is data: names that are not the store's own are ignored, never followed.
    @Test func aForgedLedgerRemovesNothingOutsideTheStore() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let outside = try folder.write("keep-me.txt", "the person's file")
        let applied = folder.file("applied")
        try FileManager.default.createDirectory(atPath: applied, withIntermediateDirectories: true)
        _ = try folder.write(
            "applied/.ledger.json", #"{"live": {"x": ["../keep-me.txt", "/etc/passwd"]}, "recent": [["..", "."]]}"#)
        let store = AppliedStore(folder: applied)
        for index in 0..<8 { _ = try apply(store, "p\(index)") }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "the person's file")
        #expect(try names(applied).count == 6)
    }
}
