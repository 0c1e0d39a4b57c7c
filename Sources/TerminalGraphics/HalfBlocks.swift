import Compositor

/// Unicode upper half blocks (U+2580): each character cell shows two pixels, the upper
/// as its foreground colour and the lower as its background, by SGR colours: 24-bit
/// (`38;2;r;g;b`) or, where the terminal has no true colour, the nearest of xterm's 256.
/// A colour is written only when it changes; every line ends with a reset.
public enum HalfBlocks {
    public static func sequence(_ image: Image, trueColour: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(image.width * image.height * 12)
        let block = Array("\u{2580}".utf8)
        var y = 0
        while y < image.height {
            var foreground: [UInt8]? = nil
            var background: [UInt8]? = nil
            let top = image.row(y)
            let bottom = y + 1 < image.height ? image.row(y + 1) : nil
            for x in 0..<image.width {
                let upper: [UInt8] = [top[4 * x], top[4 * x + 1], top[4 * x + 2]]
                var lower: [UInt8] = [0, 0, 0]
                if let bottom { lower = [bottom[4 * x], bottom[4 * x + 1], bottom[4 * x + 2]] }
                if upper != foreground {
                    out += colour(upper, layer: 38, trueColour: trueColour)
                    foreground = upper
                }
                if lower != background {
                    out += colour(lower, layer: 48, trueColour: trueColour)
                    background = lower
                }
                out += block
            }
            out += Array("\u{1B}[0m\n".utf8)
            y += 2
        }
        return out
    }

    static func colour(_ rgb: [UInt8], layer: Int, trueColour: Bool) -> [UInt8] {
        if trueColour { return Array("\u{1B}[\(layer);2;\(rgb[0]);\(rgb[1]);\(rgb[2])m".utf8) }
        return Array("\u{1B}[\(layer);5;\(XtermPalette.nearest(rgb))m".utf8)
    }
}

/// xterm's 256 colours above the 16 a theme may change: the 6x6x6 cube (16...231) and 24
/// greys (232...255).
public enum XtermPalette {
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The colour of an index from 16 to 255.
    public static func rgb(_ index: Int) -> [Int] {
        if index >= 232 {
            let level = 8 + 10 * (index - 232)
            return [level, level, level]
        }
        let cube = index - 16
        return [cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6]]
    }

    /// The index from 16 to 255 nearest `rgb` (squared distance).
    public static func nearest(_ rgb: [UInt8]) -> Int {
        func level(_ value: UInt8) -> Int {
            var best = 0
            for (index, candidate) in cubeLevels.enumerated()
            where abs(candidate - Int(value)) < abs(cubeLevels[best] - Int(value)) {
                best = index
            }
            return best
        }
        let cube = 16 + 36 * level(rgb[0]) + 6 * level(rgb[1]) + level(rgb[2])
        let mean = (Int(rgb[0]) + Int(rgb[1]) + Int(rgb[2])) / 3
        let grey = 232 + min(23, max(0, (mean - 3) / 10))
        func distance(_ index: Int) -> Int {
            zip(XtermPalette.rgb(index), rgb).reduce(0) { $0 + ($1.0 - Int($1.1)) * ($1.0 - Int($1.1)) }
        }
        return distance(grey) < distance(cube) ? grey : cube
    }
}
