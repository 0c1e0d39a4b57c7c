import Compositor
import Files
import Foundation
import TestSupport
import Testing

@Suite struct FileTests {
    @Test func writesAndReplacesAtomically() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let path = folder + "/out.png"
        try AtomicFileWriter.write([1, 2, 3], to: path)
        #expect(try FileReader.read(path) == [1, 2, 3])
        try AtomicFileWriter.write([4, 5], to: path)
        #expect(try FileReader.read(path) == [4, 5])
        #expect(filesIn(folder) == ["out.png"], "a temporary file was left behind")
    }

    /// Files are read in one go at the size fstat gives; a file whose size it does not
    /// know (as under /proc, size 0) or that grows is still read to its end.
    @Test func readsWholeFilesWhateverSizeTheyReport() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let bytes = (0..<200_001).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/big"))
        #expect(try FileReader.read(folder + "/big") == bytes)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
        #expect(try FileReader.read(folder + "/empty") == [])
        let version = try FileReader.read("/proc/version")
        let expected = Array(try String(contentsOfFile: "/proc/version", encoding: .utf8).utf8)
        #expect(version.count > 1 && version == expected)
        #expect(throws: FileError.tooLarge(path: folder + "/big", limit: 1000)) {
            try FileReader.read(folder + "/big", maxBytes: 1000)
        }
    }

    /// A picture is mapped rather than read (the same bytes, the same checks), and read
    /// after all where it cannot be mapped: an empty file, a file under /proc.
    @Test func mappedPicturesHoldTheFilesBytes() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let jpeg = try JPEGEncoder.encode(randomImage(width: 64, height: 48, seed: 5, opaque: true), quality: 90)
        try Data(jpeg).write(to: URL(fileURLWithPath: folder + "/p.jpg"))
        let mapped = try FileReader.mapped(folder + "/p.jpg", expecting: .picture)
        #expect(mapped.withUnsafeBufferPointer { Array($0) } == jpeg && !mapped.wasCutShort)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
        #expect(try FileReader.mapped(folder + "/empty").count == 0)
        let version = try FileReader.mapped("/proc/version")
        #expect(version.withUnsafeBufferPointer { Array($0) } == (try FileReader.read("/proc/version")))
        try Data("not a picture".utf8).write(to: URL(fileURLWithPath: folder + "/text"))
        #expect(throws: FileError.self) { try FileReader.mapped(folder + "/text", expecting: .picture) }
        #expect(throws: FileError.tooLarge(path: folder + "/p.jpg", limit: 100)) {
            try FileReader.mapped(folder + "/p.jpg", maxBytes: 100)
        }
    }

    /// A picture cut short by another program while it is mapped is reported as such,
    /// never decoded from the zeros past the cut: whether it decodes on this thread (a
    /// PNG, a JPEG in one go) or in the background (a JPEG's rows, reported by `finish`).
    @Test func aPictureCutShortWhileReadIsReportedAsChanged() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let picture = randomImage(width: 400, height: 1600, seed: 9, opaque: true)
        let files = [
            ("p.jpg", try JPEGEncoder.encode(picture, quality: 92)), ("p.png", try PNGEncoder.encode(picture)),
        ]
        for (name, bytes) in files {
            for inBackground in [false, true] {
                let path = folder + "/" + name
                try Data(bytes).write(to: URL(fileURLWithPath: path))
                let mapped = try FileReader.mapped(path, expecting: .picture)
                try #require(truncate(path, off_t(bytes.count / 3)) == 0)
                #expect(throws: ImageDecodingError.changedWhileReading, "\(name), in the background: \(inBackground)") {
                    let decoded = try ImageDecoder.decodePicture(
                        mapped, width: 200, height: 800, inBackground: inBackground)
                    try decoded.finish()
                }
                #expect(mapped.wasCutShort)
            }
        }
    }

    @Test func missingFolderIsReportedAndNothingIsWritten() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(throws: FileError.folderMissing(path: folder + "/nope")) {
            try AtomicFileWriter.write([1], to: folder + "/nope/out.png")
        }
        #expect(filesIn(folder).isEmpty)
    }

    @Test func folderInTheWayIsReported() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        try FileManager.default.createDirectory(atPath: folder + "/out.png", withIntermediateDirectories: false)
        #expect(throws: FileError.isDirectory(path: folder + "/out.png")) {
            try AtomicFileWriter.write([1], to: folder + "/out.png")
        }
    }

    /// A device as the target is written in place (never renamed over), and a full
    /// device is reported as no space.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "this system has no /dev/full"))
    func fullDeviceIsReportedAsNoSpace() throws {
        #expect(throws: FileError.noSpace(path: "/dev/full")) {
            try AtomicFileWriter.write([UInt8](repeating: 7, count: 100_000), to: "/dev/full")
        }
        var status = stat()
        #expect(stat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR, "/dev/full was replaced")
    }

    @Test func readingReportsMissingFilesAndFolders() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(throws: FileError.notFound(path: folder + "/x.jpg")) { try FileReader.read(folder + "/x.jpg") }
        #expect(throws: FileError.isDirectory(path: folder)) { try FileReader.read(folder) }
    }

    /// Devices are refused from what they are; contents from their first bytes.
    @Test func devicesAndForeignContentAreRefusedBeforeReading() throws {
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        #expect(throws: FileError.notARegularFile(path: "/dev/zero", kind: .characterDevice)) {
            try FileReader.read("/dev/zero", expecting: .picture)
        }
        #expect(throws: FileError.notARegularFile(path: "/dev/zero", kind: .characterDevice)) {
            try FileReader.checkReadable("/dev/zero", expecting: .font)
        }
        try Data("<html><body>".utf8).write(to: URL(fileURLWithPath: folder + "/page.jpg"))
        let error = FileError.unexpectedContent(
            path: folder + "/page.jpg", expected: "a JPEG, PNG, WebP, HEIC or AVIF picture",
            start: Array("<html><b".utf8))
        #expect(throws: error) { try FileReader.read(folder + "/page.jpg", expecting: .picture) }
        #expect(
            "\(error)".hasSuffix(
                "page.jpg' is not a JPEG, PNG, WebP, HEIC or AVIF picture (it looks like HTML or XML)"))
        // Without an expectation, or for an empty file, the content is the reader's business.
        #expect(try FileReader.read(folder + "/page.jpg").count == 12)
        try Data().write(to: URL(fileURLWithPath: folder + "/empty.png"))
        #expect(try FileReader.read(folder + "/empty.png", expecting: .picture) == [])
    }

    /// Every bundled font carries a font signature, and the pictures a picture's.
    @Test func bundledFilesHaveTheirSignatures() throws {
        for name in ["Comfortaa-Bold.ttf", "NotoColorEmoji.ttf", "WallgenKai-Regular.ttf", "WallgenKai-Bold.ttf"] {
            try FileReader.checkReadable(repositoryRoot + "/fonts/" + name, expecting: .font)
        }
        let jpeg = try FileReader.read(repositoryRoot + "/Assets/seasons/winter.jpg", expecting: .picture)
        #expect(FileSignature.sniff(jpeg) == .jpeg && ImageFormat(sniffing: jpeg) == .jpeg)
        #expect(FileSignature.sniff(Array("OTTO".utf8)) == .openType)
        #expect(FileSignature.sniff(Array("ttcf".utf8)) == .fontCollection)
        #expect(FileSignature.sniff(Array("true".utf8)) == .trueType)
    }

    /// WebP is RIFF with the form type WEBP; HEIF an ftyp box with a HEIF brand (HEIC,
    /// mif1, AVIF), wherever the file's name says otherwise. Other RIFFs (a WAV, an AVI)
    /// and other ISO media (an MP4) are not pictures.
    @Test func webpAndHEIFAreTold() {
        let riff = Array("RIFF".utf8) + [0x24, 0, 0, 0]
        #expect(FileSignature.sniff(riff + Array("WEBPVP8 ".utf8)) == .webp)
        #expect(FileSignature.sniff(riff + Array("WAVEfmt ".utf8)) == nil)
        func ftyp(_ brand: String) -> [UInt8] { [0, 0, 0, 0x18] + Array("ftyp\(brand)".utf8) + [0, 0, 0, 0] }
        for brand in ["heic", "heix", "mif1", "msf1", "avif"] {
            #expect(FileSignature.sniff(ftyp(brand)) == .heif, "\(brand)")
            #expect(ImageFormat(sniffing: ftyp(brand)) == .heif)
        }
        #expect(FileSignature.sniff(ftyp("isom")) == nil, "an MP4 is not a picture")
        #expect(FileSignature.sniff(Array("RIFF".utf8)) == nil, "too short to tell")
    }
}

/// The tests' own clean-up never reaches through a link into the files it points at.
@Suite struct TemporaryFolderTests {
    @Test func removingAFolderLeavesWhatItsLinksPointAtAlone() throws {
        let outside = try temporaryFolder()
        defer { removeTemporaryFolder(outside) }
        let target = outside + "/keep.txt"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o600)
        try FileManager.default.createDirectory(atPath: outside + "/inner", withIntermediateDirectories: false)
        chmod(outside + "/inner", 0o500)
        let folder = try temporaryFolder()
        try FileManager.default.createSymbolicLink(atPath: folder + "/file-link", withDestinationPath: target)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/folder-link", withDestinationPath: outside + "/inner")
        try FileManager.default.createDirectory(atPath: folder + "/locked", withIntermediateDirectories: false)
        chmod(folder + "/locked", 0o000)
        removeTemporaryFolder(folder)
        #expect(!FileManager.default.fileExists(atPath: folder))
        var status = stat()
        #expect(stat(target, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(outside + "/inner", &status) == 0 && status.st_mode & 0o777 == 0o500)
    }
}
