import Escaping
import Foundation
import Testing

/// The studio's query values and download names are percent-coded by `PercentEncoding`;
/// Foundation's `addingPercentEncoding` and `removingPercentEncoding`, linked into the
/// tests only, are the independent reference.
struct PercentEncodingTests {
    static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static let samples = [
        "", "plain-name_1.png", "a b+c", "100%", "春分 card.webp", "👩‍👩‍👧.png", "e\u{301}", "quote\"back\\slash",
        "/etc/passwd", "\u{0}\u{1F}\u{7F}", "~tilde", "%41",
    ]

    @Test(arguments: samples) func encodesAsFoundationDoes(_ text: String) {
        #expect(PercentEncoding.encoded(text) == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved))
    }

    @Test(arguments: samples) func decodingUndoesEncoding(_ text: String) {
        #expect(PercentEncoding.decoded(PercentEncoding.encoded(text)) == text)
    }

    /// Good and bad escapes: lower-case hex, a lone or short `%`, a non-hex digit, bytes
    /// that are not UTF-8 (nil, as Foundation gives).
    @Test(arguments: [
        "%e6%98%a5", "%E6%98%A5", "a%20b", "%", "%4", "%G1", "%%41", "%FF", "%C3", "%C3%A9", "plain", "+",
    ])
    func decodesAsFoundationDoes(_ text: String) {
        #expect(PercentEncoding.decoded(text) == text.removingPercentEncoding)
    }
}
