import Compositor
import Foundation
import TestSupport

/// The repository's root folder, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

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

func filesIn(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}
