import Glibc
import Testing

@testable import Scenery

/// A bolt's pixels pass its channels by runs (`Lightning.ChannelRun`): the same pixels,
/// to the bit, as working out every channel at every pixel, written out here.
@Suite struct LightningRunsTests {
    @Test(arguments: [(200, 150), (133, 311)])
    func runsPassedWholeChangeNoPixel(width: Int, height: Int) {
        let bolt = Lightning(
            from: Vec2(1520, 560), to: Vec2(1700, 1210), width: 9, forks: 5, jaggedness: 0.2, glowRadius: 80,
            glowStrength: 0.9, seed: 1303)
        let fast = Canvas(width: width, height: height)
        fast.draw(bolt)
        let plain = Canvas(width: width, height: height)
        let segs = bolt.bolts()
        let reach = bolt.glowRadius * 5
        var box = Rect.bounding(segs.flatMap { [$0.a, $0.b] })
        box = Rect(minX: box.minX - reach, minY: box.minY - reach, maxX: box.maxX + reach, maxY: box.maxY + reach)
        plain.shade(box) { p, c in
            var dCore: Float = .infinity
            var glowSum: Float = 0
            for s in segs {
                let lo = Vec2(min(s.a.x, s.b.x), min(s.a.y, s.b.y)) - Vec2(reach, reach)
                let hi = Vec2(max(s.a.x, s.b.x), max(s.a.y, s.b.y)) + Vec2(reach, reach)
                if p.x < lo.x || p.y < lo.y || p.x > hi.x || p.y > hi.y { continue }
                let ab = s.b - s.a, ap = p - s.a
                let t = clamp01(dot(ap, ab) / max(dot(ab, ab), 1e-6))
                let d = length(ap - ab * t)
                let r = lerp(s.ra, s.rb, t)
                dCore = min(dCore, d - r)
                glowSum = max(glowSum, exp(-d / bolt.glowRadius) * min(r / (bolt.width * 0.5), 1))
            }
            if dCore == .infinity { return c }
            var out = c + (RGB(1, 1, 1) - c) * bolt.glow * min(glowSum * bolt.glowStrength, 1)
            out = mix(out, bolt.glow.lighter(0.6), exp(-max(dCore, 0) / (bolt.width * 0.9)) * 0.7)
            return mix(out, bolt.core, clamp01(0.5 - dCore / plain.pixelSize))
        }
        var differing = 0
        for index in 0..<(width * height) where fast.pixels[index] != plain.pixels[index] { differing += 1 }
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
