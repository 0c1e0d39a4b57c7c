import Compositor
import Foundation
import TestSupport

/// The independent tools the WebP and HEIF tests make their inputs and references with:
/// libwebp's cwebp, dwebp, img2webp and webpmux (Debian: webp) and libheif's heif-enc
/// and heif-convert (Debian: libheif-examples), run as a person would run them.
enum PictureTools {
    static func installed(_ tool: String) -> Bool {
        ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"].split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)")
        }
    }

    static let webp = installed("cwebp") && installed("dwebp") && installed("img2webp") && installed("webpmux")
    static let heif = installed("heif-enc") && installed("heif-convert")

    struct ToolFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `tool` (found on PATH) in `folder`; throws with its standard error unless it exits 0.
    static func run(_ tool: String, _ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolFailed(description: "\(tool) \(arguments): \(String(decoding: said, as: UTF8.self))")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// An asymmetric picture with smooth gradients (which lossy codecs keep well) and four
    /// distinct corners: red top left, green top right, blue bottom left, grey elsewhere;
    /// alpha falling from left to right when `alpha`. Straight RGBA samples.
    static func pattern(width: Int, height: Int, alpha: Bool = false) -> (Int, Int) -> [Int] {
        { x, y in
            let a = alpha ? 255 - x * 200 / max(1, width - 1) : 255
            let left = x < width / 4
            let right = x >= width * 3 / 4
            let top = y < height / 2
            if left && top { return [230, 30 + y, 40, a] }
            if right && top { return [30, 220, 40 + x % 16, a] }
            if left && !top { return [40, 30, 220 - y % 16, a] }
            return [100 + x * 100 / width, 120, 100 + y * 100 / height, a]
        }
    }

    /// A PNG written by TestSupport's own writer (not libpng), RGBA 8-bit.
    static func patternPNG(width: Int, height: Int, alpha: Bool = false) -> [UInt8] {
        PNGTestWriter(
            width: width, height: height, bitDepth: 8, colorType: .rgba,
            samples: pattern(
                width: width, height: height, alpha: alpha)
        ).encode()
    }

    /// The pattern as the engine stores it (premultiplied), for comparisons.
    static func patternImage(width: Int, height: Int, alpha: Bool = false) -> Image {
        image(width: width, height: height, straight: pattern(width: width, height: height, alpha: alpha))
    }

    static func image(width: Int, height: Int, straight: (Int, Int) -> [Int]) -> Image {
        let image = Image(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let s = straight(x, y).map { UInt8($0) }
                image[x, y] = PremultipliedPixel(
                    r: PremultipliedPixel.multiply(s[0], s[3]), g: PremultipliedPixel.multiply(s[1], s[3]),
                    b: PremultipliedPixel.multiply(s[2], s[3]), a: s[3])
            }
        }
        return image
    }

    /// A PAM file (what `dwebp -pam` writes: a text header, then straight RGBA rows) as an image.
    static func pam(_ bytes: [UInt8]) throws -> Image {
        guard
            let end = bytes.indices.first(where: {
                Array(bytes[$0..<min(bytes.count, $0 + 7)]) == Array("ENDHDR\n".utf8)
            })
        else { throw ToolFailed(description: "not a PAM file") }
        let header = String(decoding: bytes[..<end], as: UTF8.self)
        func field(_ name: String) -> Int {
            header.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap {
                Int($0.split(separator: " ")[1])
            }
                ?? 0
        }
        let (width, height, depth) = (field("WIDTH"), field("HEIGHT"), field("DEPTH"))
        let body = Array(bytes[(end + 7)...])
        guard depth == 4, body.count == width * height * 4 else { throw ToolFailed(description: "unexpected PAM") }
        return image(width: width, height: height) { x, y in
            (0..<4).map { Int(body[(y * width + x) * 4 + $0]) }
        }
    }

    /// The largest difference of any channel of any pixel; nil when the sizes differ.
    static func largestDifference(_ a: Image, _ b: Image) -> Int? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var largest = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y]
                let q = b[x, y]
                largest = max(
                    largest, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)),
                    abs(Int(p.a) - Int(q.a)))
            }
        }
        return largest
    }

    /// The mean absolute difference per channel.
    static func meanDifference(_ a: Image, _ b: Image) -> Double {
        var total = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a[x, y]
                let q = b[x, y]
                total += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
            }
        }
        return Double(total) / Double(3 * a.width * a.height)
    }
}
