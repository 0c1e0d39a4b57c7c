/// A `Noise` read along one row, its second coordinate fixed: what depends on that
/// coordinate (the lattice row, its fade) is worked out once, and the four corners'
/// gradients only when the first coordinate enters another cell. Read left to right
/// along a row of pixels, most samples hash nothing. The arithmetic is `Noise`'s own, in
/// the same order, so every value is the same to the bit.
struct NoiseRow {
    private let seed: UInt32
    private let iy: Int32
    private let dy: Float
    private let v: Float
    /// The cell whose corners are held, and their gradients (x and y parts of the four
    /// corners: (0,0), (1,0), (0,1), (1,1)).
    private var ix = Int32.min
    private var gx00: Float = 0, gy00: Float = 0, gx10: Float = 0, gy10: Float = 0
    private var gx01: Float = 0, gy01: Float = 0, gx11: Float = 0, gy11: Float = 0

    init(_ noise: Noise, y: Float) {
        seed = noise.seed
        let (iy, fy) = Noise.cell(y)
        self.iy = iy
        dy = y - fy
        v = Noise.fade(dy)
    }

    /// `Noise.gradient(x, y)`.
    @inline(__always) mutating func gradient(_ x: Float) -> Float {
        let (cellX, fx) = Noise.cell(x)
        if cellX != ix { hold(cellX) }
        let dx = x - fx
        let u = Noise.fade(dx)
        let n00 = gx00 * dx + gy00 * dy
        let n10 = gx10 * (dx - 1) + gy10 * dy
        let n01 = gx01 * dx + gy01 * (dy - 1)
        let n11 = gx11 * (dx - 1) + gy11 * (dy - 1)
        return lerp(lerp(n00, n10, u), lerp(n01, n11, u), v) * 1.9
    }

    private mutating func hold(_ cellX: Int32) {
        ix = cellX
        (gx00, gy00) = Noise.gradientAt(cellX, iy, seed)
        (gx10, gy10) = Noise.gradientAt(cellX &+ 1, iy, seed)
        (gx01, gy01) = Noise.gradientAt(cellX, iy &+ 1, seed)
        (gx11, gy11) = Noise.gradientAt(cellX &+ 1, iy &+ 1, seed)
    }
}

/// `Noise.fbm` read along one row (`NoiseRow` for each octave, their rows set once).
struct FbmRow {
    private var octaves: [NoiseRow]
    private let amplitudes: [Float]
    private let norm: Float
    private let lacunarity: Float

    init(_ noise: Noise, y: Float, octaves: Int = 5, lacunarity: Float = 2, gain: Float = 0.5) {
        var rows: [NoiseRow] = []
        var amplitudes: [Float] = []
        var amp: Float = 1, norm: Float = 0
        var py = y
        for _ in 0..<octaves {
            rows.append(NoiseRow(noise, y: py))
            amplitudes.append(amp)
            norm += amp
            amp *= gain
            py = py * lacunarity - 9.17
        }
        self.octaves = rows
        self.amplitudes = amplitudes
        self.norm = norm
        self.lacunarity = lacunarity
    }

    /// `Noise.fbm(x, y, …)` with this row's `y` and settings.
    mutating func value(_ x: Float) -> Float {
        var sum: Float = 0
        var px = x
        let lacunarity = lacunarity
        let amplitudes = amplitudes
        octaves.withUnsafeMutableBufferPointer { octaves in
            for o in octaves.indices {
                sum += octaves[o].gradient(px) * amplitudes[o]
                px = px * lacunarity + 17.31 + Float(o) * 3.7
            }
        }
        return sum / norm
    }
}
