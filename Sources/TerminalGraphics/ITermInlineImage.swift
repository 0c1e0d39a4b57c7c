import Escaping

/// iTerm2's inline image: `ESC ] 1337 ; File = inline=1;size=N;width=Wpx;height=Hpx;
/// preserveAspectRatio=1 : Base64 BEL`, the PNG whole, shown at its own pixel size.
public enum ITermInlineImage {
    public static func sequence(png: [UInt8], width: Int, height: Int) -> [UInt8] {
        let payload = Base64.encode(png)
        let head =
            "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(width)px;height=\(height)px;preserveAspectRatio=1:"
        return Array((head + payload + "\u{07}\n").utf8)
    }
}
