import Compositor
import Foundation
import TestSupport
import Testing

/// Pictures that carry an ICC profile are converted to sRGB.
@Suite struct ColorProfileTests {
    /// The sRGB byte for linear light v / 255 (the sRGB transfer function).
    static func srgb(_ v: Int) -> Int {
        let linear = Double(v) / 255
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return Int((encoded * 255).rounded())
    }

    @Test func jpegWithAProfileIsConvertedToSRGB() throws {
        let image = solidImage(width: 16, height: 16, PremultipliedPixel(r: 64, g: 128, b: 200, a: 255))
        let tagged = try ImageDecoder.decode(
            JPEGEncoder.encode(image, quality: 100, iccProfile: ICCTestProfile.linearSRGB()))
        let plain = try ImageDecoder.decode(JPEGEncoder.encode(image, quality: 100))
        let p = tagged[8, 8]
        #expect(
            abs(Int(p.r) - Self.srgb(64)) <= 2 && abs(Int(p.g) - Self.srgb(128)) <= 2
                && abs(Int(p.b) - Self.srgb(200)) <= 2, "\(p)")
        #expect(abs(Int(plain[8, 8].r) - 64) <= 1, "without a profile the values are kept")
    }

    @Test func pngWithAProfileIsConvertedToSRGB() throws {
        var writer = PNGTestWriter(width: 4, height: 4, bitDepth: 8, colorType: .rgba) { _, _ in [64, 128, 200, 255] }
        writer.extraChunks = [
            ("iCCP", Array("linear".utf8) + [0, 0] + PNGTestWriter.zlibStored(ICCTestProfile.linearSRGB()))
        ]
        let p = try ImageDecoder.decode(writer.encode())[1, 1]
        #expect(
            abs(Int(p.r) - Self.srgb(64)) <= 2 && abs(Int(p.g) - Self.srgb(128)) <= 2
                && abs(Int(p.b) - Self.srgb(200)) <= 2, "\(p)")
        #expect(p.a == 255)
    }

    /// A damaged profile is ignored: the picture decodes as if untagged.
    @Test func aDamagedProfileIsIgnored() throws {
        var profile = ICCTestProfile.linearSRGB()
        profile.replaceSubrange(36..<40, with: Array("junk".utf8))
        let image = solidImage(width: 8, height: 8, PremultipliedPixel(r: 64, g: 128, b: 200, a: 255))
        let decoded = try ImageDecoder.decode(JPEGEncoder.encode(image, quality: 100, iccProfile: profile))
        #expect(abs(Int(decoded[4, 4].r) - 64) <= 1)
    }
}
