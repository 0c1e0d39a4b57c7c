import Compositor
import Foundation
import TestSupport
import Testing

/// Pictures that carry an ICC profile are converted to sRGB.
@Suite struct ColorProfileTests {
    /// A minimal ICC v2 display profile, written here byte by byte: sRGB's primaries
    /// (adapted to D50, as in the standard sRGB profile) with a linear tone curve. A
    /// value v in it is the sRGB value whose decoded light is v / 255.
    static func linearSRGBProfile() -> [UInt8] {
        func u32(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        func fixed(_ v: Double) -> [UInt8] { u32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
        func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
            Array("XYZ ".utf8) + u32(0) + fixed(x) + fixed(y) + fixed(z)
        }
        let curve = Array("curv".utf8) + u32(0) + u32(0)  // no entries: the identity
        let tags: [(String, [UInt8])] = [
            ("wtpt", xyz(0.9642, 1.0, 0.8249)), ("rXYZ", xyz(0.4361, 0.2225, 0.0139)),
            ("gXYZ", xyz(0.3851, 0.7169, 0.0971)), ("bXYZ", xyz(0.1431, 0.0606, 0.7141)),
            ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
        ]
        var offset = 128 + 4 + 12 * tags.count
        var table = u32(UInt32(tags.count))
        var data: [UInt8] = []
        for (signature, body) in tags {
            table += Array(signature.utf8) + u32(UInt32(offset)) + u32(UInt32(body.count))
            data += body
            offset += body.count
        }
        var header = u32(UInt32(offset)) + u32(0) + u32(0x0210_0000) + Array("mntrRGB XYZ ".utf8)
        header += [UInt8](repeating: 0, count: 12) + Array("acsp".utf8) + [UInt8](repeating: 0, count: 28)
        header += fixed(0.9642) + fixed(1.0) + fixed(0.8249) + [UInt8](repeating: 0, count: 48)
        return header + table + data
    }

    /// The sRGB byte for linear light v / 255 (the sRGB transfer function).
    static func srgb(_ v: Int) -> Int {
        let linear = Double(v) / 255
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return Int((encoded * 255).rounded())
    }

    @Test func jpegWithAProfileIsConvertedToSRGB() throws {
        let image = solidImage(width: 16, height: 16, PremultipliedPixel(r: 64, g: 128, b: 200, a: 255))
        let tagged = try ImageDecoder.decode(
            JPEGEncoder.encode(image, quality: 100, iccProfile: Self.linearSRGBProfile()))
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
            ("iCCP", Array("linear".utf8) + [0, 0] + PNGTestWriter.zlibStored(Self.linearSRGBProfile()))
        ]
        let p = try ImageDecoder.decode(writer.encode())[1, 1]
        #expect(
            abs(Int(p.r) - Self.srgb(64)) <= 2 && abs(Int(p.g) - Self.srgb(128)) <= 2
                && abs(Int(p.b) - Self.srgb(200)) <= 2, "\(p)")
        #expect(p.a == 255)
    }

    /// A damaged profile is ignored: the picture decodes as if untagged.
    @Test func aDamagedProfileIsIgnored() throws {
        var profile = Self.linearSRGBProfile()
        profile.replaceSubrange(36..<40, with: Array("junk".utf8))
        let image = solidImage(width: 8, height: 8, PremultipliedPixel(r: 64, g: 128, b: 200, a: 255))
        let decoded = try ImageDecoder.decode(JPEGEncoder.encode(image, quality: 100, iccProfile: profile))
        #expect(abs(Int(decoded[4, 4].r) - 64) <= 1)
    }
}
