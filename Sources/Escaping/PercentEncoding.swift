/// Percent-encoding (RFC 3986, section 2.1) on UTF-8 bytes: what an HTTP query and a
/// `filename*=UTF-8''…` parameter carry.
public enum PercentEncoding {
    /// Every byte of `text`'s UTF-8 as `%XX` (upper-case hex), except RFC 3986's
    /// unreserved characters: ASCII letters, digits, `-`, `.`, `_` and `~`.
    public static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + hexDigit(byte >> 4) + hexDigit(byte & 0xF)
            }
        }
        return result
    }

    /// `text` with every `%XX` replaced by its byte; nil when a `%` is not followed by two
    /// hex digits or the bytes are not UTF-8 (Foundation's `removingPercentEncoding` does
    /// the same).
    public static func decoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let high = hexValue(input.removeFirst()), let low = hexValue(input.removeFirst())
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func hexDigit(_ value: UInt8) -> String {
        String(Unicode.Scalar(value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
