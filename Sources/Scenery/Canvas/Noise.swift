import Glibc

/// Integer hash of a lattice point; stateless so that any pixel can be
/// evaluated on any thread in any order and still give the same picture.
@inline(__always) func latticeHash(_ x: Int32, _ y: Int32, _ seed: UInt32) -> UInt32 {
    var h = UInt32(bitPattern: x) &* 0x8DA6_B343
    h ^= UInt32(bitPattern: y) &* 0xD816_3841
    h ^= seed &* 0xCB1A_B31F
    h ^= h >> 15
    h &*= 0x2C1B_3C6D
    h ^= h >> 12
    h &*= 0x297A_2D39
    h ^= h >> 15
    return h
}

/// Uniform value in [0, 1) for an integer pixel; used for grain and dither.
@inline(__always) func hashUnit(_ x: Int, _ y: Int, _ seed: UInt32) -> Float {
    Float(latticeHash(Int32(truncatingIfNeeded: x), Int32(truncatingIfNeeded: y), seed) >> 8) / Float(1 << 24)
}

/// Seeded coherent noise: gradient (Perlin-style) and value noise plus
/// fractal sums. Everything organic in the pictures (ridges, ripples, cloud
/// wisps, the slight mottling of painted areas) is shaped by it.
struct Noise {
    let seed: UInt32

    init(seed: UInt64) { self.seed = UInt32(truncatingIfNeeded: seed ^ (seed >> 32)) }

    /// The lattice cell of `v` and its corner: `floor(v)` as an integer and as a float,
    /// exactly as `floorf` would give them, without a call into libm (two per noise
    /// sample, the painter's most frequent call). Truncation toward zero is one step too
    /// high for a negative value with a fraction.
    @inline(__always) static func cell(_ v: Float) -> (index: Int32, corner: Float) {
        var index = Int32(truncatingIfNeeded: Int(v))
        var corner = Float(index)
        if corner > v {
            index &-= 1
            corner -= 1
        }
        return (index, corner)
    }

    @inline(__always) static func fade(_ t: Float) -> Float { t * t * t * (t * (t * 6 - 15) + 10) }

    /// The gradient at a lattice point: pseudo-random, from the two 16-bit halves of its
    /// hash; not unit length, but the slight magnitude variation is invisible in painted
    /// textures.
    @inline(__always) static func gradientAt(_ ix: Int32, _ iy: Int32, _ seed: UInt32) -> (Float, Float) {
        let h = latticeHash(ix, iy, seed)
        return (Float(Int32(h & 0xFFFF) - 32768) * (1.0 / 32768), Float(Int32(h >> 16) - 32768) * (1.0 / 32768))
    }

    /// Gradient noise within one cell, from its corners' gradients ((0,0), (1,0), (0,1),
    /// (1,1)): `dx`, `dy` the point's place in the cell, `u`, `v` their fades. `gradient`
    /// and `NoiseRow` both end here, so they agree to the bit.
    @inline(__always) static func blend(
        _ g00: (Float, Float), _ g10: (Float, Float), _ g01: (Float, Float), _ g11: (Float, Float),
        dx: Float, dy: Float, u: Float, v: Float
    ) -> Float {
        let n00 = g00.0 * dx + g00.1 * dy
        let n10 = g10.0 * (dx - 1) + g10.1 * dy
        let n01 = g01.0 * dx + g01.1 * (dy - 1)
        let n11 = g11.0 * (dx - 1) + g11.1 * (dy - 1)
        return lerp(lerp(n00, n10, u), lerp(n01, n11, u), v) * 1.9
    }

    /// Gradient noise, roughly in -1...1, zero at lattice points.
    func gradient(_ x: Float, _ y: Float) -> Float {
        let (ix, fx) = Noise.cell(x), (iy, fy) = Noise.cell(y)
        let dx = x - fx, dy = y - fy
        return Noise.blend(
            Noise.gradientAt(ix, iy, seed), Noise.gradientAt(ix &+ 1, iy, seed), Noise.gradientAt(ix, iy &+ 1, seed),
            Noise.gradientAt(ix &+ 1, iy &+ 1, seed), dx: dx, dy: dy, u: Noise.fade(dx), v: Noise.fade(dy))
    }

    /// An fbm octave's coordinates from the one before (`octave` its number): each finer,
    /// and offset so lattice points never line up. Shared with `FbmRow`.
    @inline(__always) static func nextOctave(x: Float, after octave: Int, lacunarity: Float) -> Float {
        x * lacunarity + 17.31 + Float(octave) * 3.7
    }

    @inline(__always) static func nextOctave(y: Float, lacunarity: Float) -> Float { y * lacunarity - 9.17 }

    /// Value noise in -1...1: blobbier than gradient noise, nice for mottling.
    func value(_ x: Float, _ y: Float) -> Float {
        let (ix, fx) = Noise.cell(x), (iy, fy) = Noise.cell(y)
        let u = Noise.fade(x - fx), v = Noise.fade(y - fy)
        @inline(__always) func h(_ a: Int32, _ b: Int32) -> Float {
            Float(latticeHash(a, b, seed &+ 0x5BD1) >> 8) / Float(1 << 23) - 1
        }
        return lerp(lerp(h(ix, iy), h(ix &+ 1, iy), u), lerp(h(ix, iy &+ 1), h(ix &+ 1, iy &+ 1), u), v)
    }

    /// Fractal Brownian motion: octaves of gradient noise, each finer and
    /// fainter, giving detail at every scale like real terrain and clouds.
    func fbm(_ x: Float, _ y: Float, octaves: Int = 5, lacunarity: Float = 2, gain: Float = 0.5) -> Float {
        var sum: Float = 0, amp: Float = 1, norm: Float = 0
        var px = x, py = y
        for o in 0..<octaves {
            sum += gradient(px, py) * amp
            norm += amp
            amp *= gain
            px = Noise.nextOctave(x: px, after: o, lacunarity: lacunarity)
            py = Noise.nextOctave(y: py, lacunarity: lacunarity)
        }
        return sum / norm
    }

    /// Ridged fractal: sharp creases, the look of rocky mountain crests.
    func ridged(_ x: Float, _ y: Float, octaves: Int = 5, gain: Float = 0.5) -> Float {
        var sum: Float = 0, amp: Float = 1, norm: Float = 0
        var px = x, py = y
        for _ in 0..<octaves {
            let n = 1 - abs(gradient(px, py))
            sum += n * n * amp
            norm += amp
            amp *= gain
            px = px * 2 + 5.1
            py = py * 2 + 1.3
        }
        return sum / norm
    }

    /// One-dimensional convenience for skyline profiles.
    func fbm1(_ x: Float, octaves: Int = 4, gain: Float = 0.5) -> Float {
        fbm(x, 0.5 + Float(seed % 97) * 0.01, octaves: octaves, gain: gain)
    }
}

extension Noise {
    /// A scatter of round dots on a jittered grid (blossoms, leaf glints,
    /// snow sparkle). Returns the anti-aliased coverage of the dot under
    /// the point and a random value in 0..<1 identifying that dot.
    /// - Parameters:
    ///   - cell: grid spacing in the caller's units.
    ///   - radius: dot radius as a fraction of `cell`.
    ///   - edge: width of the anti-aliasing ramp in the caller's units.
    ///   - density: fraction of cells that hold a dot.
    func dots(_ x: Float, _ y: Float, cell: Float, radius: Float, edge: Float, density: Float = 1) -> (
        coverage: Float, id: Float
    ) {
        let gx = x / cell, gy = y / cell
        let ix = Int32(truncatingIfNeeded: Int(gx.rounded(.down)))
        let iy = Int32(truncatingIfNeeded: Int(gy.rounded(.down)))
        var best: Float = 0, id: Float = 0
        for oy in Int32(-1)...1 {
            for ox in Int32(-1)...1 {
                let cx = ix &+ ox, cy = iy &+ oy
                let h = latticeHash(cx, cy, seed &+ 0x0D07)
                let u0 = Float(h & 0xFF) / 255
                if u0 >= density { continue }
                let u1 = Float((h >> 8) & 0xFF) / 255
                let u2 = Float((h >> 16) & 0xFF) / 255
                let u3 = Float(h >> 24) / 255
                let px = (Float(cx) + 0.2 + 0.6 * u1) * cell
                let py = (Float(cy) + 0.2 + 0.6 * u2) * cell
                let r = radius * cell * (0.65 + 0.35 * u3)
                let dx = x - px, dy = y - py
                let d = (dx * dx + dy * dy).squareRoot() - r
                let cov = clamp01(0.5 - d / max(edge, 1e-4))
                if cov > best {
                    best = cov
                    id = u3
                }
            }
        }
        return (best, id)
    }
}
