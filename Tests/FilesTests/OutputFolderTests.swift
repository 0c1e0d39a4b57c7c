import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Files

/// Paths beneath an output folder follow no link and write to no FIFO: what a batch's
/// rows and gather's reads go through.
@Suite struct OutputFolderTests {
    @Test func writesBeneathAndMakesFoldersOnTheWay() throws {
        try withTemporaryFolder { folder in
            let outputs = try OutputFolder(opening: folder)
            try outputs.write([1, 2], to: "a/b/c.png")
            try outputs.write([3], to: "a/b/c.png")
            #expect(try readBytes(folder + "/a/b/c.png") == [3])
            #expect(filesIn(folder + "/a/b") == ["c.png"], "no temporary left")
        }
    }

    /// A link to a folder elsewhere, and a dangling link to a file elsewhere, are refused:
    /// nothing is written outside the folder.
    @Test func linksInsideTheFolderAreRefused() throws {
        try withTemporaryFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/out", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/out/sub", withDestinationPath: "../elsewhere")
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/out/x.png", withDestinationPath: folder + "/elsewhere/x.png")
            let outputs = try OutputFolder(opening: folder + "/out")
            #expect(throws: FileError.linkRefused(path: folder + "/out/sub")) {
                try outputs.write([1], to: "sub/a.png")
            }
            #expect(throws: FileError.linkRefused(path: folder + "/out/x.png")) { try outputs.write([1], to: "x.png") }
            #expect(throws: FileError.linkRefused(path: folder + "/out/sub")) {
                _ = try outputs.openForReading("sub/a.png")
            }
            #expect(filesIn(folder + "/elsewhere") == [])
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/out/x.png")) != nil)
        }
    }

    /// A FIFO at an output's place is refused at once (writing would wait forever); so
    /// is reading one.
    @Test func fifosAreRefused() throws {
        try withTemporaryFolder { folder in
            #expect(mkfifo(folder + "/pipe.png", 0o600) == 0)
            let outputs = try OutputFolder(opening: folder)
            #expect(throws: FileError.notARegularFile(path: folder + "/pipe.png", kind: .fifo)) {
                try outputs.write([1], to: "pipe.png")
            }
            #expect(throws: FileError.notARegularFile(path: folder + "/pipe.png", kind: .fifo)) {
                _ = try outputs.openForReading("pipe.png")
            }
        }
    }

    /// A name over 255 bytes can never be written: said as such, before any work.
    @Test func aNameTooLongIsSaidSo() throws {
        try withTemporaryFolder { folder in
            let name = String(repeating: "n", count: 256) + ".png"
            let outputs = try OutputFolder(opening: folder)
            #expect(throws: FileError.nameTooLong(path: folder + "/" + name)) { try outputs.write([1], to: name) }
            #expect(throws: FileError.nameTooLong(path: folder + "/" + name)) {
                try AtomicFileWriter.write([1], to: folder + "/" + name)
            }
            // 255 bytes is fine, and its temporary too.
            let longest = String(repeating: "冬", count: 83) + ".png"
            #expect(longest.utf8.count == 253)
            try outputs.write([1], to: longest)
            try AtomicFileWriter.write([2], to: folder + "/" + longest, unnamedFirst: false)
            #expect(filesIn(folder) == [longest])
        }
    }

    /// Two processes' worth of threads making the same missing folder at once all succeed.
    @Test func preparingAFolderRacesSafely() throws {
        try withTemporaryFolder { folder in
            for round in 0..<50 {
                let target = folder + "/made-\(round)"
                let failures = Mutex(0)
                DispatchQueue.concurrentPerform(iterations: 4) { _ in
                    if (try? AtomicFileWriter.prepareFolder(target)) == nil { failures.withLock { $0 += 1 } }
                }
                #expect(failures.withLock { $0 } == 0, "round \(round)")
            }
        }
    }
}
