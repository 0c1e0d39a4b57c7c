/// What the escapers call a control character: C0 (U+0000–U+001F), DEL and C1
/// (U+0080–U+009F, which terminals read as commands too: U+009B is CSI).
enum ControlCharacters {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
