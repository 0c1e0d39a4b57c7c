import Files
import Foundation
import TestSupport
import Testing

@testable import Compositor

/// A PNG written into its file as its bands are compressed (`PNGFileWriter`, through
/// `PNGEncoder.encode(_:into:)`) is the same file, byte for byte, as the one
/// `PNGEncoder.encode` returns, whose bytes the other codec tests read back with
/// independent readers: opaque and translucent images (the writer then starts again as
/// RGBA), bands finished in any order by several workers, streams shorter and longer
/// than one IDAT chunk.
@Suite struct PNGFileWriterTests {
    static func withTranslucentPixel(_ image: Image, atRow row: Int) -> Image {
        image[image.width / 2, row] = PremultipliedPixel(r: 10, g: 20, b: 30, a: 128)
        return image
    }

    /// Image `index` of the cases, with its name.
    static func image(_ index: Int) -> (String, Image) {
        let noise = { (seed: UInt64) in randomImage(width: 300, height: 700, seed: seed, opaque: true) }
        return switch index {
        case 0: ("one pixel", solidImage(width: 1, height: 1, PremultipliedPixel(r: 1, g: 2, b: 3, a: 255)))
        case 1:
            ("flat, one chunk", solidImage(width: 300, height: 700, PremultipliedPixel(r: 9, g: 99, b: 199, a: 255)))
        case 2: ("noise, several chunks", noise(7))
        case 3: ("translucent in the first band", withTranslucentPixel(noise(8), atRow: 3))
        case 4: ("translucent in the last band", withTranslucentPixel(noise(9), atRow: 699))
        default: ("translucent everywhere", randomImage(width: 120, height: 300, seed: 10))
        }
    }

    @Test(arguments: 0..<6, [1, 3])
    func theFileIsTheEncodersBytes(image index: Int, workers: Int) throws {
        let (name, image) = Self.image(index)
        let expected = try PNGEncoder.encode(image, workers: workers, note: "{\"made\":\"here\"}")
        try withTemporaryFolder { folder in
            let path = folder + "/out.png"
            let file = try #require(try GrowingFile.replacing(path))
            try PNGEncoder.encode(image, into: file, workers: workers, note: "{\"made\":\"here\"}")
            #expect(file.appended == expected.count, "\(name)")
            try file.finish()
            let written = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(written == expected, "\(name), \(workers) workers")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
        }
    }

    /// Every format goes through `OutputEncoding.encode(_:into:)`; the others are written
    /// whole once encoded.
    @Test(arguments: [OutputEncoding.png(.fast), .png(.standard), .jpeg(quality: 90), .webp(quality: 80)])
    func everyFormatWritesTheBytesItWouldReturn(encoding: OutputEncoding) throws {
        let image = randomImage(width: 64, height: 300, seed: 11, opaque: true)
        let expected = try encoding.encode(image, workers: 2)
        try withTemporaryFolder { folder in
            let file = try #require(try GrowingFile.replacing(folder + "/out"))
            try encoding.encode(image, into: file, workers: 2)
            try file.finish()
            #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out"))) == expected)
        }
    }

    /// Nothing is put in place until `finish`: a file dropped before then leaves the
    /// folder as it was, the old file untouched.
    @Test func anUnfinishedFileLeavesTheOldOne() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/out.png"
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            do {
                let file = try #require(try GrowingFile.replacing(path))
                try PNGEncoder.encode(randomImage(width: 50, height: 400, seed: 12, opaque: true), into: file)
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.png"])
        }
    }

    /// Devices (and standard output, wherever it goes) are not replaced but written in
    /// place: no file to encode into.
    @Test func devicesAreNotReplaced() throws {
        #expect(try GrowingFile.replacing("/dev/null") == nil)
        #expect(try GrowingFile.replacing("/dev/zero") == nil)
    }
}
