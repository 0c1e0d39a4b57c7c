/// tmux hands an escape sequence on to the terminal it runs in only when it comes wrapped:
/// `ESC P tmux;`, the sequence with every ESC doubled, `ESC \`; and only where its
/// `allow-passthrough` option is on (tmux 3.3 and later). Each of a preview's sequences
/// (kitty's chunks, iTerm2's OSC, a sixel's DCS) is wrapped on its own; what lies between
/// them (the newline after a picture, half blocks' colours, which tmux draws itself) goes
/// to tmux as it is.
public enum TmuxPassthrough {
    static let escape: UInt8 = 0x1B

    public static func wrap(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 64)
        var index = 0
        while index < bytes.count {
            guard bytes[index] == escape, index + 1 < bytes.count, let end = end(of: bytes, from: index) else {
                out.append(bytes[index])
                index += 1
                continue
            }
            out += Array("\u{1B}Ptmux;".utf8)
            for byte in bytes[index..<end] {
                if byte == escape { out.append(escape) }
                out.append(byte)
            }
            out += [escape, UInt8(ascii: "\\")]
            index = end
        }
        return out
    }

    /// Where the string sequence starting at `start` (APC `ESC _`, DCS `ESC P` or OSC
    /// `ESC ]`) ends, past its terminator (ST `ESC \`, or BEL for an OSC); nil for any other
    /// escape, or one not ended.
    static func end(of bytes: [UInt8], from start: Int) -> Int? {
        let kind = bytes[start + 1]
        guard kind == UInt8(ascii: "_") || kind == UInt8(ascii: "P") || kind == UInt8(ascii: "]") else { return nil }
        var index = start + 2
        while index < bytes.count {
            if bytes[index] == 0x07, kind == UInt8(ascii: "]") { return index + 1 }
            if bytes[index] == escape, index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
                return index + 2
            }
            index += 1
        }
        return nil
    }
}
