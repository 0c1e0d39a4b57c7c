/// kitty's graphics protocol: `ESC _G keys;payload ESC \`, the PNG (`f=100`) sent
/// directly (`t=d`) in Base64 chunks of at most 4096 bytes, every chunk but the last with
/// `m=1`; shown at once (`a=T`) at its own pixel size (it is made at the size it is to
/// show: kitty would stretch it to fill whole cells if told `c` and `r`), the terminal's
/// replies silenced (`q=2`); kitty moves the cursor below it.
public enum KittyGraphics {
    public static let chunkSize = 4096

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
