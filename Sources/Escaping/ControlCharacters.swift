/// What the escapers call a control character: C0 (U+0000–U+001F), DEL and C1
/// (U+0080–U+009F, which terminals read as commands too: U+009B is CSI).
enum ControlCharacters {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}

/// The Unicode controls that reorder the text around them (embeddings and overrides
/// U+202A–U+202E, isolates U+2066–U+2069): a file name holding U+202E shows
/// `gnp.exe` as `exe.png`. Where a page or a terminal shows a name a person did not
/// write, they are shown as what they are, `[U+202E]`, never applied.
public enum BidiControls {
    public static func isReordering(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// `[U+202E]`: how one is shown.
    public static func visible(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "[U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
    }
}
