import Foundation
import TestSupport
import Testing

@testable import Files

/// `AtomicFileWriter.makeFolders`, the `mkdir -p` of batches and schedules: every missing
/// folder made, existing ones and links to folders accepted, a file in the way named.
@Suite struct MakeFoldersTests {
    @Test func makesWhatIsMissingAndNamesWhatIsInTheWay() throws {
        try withTemporaryFolder { folder in
            try AtomicFileWriter.makeFolders(folder + "/a/b/c")
            var isFolder: ObjCBool = false
            #expect(
                FileManager.default.fileExists(atPath: folder + "/a/b/c", isDirectory: &isFolder) && isFolder.boolValue)
            // Again: everything exists, nothing to do.
            try AtomicFileWriter.makeFolders(folder + "/a/b/c")
            // Through a link to a folder.
            try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/a")
            try AtomicFileWriter.makeFolders(folder + "/link/d")
            #expect(FileManager.default.fileExists(atPath: folder + "/a/d"))
            // A file where a folder should be, last or on the way.
            #expect(FileManager.default.createFile(atPath: folder + "/a/file", contents: Data("x".utf8)))
            #expect(throws: FileError.notAFolder(path: folder + "/a/file")) {
                try AtomicFileWriter.makeFolders(folder + "/a/file")
            }
            #expect(throws: FileError.notAFolder(path: folder + "/a/file")) {
                try AtomicFileWriter.makeFolders(folder + "/a/file/e/f")
            }
            #expect(try String(contentsOfFile: folder + "/a/file", encoding: .utf8) == "x")
        }
    }
}
