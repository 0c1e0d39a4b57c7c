import Foundation
import Platform
import Testing

/// Trimming on Unicode scalars and replacing placeholders, as Foundation did them before
/// wallgen stopped linking it: Foundation is the reference here.
struct ScalarTextTests {
    static let samples = [
        "", " ", "\t a b \t", "\n\r x \u{85}\u{2028}", "\u{3000}全角\u{3000}", "\u{A0}nbsp\u{A0}", "{w}x{h}",
        "a{w}\u{301}b", "{{title}}{{title}}", "e\u{301}{h}{h}{h}", "×x×", "+08:00", "::", "\u{FEFF} bom \u{FEFF}",
        "\u{200B}zero\u{200B}", "\u{1F468}\u{200D}\u{1F469} {device}", "\u{0B}\u{0C}vt ff\u{0C}",
    ]

    @Test func trimmingMatchesFoundation() {
        for text in Self.samples {
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "\(Array(text.unicodeScalars))")
            #expect(Substring(text).trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
        }
    }

    /// Every scalar of the BMP and the astral planes' first: trimmed alone exactly when
    /// Foundation trims it.
    @Test func everyScalarIsTrimmedAsFoundationTrimsIt() {
        for value in 0..<0x20000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x" + String(scalar)
            #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces), "U+\(String(value, radix: 16))")
            #expect(
                text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines),
                "U+\(String(value, radix: 16))")
        }
    }

    /// The standard library's `replacing(_:with:)`, which took the place of Foundation's
    /// `replacingOccurrences`, gives the same text for the placeholders wallgen fills.
    @Test func replacingMatchesFoundation() {
        for text in Self.samples {
            for (target, replacement) in [
                ("{w}", "1920"), ("{h}", ""), ("{{title}}", "{{title}}x"), ("×", "x"), (":", ""), ("x", "xx"),
            ] {
                #expect(
                    text.replacing(target, with: replacement)
                        == text.replacingOccurrences(of: target, with: replacement),
                    "\(Array(text.unicodeScalars)) \(target)")
            }
        }
    }
}
