import Compositor

/// DEC sixel: `ESC P q`, the raster size (`"1;1;W;H`), the palette (`#i;2;r;g;b` in
/// percent), then the picture in bands six pixels high, each band one pass per colour it
/// uses (`#i`, one character per column: 63 plus a bit for each of the six pixels of that
/// colour; runs of four or more as `!n`), passes joined by `$` and bands ended by `-`;
/// `ESC \` ends it. The palette is fitted to the picture (`FittedPalette`), at most 256.
public enum Sixel {
    public static func sequence(_ image: Image, colours limit: Int = 256) -> [UInt8] {
        let palette = FittedPalette(image, limit: limit)
        var out = Array("\u{1B}Pq\"1;1;\(image.width);\(image.height)".utf8)
        for (index, colour) in palette.colours.enumerated() {
            let percent = colour.map { ($0 * 100 + 127) / 255 }
            out += Array("#\(index);2;\(percent[0]);\(percent[1]);\(percent[2])".utf8)
        }
        var indices = [Int](repeating: 0, count: image.width * 6)
        var band = 0
        while band < image.height {
            let rows = min(6, image.height - band)
            var used = Set<Int>()
            for offset in 0..<rows {
                let row = image.row(band + offset)
                for x in 0..<image.width {
                    let index = palette.index(row, x)
                    indices[offset * image.width + x] = index
                    used.insert(index)
                }
            }
            for (pass, colour) in used.sorted().enumerated() {
                if pass > 0 { out.append(UInt8(ascii: "$")) }
                out += Array("#\(colour)".utf8)
                var run = (character: UInt8(0), count: 0)
                func flush() {
                    guard run.count > 0 else { return }
                    if run.count >= 4 {
                        out += Array("!\(run.count)".utf8)
                        out.append(run.character)
                    } else {
                        out += [UInt8](repeating: run.character, count: run.count)
                    }
                }
                for x in 0..<image.width {
                    var bits = 0
                    for offset in 0..<rows where indices[offset * image.width + x] == colour { bits |= 1 << offset }
                    let character = UInt8(63 + bits)
                    if character == run.character {
                        run.count += 1
                    } else {
                        flush()
                        run = (character, 1)
                    }
                }
                flush()
            }
            out.append(UInt8(ascii: "-"))
            band += 6
        }
        out += Array("\u{1B}\\\n".utf8)
        return out
    }
}
