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
    /// The cell whose corners are held, and their gradients ((0,0), (1,0), (0,1), (1,1)).
    private var ix = Int32.min
    private var g00: (Float, Float) = (0, 0), g10: (Float, Float) = (0, 0)
    private var g01: (Float, Float) = (0, 0), g11: (Float, Float) = (0, 0)

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
        return Noise.blend(g00, g10, g01, g11, dx: dx, dy: dy, u: Noise.fade(dx), v: v)
    }

    private mutating func hold(_ cellX: Int32) {
        ix = cellX
        g00 = Noise.gradientAt(cellX, iy, seed)
        g10 = Noise.gradientAt(cellX &+ 1, iy, seed)
        g01 = Noise.gradientAt(cellX, iy &+ 1, seed)
        g11 = Noise.gradientAt(cellX &+ 1, iy &+ 1, seed)
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
            py = Noise.nextOctave(y: py, lacunarity: lacunarity)
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
                px = Noise.nextOctave(x: px, after: o, lacunarity: lacunarity)
            }
        }
        return sum / norm
    }
}
