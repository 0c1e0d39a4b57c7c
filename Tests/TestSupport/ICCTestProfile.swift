/// ICC profiles written byte by byte for the tests, independent of Little CMS.
public enum ICCTestProfile {
    /// A minimal ICC v2 display profile, written here byte by byte: sRGB's primaries
    /// (adapted to D50, as in the standard sRGB profile) with a linear tone curve. A
    /// value v in it is the sRGB value whose decoded light is v / 255.
    public static func linearSRGB() -> [UInt8] {
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
}
