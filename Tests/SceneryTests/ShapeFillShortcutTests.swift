import Foundation
import Testing

@testable import Scenery

/// A polygon filled row by row through its outline (`Polygon.outline(alongRow:within:)`:
/// whole coverage inside, away from the edge, without a distance) paints exactly the
/// pixels the per-pixel distance paints.
/// A shape without its shortcuts (no outline along a row, no restriction to an area):
/// every pixel asks `distance` of the whole shape, as before them.
struct PerPixel<S: Shape>: Shape {
    let shape: S
    var bounds: Rect { shape.bounds }
    func distance(_ p: Vec2) -> Float { shape.distance(p) }
}

/// The canvas after `shape` is filled with a colour that varies over the plane.
func paintedPixels(_ shape: some Shape, softness: Float, width: Int, height: Int) -> [RGB] {
    let canvas = Canvas(width: width, height: height)
    canvas.fill(shape, softness: softness, opacity: 0.9) { p in RGB(p.x / 3200, p.y / 2400, 0.5) }
    return (0..<width * height).map { canvas.pixels[$0] }
}

@Suite struct PolygonRowFillTests {

    @Test(arguments: [(Float(0), 640, 360), (Float(14), 397, 211), (Float(3), 585, 1266)])
    func rowsPaintWhatPixelsPaint(softness: Float, width: Int, height: Int) {
        var random = SeededRandom(seed: 7)
        for _ in 0..<6 {
            // A star-like outline (concave, edges at every angle, some nearly level) and a
            // tree's tier (a wide, flat-bottomed triangle fan).
            let centre = Vec2(random.range(600, 2600), random.range(500, 1900))
            let star = Polygon(
                (0..<14).map { i in
                    let angle = Float(i) / 14 * 2 * .pi
                    let radius = (i % 2 == 0 ? 1 : 0.45) * random.range(200, 900)
                    return centre + Vec2(cos(angle), sin(angle)) * radius
                })
            let tier = Polygon([
                centre + Vec2(0, -700), centre + Vec2(420, 120), centre + Vec2(60, 90), centre + Vec2(-80, 130),
                centre + Vec2(-450, 110),
            ])
            for polygon in [star, tier] {
                let rows = paintedPixels(polygon, softness: softness, width: width, height: height)
                let pixels = paintedPixels(PerPixel(shape: polygon), softness: softness, width: width, height: height)
                #expect(rows == pixels)
                #expect(rows.contains { $0 != RGB(0, 0, 0) })
            }
        }
    }
}

/// Puffs filled a stretch of a row at a time, each with only the puffs that can matter
/// there (`Puffs.restricted(to:within:)`), distance and shading alike, paint exactly the pixels
/// the whole set paints.
@Suite struct PuffsRestrictedFillTests {
    static func painted(_ puffs: Puffs, restricting: Bool, width: Int, height: Int) -> [RGB] {
        let canvas = Canvas(width: width, height: height)
        let paint = { (p: Vec2, shape: Puffs) -> RGB in
            let shading = shape.shading(p, pixel: canvas.pixelSize)
            return RGB(shading.normal.x * 0.5 + 0.5, shading.normal.y * 0.5 + 0.5, shading.shadow)
        }
        if restricting {
            canvas.fill(puffs, softness: 2, opacity: 0.95) { p, nearby in paint(p, nearby) }
        } else {
            canvas.fill(PerPixel(shape: puffs), softness: 2, opacity: 0.95) { p in paint(p, puffs) }
        }
        return (0..<width * height).map { canvas.pixels[$0] }
    }

    @Test(arguments: [(640, 360), (397, 611)])
    func restrictedPuffsPaintWhatAllPaint(width: Int, height: Int) {
        var random = SeededRandom(seed: 11)
        for cloud in 0..<4 {
            let centre = Vec2(random.range(900, 2300), random.range(700, 1700))
            let spheres = (0..<24).map { _ in
                SIMD3<Float>(
                    centre.x + random.range(-700, 700), centre.y + random.range(-350, 350), random.range(40, 260))
            }.sorted { $0.y > $1.y }
            var puffs = Puffs(
                spheres: spheres, merge: random.range(10, 60), floorY: cloud % 2 == 0 ? centre.y + 200 : nil,
                edge: cloud < 2 ? (Noise(seed: 5), 40, 12) : nil)
            puffs.shadowOffset = Vec2(0.12, 0.2)
            puffs.fillEdge = max(Canvas(width: width, height: height).pixelSize, 2)
            let corner = Rect(
                minX: puffs.bounds.minX, minY: puffs.bounds.minY, maxX: puffs.bounds.minX + 50,
                maxY: puffs.bounds.minY + 1)
            if case .shape(let fewer) = puffs.restricted(to: corner, within: 1) {
                #expect(fewer.spheres.count < 24)
            } else {
                Issue.record("a corner needs fewer puffs")
            }
            let restricted = Self.painted(puffs, restricting: true, width: width, height: height)
            let whole = Self.painted(puffs, restricting: false, width: width, height: height)
            #expect(restricted == whole)
            #expect(restricted.contains { $0 != RGB(0, 0, 0) })
        }
    }
}

/// Strokes (willow strands, branches) filled a stretch of a row at a time with only the
/// segments that come near it (`Stroke.restricted(to:within:)`) paint exactly the pixels
/// all the segments paint, and a stretch no segment comes near is passed by.
@Suite struct StrokeRestrictedFillTests {
    @Test(arguments: [(Float(0), 640, 360), (Float(6), 397, 611)])
    func restrictedStrokesPaintWhatAllPaint(softness: Float, width: Int, height: Int) {
        var random = SeededRandom(seed: 23)
        for _ in 0..<8 {
            let a = Vec2(random.range(200, 3000), random.range(100, 1200))
            let stroke = Stroke(
                from: a, control: a + Vec2(random.range(-900, 900), random.range(200, 900)),
                to: a + Vec2(random.range(-500, 500), random.range(600, 1400)), radiusA: random.range(2, 30),
                radiusB: random.range(1, 8), segments: 10 + random.int(0..<20))
            let restricted = paintedPixels(stroke, softness: softness, width: width, height: height)
            #expect(
                restricted == paintedPixels(PerPixel(shape: stroke), softness: softness, width: width, height: height))
            #expect(restricted.contains { $0 != RGB(0, 0, 0) })
        }
        // A river: two strokes joined, moved (`Union`, `Translated` restrict each part).
        let river = Translated(
            shape: Union(
                a: Stroke(
                    from: Vec2(300, 900), control: Vec2(1400, 1500), to: Vec2(1700, 2400), radiusA: 20, radiusB: 90),
                b: Stroke(
                    from: Vec2(1650, 2300), control: Vec2(2400, 1700), to: Vec2(3100, 1900), radiusA: 60,
                    radiusB: 10)),
            offset: Vec2(0, -6))
        for softness: Float in [0, 8] {
            let restricted = paintedPixels(river, softness: softness, width: 640, height: 360)
            #expect(restricted == paintedPixels(PerPixel(shape: river), softness: softness, width: 640, height: 360))
        }
        let stroke = Stroke(
            from: Vec2(100, 100), control: Vec2(1600, 1200), to: Vec2(3000, 2300), radiusA: 8, radiusB: 2)
        if case .nothing = stroke.restricted(to: Rect(minX: 2800, minY: 200, maxX: 2900, maxY: 200), within: 2) {
        } else {
            Issue.record("a stretch far from every segment is passed by")
        }
    }
}
