import Foundation
import Testing

@testable import Scenery

/// A polygon filled row by row through its outline (`Polygon.outline(alongRow:within:)`:
/// whole coverage inside, away from the edge, without a distance) paints exactly the
/// pixels the per-pixel distance paints.
@Suite struct PolygonRowFillTests {
    /// The polygon without its outline: every pixel asks `distance`, as before.
    struct PerPixel: Shape {
        let polygon: Polygon
        var bounds: Rect { polygon.bounds }
        func distance(_ p: Vec2) -> Float { polygon.distance(p) }
    }

    static func painted(_ shape: some Shape, softness: Float, width: Int, height: Int) -> [RGB] {
        let canvas = Canvas(width: width, height: height)
        canvas.fill(shape, softness: softness, opacity: 0.9) { p in RGB(p.x / 3200, p.y / 2400, 0.5) }
        return (0..<width * height).map { canvas.pixels[$0] }
    }

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
                let rows = Self.painted(polygon, softness: softness, width: width, height: height)
                let pixels = Self.painted(PerPixel(polygon: polygon), softness: softness, width: width, height: height)
                #expect(rows == pixels)
                #expect(rows.contains { $0 != RGB(0, 0, 0) })
            }
        }
    }
}
