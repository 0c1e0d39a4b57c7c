import Escaping

/// kitty's graphics protocol: `ESC _G keys;payload ESC \`, the PNG (`f=100`) sent
/// directly (`t=d`) in Base64 chunks of at most 4096 bytes, every chunk but the last with
/// `m=1`; shown at once (`a=T`) at its own pixel size (it is made at the size it is to
/// show: kitty would stretch it to fill whole cells if told `c` and `r`), the terminal's
/// replies silenced (`q=2`); kitty moves the cursor below it.
public enum KittyGraphics {
    public static let chunkSize = 4096

    /// The PNG handed over as a temporary file (`t=t`): only its path travels, base64, and
    /// kitty removes the file once read (it does so only for a path in a temporary folder
    /// that says `tty-graphics-protocol`). For a kitty on this machine.
    public static func sequence(temporaryFile path: String) -> [UInt8] {
        let encoded = Base64.encode(Array(path.utf8))
        return Array("\u{1B}_Ga=T,f=100,t=t,q=2;\(encoded)\u{1B}\\\n".utf8)
    }

    public static func sequence(png: [UInt8]) -> [UInt8] {
        let chunks = Base64Chunks.chunks(png, size: chunkSize)
        var out = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index + 1 < chunks.count ? 1 : 0
            let keys = index == 0 ? "a=T,f=100,t=d,q=2,m=\(more)" : "m=\(more)"
            out += "\u{1B}_G\(keys);\(chunk)\u{1B}\\"
        }
        return Array((out + "\n").utf8)
    }
}
