import Platform
import Testing

/// `String(cBuffer:)` reads what C wrote into a fixed buffer, and nothing beyond it.
struct CBufferTextTests {
    @Test func stopsAtTheFirstZero() {
        let buffer: [CChar] = [104, 111, 115, 116, 0, 120, 121, 0, 0]
        #expect(String(cBuffer: buffer) == "host")
    }

    @Test func readsTheWholeBufferWhenNoZeroEndsIt() {
        let buffer: [CChar] = [97, 98, 99]
        #expect(String(cBuffer: buffer) == "abc")
        // A slice ends where it ends, whatever follows it in its array.
        let longer: [CChar] = [97, 98, 99, 100, 101]
        #expect(String(cBuffer: longer[1..<3]) == "bc")
    }

    @Test func agreesWithCStringOnTerminatedText() {
        for text in ["/tmp/wallgen-sway.a1B2c3", "冬至 2026", "🌸 spring", "", "tab\there"] {
            let buffer = text.utf8CString + [CChar](repeating: 0x41, count: 8)
            let expected = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            #expect(String(cBuffer: buffer) == expected)
            #expect(String(cBuffer: buffer) == text)
        }
    }

    @Test func replacesInvalidUTF8() {
        // 0xC3 starts a two-byte sequence that a space interrupts; 0xFF is never UTF-8.
        let buffer: [CChar] = [CChar(bitPattern: 0xC3), 32, CChar(bitPattern: 0xFF), 0]
        #expect(Array(String(cBuffer: buffer).unicodeScalars) == ["\u{FFFD}", " ", "\u{FFFD}"])
    }
}
