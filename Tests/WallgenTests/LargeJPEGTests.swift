import Foundation
import TestSupport
import Testing

/// A valid large progressive JPEG is decoded, not called damaged.
@Suite struct LargeJPEGTests {
    /// 12000x8000 progressive 4:4:4 (96 Mpx, under the 100 Mpx limit): its coefficient
    /// buffer alone is 549 MiB, above the 512 MiB libjpeg was held to before. Made here
    /// with cjpeg from a generated PPM (libjpeg-turbo-progs, in
    /// Scripts/debian-test-packages: without it the test fails, saying so).
    @Test func progressiveFullChromaPictureRenders() throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg"),
            "cjpeg is not installed (libjpeg-turbo-progs, in Scripts/debian-test-packages)")
        let folder = try temporaryFolder()
        defer { removeTemporaryFolder(folder) }
        let (width, height) = (12000, 8000)
        // Bands of sixteen different rows: enough structure for real scans, and the
        // 288 MB PPM is written in a few large pieces.
        var band: [UInt8] = []
        for y in 0..<16 {
            for x in 0..<width {
                band += [UInt8(truncatingIfNeeded: x / 47 + y * 13), UInt8(truncatingIfNeeded: x / 5), UInt8(y * 16)]
            }
        }
        let ppm = folder + "/big.ppm"
        _ = FileManager.default.createFile(atPath: ppm, contents: Data("P6\n\(width) \(height)\n255\n".utf8))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: ppm))
        try handle.seekToEnd()
        for _ in 0..<(height / 16) { try handle.write(contentsOf: band) }
        try handle.close()
        let encoder = Process()
        encoder.executableURL = URL(fileURLWithPath: "/usr/bin/cjpeg")
        encoder.arguments = ["-progressive", "-sample", "1x1", "-quality", "80", "-outfile", folder + "/big.jpg", ppm]
        try encoder.run()
        encoder.waitUntilExit()
        try #require(encoder.terminationStatus == 0)
        try FileManager.default.removeItem(atPath: ppm)

        let run = try launch(["--background", "big.jpg", "--size", "300x200", "-o", "out.png"], in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(!run.standardError.contains("damaged"))
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out.png")))
        #expect(pngHeader(png)?.width == 300 && pngHeader(png)?.height == 200)
    }
}
