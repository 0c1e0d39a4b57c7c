import Compositor
import Foundation

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

/// Seeded generator, so every "random" test sees the same pixels on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A valid premultiplied pixel (every colour at most its alpha).
func randomPixel(_ random: inout SplitMix64) -> PremultipliedPixel {
    let alpha = UInt8.random(in: 0...255, using: &random)
    return PremultipliedPixel(
        r: UInt8.random(in: 0...alpha, using: &random), g: UInt8.random(in: 0...alpha, using: &random),
        b: UInt8.random(in: 0...alpha, using: &random), a: alpha)
}

func randomImage(width: Int, height: Int, seed: UInt64, opaque: Bool = false) -> Image {
    var random = SplitMix64(seed: seed)
    let image = Image(width: width, height: height)
    for y in 0..<height {
        for x in 0..<width {
            var pixel = randomPixel(&random)
            if opaque {
                pixel = PremultipliedPixel(
                    r: .random(in: 0...255, using: &random), g: .random(in: 0...255, using: &random),
                    b: .random(in: 0...255, using: &random), a: 255)
            }
            image[x, y] = pixel
        }
    }
    return image
}

func solidImage(width: Int, height: Int, _ pixel: PremultipliedPixel) -> Image {
    let image = Image(width: width, height: height)
    image.fill(pixel)
    return image
}

/// The bundled display font.
func bundledFont() throws -> Font {
    try Font(data: FileReader.read(repositoryRoot + "/fonts/Comfortaa-Bold.ttf"), label: "Comfortaa")
}

/// A fresh empty folder for a test's files.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "wallgen-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

func filesIn(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
