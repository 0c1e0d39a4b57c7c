import Foundation
import Platform
import TestSupport
import Testing

@testable import Studio

/// The studio's private folder: its record of its owner, the budget of its uploads, and
/// the sweep of folders whose studio no longer runs.
@Suite struct PrivateFolderTests {
    /// A studio's folder names its owner (this process, when it started); the folders of
    /// studios that no longer run are swept by the next, and nothing else: not a running
    /// studio's, not a recent one without a record, not a link, not another name.
    @Test func abandonedFoldersAreSwept() throws {
        try withTemporaryFolder { base in
            let fileManager = FileManager.default
            func make(_ name: String, owner: String?) throws -> String {
                let path = base + "/" + name
                try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
                try Data("picture".utf8).write(to: URL(fileURLWithPath: path + "/upload-1"))
                if let owner { try Data(owner.utf8).write(to: URL(fileURLWithPath: path + "/owner")) }
                return path
            }
            let me = try #require(ProcessIdentity.current)
            let running = try make("wallgen-studio-running", owner: me.text)
            // This process's number with another start: a process that ended, its number reused.
            let reused = try make("wallgen-studio-reused", owner: "\(me.pid) \(me.startTicks + 1)")
            let gone = try make("wallgen-studio-gone", owner: "2147483646 1")
            let garbled = try make("wallgen-studio-garbled", owner: "not a process")
            let recent = try make("wallgen-studio-recent", owner: nil)
            let old = try make("wallgen-studio-old", owner: nil)
            var times = [
                timeval(tv_sec: time(nil) - 2 * 86_400, tv_usec: 0),
                timeval(tv_sec: time(nil) - 2 * 86_400, tv_usec: 0),
            ]
            #expect(utimes(old, &times) == 0)
            _ = try make("other-folder", owner: "2147483646 1")
            let target = try make("target", owner: "2147483646 1")
            try fileManager.createSymbolicLink(atPath: base + "/wallgen-studio-link", withDestinationPath: target)

            PrivateFolder.sweepAbandoned(in: base)
            let left = filesIn(base)
            #expect(left.contains(name(running)) && left.contains(name(recent)), "\(left)")
            for removed in [reused, gone, garbled, old] {
                #expect(!left.contains(name(removed)), "\(removed) was kept")
            }
            #expect(left.contains("other-folder") && left.contains("wallgen-studio-link") && left.contains("target"))
            #expect(filesIn(target) == ["owner", "upload-1"], "a link's target was swept")
        }
    }

    /// A new studio writes its record and sweeps as it starts.
    @Test func aNewFolderRecordsItsOwner() throws {
        try withTemporaryFolder { base in
            let folder = try PrivateFolder(in: base)
            defer { folder.remove() }
            let record = try String(contentsOfFile: folder.path + "/owner", encoding: .utf8)
            #expect(ProcessIdentity(text: record) == ProcessIdentity.current)
            var status = stat()
            #expect(stat(folder.path, &status) == 0 && status.st_mode & 0o777 == 0o700)
        }
    }

    /// The uploads together stay within the budget: a name's new upload replaces its old
    /// one, so only the other names' count against it.
    @Test func uploadsShareOneBudget() throws {
        try withTemporaryFolder { base in
            let folder = try PrivateFolder(in: base)
            defer { folder.remove() }
            let budget = PrivateFolder.uploadBudget
            #expect(folder.uploadRoom(replacing: "a.jpg") == budget)
            folder.keep(upload: folder.path + "/upload-1", as: "a.jpg", bytes: 600 << 20)
            #expect(folder.uploadRoom(replacing: "b.jpg") == budget - (600 << 20))
            #expect(folder.uploadRoom(replacing: "a.jpg") == budget)
            folder.keep(upload: folder.path + "/upload-2", as: "b.jpg", bytes: 400 << 20)
            #expect(folder.uploadRoom(replacing: "c.jpg") == budget - (1000 << 20))
            #expect(folder.upload(named: "b.jpg") == folder.path + "/upload-2")
        }
    }
}

/// A path's last part.
private func name(_ path: String) -> String { (path as NSString).lastPathComponent }

/// The names in a folder, sorted.
private func filesIn(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
