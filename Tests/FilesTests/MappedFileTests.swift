import Foundation
import TestSupport
import Testing

@testable import Files

/// A mapped file reads as the file does; cut short while mapped (another program
/// truncating it), the pages past the cut read as zeros instead of ending the process
/// with SIGBUS, and the mapping says it was cut. A SIGBUS that is not a mapped file's
/// still ends the process by that signal.
@Suite struct MappedFileTests {
    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Three pages of 0xAB in a new file in `folder`, open for reading.
    static func threePages(in folder: String) throws -> (path: String, descriptor: Int32) {
        let path = folder + "/picture.bin"
        try Data(repeating: 0xAB, count: 3 * pageSize).write(to: URL(fileURLWithPath: path))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        return (path, descriptor)
    }

    /// `threePages`, mapped, its descriptor closed.
    static func mappedThreePages(in folder: String) throws -> (path: String, mapped: MappedFile) {
        let (path, descriptor) = try threePages(in: folder)
        defer { close(descriptor) }
        return (path, try #require(MappedFile(descriptor: descriptor, length: 3 * pageSize)))
    }

    @Test func readsTheFileAndOutlivesItsDescriptor() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let (_, mapped) = try Self.mappedThreePages(in: folder)
        #expect(mapped.bytes.count == 3 * Self.pageSize)
        #expect(mapped.bytes.allSatisfy { $0 == 0xAB })
        #expect(!mapped.wasCutShort)
    }

    @Test func anEmptyFileIsNotMapped() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        _ = FileManager.default.createFile(atPath: folder + "/empty", contents: Data())
        let descriptor = open(folder + "/empty", O_RDONLY)
        defer { close(descriptor) }
        #expect(MappedFile(descriptor: descriptor, length: 0) == nil)
    }

    @Test func aFileCutShortReadsAsZerosPastTheCut() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let (path, mapped) = try Self.mappedThreePages(in: folder)
        try #require(truncate(path, off_t(Self.pageSize)) == 0)
        // The first page is still the file's; the two after it are past its end.
        #expect(mapped.bytes[Self.pageSize - 1] == 0xAB)
        #expect(mapped.bytes[Self.pageSize + 10] == 0)
        #expect(mapped.bytes[3 * Self.pageSize - 1] == 0)
        #expect(mapped.wasCutShort)
        #expect(mapped.bytes.prefix(Self.pageSize).allSatisfy { $0 == 0xAB })
    }

    /// Another mapping's SIGBUS (not registered) goes on to the default action, once
    /// the guard is installed, and the process ends by the signal.
    @Test func aSIGBUSElsewhereStillEndsTheProcess() async throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        await #expect(processExitsWith: .signal(SIGBUS)) { [folder = folder as String] in
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGBUS)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            signal(SIGBUS, SIG_DFL)
            let (path, descriptor) = try MappedFileTests.threePages(in: folder)
            // The guard, installed by a mapping of its own.
            let guarded = MappedFile(descriptor: descriptor, length: MappedFileTests.pageSize)
            let plain = mmap(nil, 3 * MappedFileTests.pageSize, PROT_READ, MAP_PRIVATE, descriptor, 0)
            guard guarded != nil, let plain, plain != MAP_FAILED else { _exit(2) }
            _ = truncate(path, 0)
            let byte = plain.load(fromByteOffset: MappedFileTests.pageSize, as: UInt8.self)
            _exit(byte == 0 ? 3 : 4)  // not reached: the read ends the process
        }
    }
}
