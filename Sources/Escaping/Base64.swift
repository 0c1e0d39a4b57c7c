/// Base64 (RFC 4648 §4, with padding): the digests a Content-Security-Policy names, and
/// the property lists and JSON a dynamic wallpaper's XMP carries.
public enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    public static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0..<4 {
                let sextet = Int(group >> UInt32(18 - 6 * position) & 0x3F)
                out.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes of a Base64 text, or nil when it is not one. White space (XMP wraps long
    /// values) is skipped; padding is optional, but nothing may follow it.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var out: [UInt8] = []
        var group: UInt32 = 0
        var sextets = 0
        var padded = false
        for byte in text.utf8 {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                padded = true
                continue
            }
            guard !padded, let value = sextet(byte) else { return nil }
            group = group << 6 | UInt32(value)
            sextets += 1
            if sextets == 4 {
                out += [UInt8(group >> 16 & 0xFF), UInt8(group >> 8 & 0xFF), UInt8(group & 0xFF)]
                group = 0
                sextets = 0
            }
        }
        switch sextets {
        case 0: break
        case 2: out.append(UInt8(group >> 4 & 0xFF))
        case 3: out += [UInt8(group >> 10 & 0xFF), UInt8(group >> 2 & 0xFF)]
        default: return nil
        }
        return out
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
