import Glibc

/// A point or vector in design units (the picture is designed on a
/// 3200 x 2400 grid whatever size it is finally rendered at).
typealias Vec2 = SIMD2<Float>

@inline(__always) func length(_ v: Vec2) -> Float { (v * v).sum().squareRoot() }
@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Float { (a * b).sum() }

/// Rotates a vector; angles are in radians, positive turns clockwise on
/// screen because y grows downward.
@inline(__always) func rotate(_ v: Vec2, _ angle: Float) -> Vec2 {
    let c = cos(angle), s = sin(angle)
    return Vec2(v.x * c - v.y * s, v.x * s + v.y * c)
}

/// Axis-aligned box in design units; tells the canvas which pixels a shape
/// can touch so that each shape costs only its own area.
struct Rect {
    var minX: Float, minY: Float, maxX: Float, maxY: Float

    init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    init(center: Vec2, radius: Float) {
        self.init(
            minX: center.x - radius, minY: center.y - radius,
            maxX: center.x + radius, maxY: center.y + radius)
    }

    func inset(_ d: Float) -> Rect { Rect(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }

    func union(_ o: Rect) -> Rect {
        Rect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func intersection(_ o: Rect) -> Rect {
        Rect(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    static func bounding(_ points: [Vec2]) -> Rect {
        var r = Rect(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for p in points {
            r.minX = min(r.minX, p.x)
            r.maxX = max(r.maxX, p.x)
            r.minY = min(r.minY, p.y)
            r.maxY = max(r.maxY, p.y)
        }
        return r
    }
}

/// Anything the canvas can fill: a bounding box plus a signed distance
/// (negative inside). Coverage is derived from the distance, which gives
/// exact-looking anti-aliased edges at any resolution, and soft edges for
/// free by widening the ramp. The distance only needs to be accurate within
/// a few pixels of the edge.
protocol Shape {
    var bounds: Rect { get }
    func distance(_ p: Vec2) -> Float
    /// Along the row at design `y`: where the outline may be nearer than `reach` (only
    /// there does a pixel need its distance), and where the row crosses it (telling inside
    /// from outside everywhere else). Nil when the shape cannot say, and every pixel asks
    /// `distance`.
    func outline(alongRow y: Float, within reach: Float) -> RowOutline?
    /// The shape for the points within `area` alone, cheaper to ask there: at each of them
    /// the same distance wherever it is under `reach`, and at least `reach` elsewhere.
    func restricted(to area: Rect, within reach: Float) -> Restriction<Self>
}

extension Shape {
    func outline(alongRow y: Float, within reach: Float) -> RowOutline? { nil }
    func restricted(to area: Rect, within reach: Float) -> Restriction<Self> { .same }
}

/// A shape for the points of an area (`Shape.restricted(to:within:)`).
enum Restriction<S: Shape> {
    /// No cheaper there: the shape itself.
    case same
    /// Farther than the reach at every point of the area.
    case nothing
    /// A cheaper copy.
    case shape(S)
}

extension Rect {
    /// The distance from `p` to the rectangle (0 inside it).
    func distance(to p: Vec2) -> Float {
        length(p - Vec2(min(max(p.x, minX), maxX), min(max(p.y, minY), maxY)))
    }

    /// The distance from the segment `a`–`b` to the rectangle (0 where they meet). Asked
    /// for every segment of a stroke at every stretch of a row it is filled over, so it
    /// makes no arrays.
    func distance(toSegment a: Vec2, _ b: Vec2) -> Float {
        if distance(to: a) == 0 || distance(to: b) == 0 { return 0 }
        let c0 = Vec2(minX, minY), c1 = Vec2(maxX, minY), c2 = Vec2(maxX, maxY), c3 = Vec2(minX, maxY)
        // Crossing an edge of the rectangle: the segment meets it.
        if segmentsCross(a, b, c0, c1) || segmentsCross(a, b, c1, c2) || segmentsCross(a, b, c2, c3)
            || segmentsCross(a, b, c3, c0)
        {
            return 0
        }
        let ab = b - a
        func toSegment(_ p: Vec2) -> Float {
            let t = clamp01(dot(p - a, ab) / max(dot(ab, ab), 1e-12))
            return length(p - (a + ab * t))
        }
        return min(distance(to: a), distance(to: b), toSegment(c0), toSegment(c1), toSegment(c2), toSegment(c3))
    }
}

/// Whether segments `p`–`q` and `r`–`s` cross or touch.
private func segmentsCross(_ p: Vec2, _ q: Vec2, _ r: Vec2, _ s: Vec2) -> Bool {
    func side(_ a: Vec2, _ b: Vec2, _ c: Vec2) -> Float { (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x) }
    let d1 = side(r, s, p), d2 = side(r, s, q), d3 = side(p, q, r), d4 = side(p, q, s)
    return ((d1 <= 0 && d2 >= 0) || (d1 >= 0 && d2 <= 0)) && ((d3 <= 0 && d4 >= 0) || (d3 >= 0 && d4 <= 0))
}

/// A shape's outline along one row of pixels (`Shape.outline(alongRow:within:)`).
struct RowOutline {
    /// Design x intervals, sorted and apart, outside which every point of the row is
    /// farther from the outline than the reach asked for.
    var near: [ClosedRange<Float>]
    /// Where the row crosses the outline, sorted: a point is inside when an odd number of
    /// them lie to its right, as `distance` counts them.
    var crossings: [Float]
}

struct Circle: Shape {
    var center: Vec2
    var radius: Float
    var bounds: Rect { Rect(center: center, radius: radius) }
    func distance(_ p: Vec2) -> Float { length(p - center) - radius }
}

/// A rotated ellipse. The distance is the common first-order estimate,
/// plenty accurate at the edge where coverage is decided.
struct Ellipse: Shape {
    var center: Vec2
    var radii: Vec2
    var rotation: Float = 0

    var bounds: Rect { Rect(center: center, radius: max(radii.x, radii.y)) }

    func distance(_ p: Vec2) -> Float {
        let q = rotate(p - center, -rotation)
        let k0 = length(q / radii)
        let k1 = length(q / (radii * radii))
        return k1 > 0 ? k0 * (k0 - 1) / k1 : -min(radii.x, radii.y)
    }
}

/// A segment with round ends whose radius changes along it: branches,
/// trunks, grass blades, rain streaks.
struct Capsule: Shape {
    var a: Vec2, b: Vec2
    var radiusA: Float, radiusB: Float

    init(_ a: Vec2, _ b: Vec2, radius: Float) { self.init(a, b, radiusA: radius, radiusB: radius) }
    init(_ a: Vec2, _ b: Vec2, radiusA: Float, radiusB: Float) {
        self.a = a
        self.b = b
        self.radiusA = radiusA
        self.radiusB = radiusB
    }

    var bounds: Rect {
        Rect(center: a, radius: radiusA).union(Rect(center: b, radius: radiusB))
    }

    func distance(_ p: Vec2) -> Float {
        let ab = b - a, ap = p - a
        let l2 = dot(ab, ab)
        let t = l2 > 0 ? clamp01(dot(ap, ab) / l2) : 0
        return length(ap - ab * t) - lerp(radiusA, radiusB, t)
    }
}

/// A closed polygon with an exact signed distance (nearest edge distance,
/// sign from the crossing-number rule).
struct Polygon: Shape {
    let points: [Vec2]
    let bounds: Rect

    init(_ points: [Vec2]) {
        self.points = points
        self.bounds = Rect.bounding(points)
    }

    func distance(_ p: Vec2) -> Float {
        let n = points.count
        var best = Float.infinity
        var inside = false
        var j = n - 1
        for i in 0..<n {
            let vi = points[i], vj = points[j]
            let e = vj - vi, w = p - vi
            let l2 = dot(e, e)
            let t = l2 > 0 ? clamp01(dot(w, e) / l2) : 0
            let d = w - e * t
            best = min(best, dot(d, d))
            if (vi.y > p.y) != (vj.y > p.y) {
                let xCross = vi.x + (p.y - vi.y) / (vj.y - vi.y) * (vj.x - vi.x)
                if p.x < xCross { inside.toggle() }
            }
            j = i
        }
        let d = best.squareRoot()
        return inside ? -d : d
    }

    /// Each edge's neighbourhood on the row, within both the band around its line and its
    /// box widened by `reach` (a point nearer the edge than `reach` is in both); and the
    /// crossings worked out exactly as `distance` works them out.
    func outline(alongRow y: Float, within reach: Float) -> RowOutline? {
        var near: [ClosedRange<Float>] = []
        var crossings: [Float] = []
        var j = points.count - 1
        for i in points.indices {
            let vi = points[i], vj = points[j]
            j = i
            if (vi.y > y) != (vj.y > y) {
                crossings.append(vi.x + (y - vi.y) / (vj.y - vi.y) * (vj.x - vi.x))
            }
            guard y >= min(vi.y, vj.y) - reach, y <= max(vi.y, vj.y) + reach else { continue }
            var low = min(vi.x, vj.x) - reach
            var high = max(vi.x, vj.x) + reach
            let e = vj - vi
            if e.y != 0 {
                let across = vi.x + (y - vi.y) * e.x / e.y
                let half = reach * length(e) / abs(e.y)
                low = max(low, across - half)
                high = min(high, across + half)
            }
            if low <= high { near.append(low...high) }
        }
        near.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Float>] = []
        for range in near {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        crossings.sort()
        return RowOutline(near: merged, crossings: crossings)
    }
}

/// A star-like shape given by its radius as a function of angle (leaves,
/// flowers). The distance is radial, scaled down to stay conservative.
struct PolarShape: Shape {
    var center: Vec2
    var size: Float
    var rotation: Float
    /// Radius for an angle, as a fraction of `size`. Angle 0 points up.
    var radius: (Float) -> Float

    var bounds: Rect { Rect(center: center, radius: size * 1.05) }

    func distance(_ p: Vec2) -> Float {
        let q = rotate(p - center, -rotation)
        let angle = atan2(q.x, -q.y)
        return (length(q) - radius(angle) * size) * 0.7
    }
}

/// Shape algebra, so elements can be carved from simple pieces.
struct Union<A: Shape, B: Shape>: Shape {
    var a: A, b: B
    /// Sides left out of a restricted copy: farther than its reach at every point.
    private var withoutA = false, withoutB = false

    init(a: A, b: B) {
        self.a = a
        self.b = b
    }

    var bounds: Rect { a.bounds.union(b.bounds) }

    func distance(_ p: Vec2) -> Float {
        if withoutA { return b.distance(p) }
        if withoutB { return a.distance(p) }
        return min(a.distance(p), b.distance(p))
    }

    /// Each side restricted: where the union is nearer than `reach`, the nearer side is,
    /// and gives its distance as it is; elsewhere both are at least `reach`.
    func restricted(to area: Rect, within reach: Float) -> Restriction<Union> {
        let left = a.restricted(to: area, within: reach), right = b.restricted(to: area, within: reach)
        var copy = self
        switch left {
        case .same: break
        case .nothing: copy.withoutA = true
        case .shape(let restricted): copy.a = restricted
        }
        switch right {
        case .same: break
        case .nothing: copy.withoutB = true
        case .shape(let restricted): copy.b = restricted
        }
        if copy.withoutA && copy.withoutB { return .nothing }
        if case .same = left, case .same = right { return .same }
        return .shape(copy)
    }
}

struct Subtraction<A: Shape, B: Shape>: Shape {
    var shape: A, minus: B
    var bounds: Rect { shape.bounds }
    func distance(_ p: Vec2) -> Float { max(shape.distance(p), -minus.distance(p)) }
}

struct Intersection<A: Shape, B: Shape>: Shape {
    var a: A, b: B
    var bounds: Rect { a.bounds.intersection(b.bounds) }
    func distance(_ p: Vec2) -> Float { max(a.distance(p), b.distance(p)) }
}

/// Polynomial smooth minimum: merges two distances with a rounded fillet of
/// size `k`, the trick that turns overlapping circles into one soft puff.
@inline(__always) func smoothMin(_ a: Float, _ b: Float, _ k: Float) -> Float {
    guard k > 0 else { return min(a, b) }
    let h = max(k - abs(a - b), 0) / k
    return min(a, b) - h * h * k * 0.25
}

/// A shape moved by an offset (drop shadows, offset copies).
struct Translated<S: Shape>: Shape {
    var shape: S
    var offset: Vec2
    var bounds: Rect {
        let b = shape.bounds
        return Rect(minX: b.minX + offset.x, minY: b.minY + offset.y, maxX: b.maxX + offset.x, maxY: b.maxY + offset.y)
    }
    func distance(_ p: Vec2) -> Float { shape.distance(p - offset) }

    func restricted(to area: Rect, within reach: Float) -> Restriction<Translated> {
        let moved = Rect(
            minX: area.minX - offset.x, minY: area.minY - offset.y, maxX: area.maxX - offset.x,
            maxY: area.maxY - offset.y)
        switch shape.restricted(to: moved, within: reach) {
        case .same: return .same
        case .nothing: return .nothing
        case .shape(let restricted): return .shape(Translated(shape: restricted, offset: offset))
        }
    }
}

/// A tapering curved stroke (branch, trunk, stem): a quadratic Bézier from
/// `a` through control `c` to `b`, sampled into short tapered capsules.
struct Stroke: Shape {
    let points: [Vec2]
    let radii: [Float]
    let bounds: Rect
    /// The segments measured, one bit each (segment i joins points i and i + 1): all but
    /// in a copy restricted to an area (`restricted(to:within:)`).
    private var measured = UInt64.max

    init(from a: Vec2, control c: Vec2, to b: Vec2, radiusA: Float, radiusB: Float, segments: Int = 10) {
        var pts: [Vec2] = []
        var rs: [Float] = []
        for i in 0...segments {
            let t = Float(i) / Float(segments)
            let u = 1 - t
            pts.append(a * (u * u) + c * (2 * u * t) + b * (t * t))
            rs.append(lerp(radiusA, radiusB, t))
        }
        points = pts
        radii = rs
        var r = Rect.bounding(pts)
        let m = max(radiusA, radiusB)
        r = Rect(minX: r.minX - m, minY: r.minY - m, maxX: r.maxX + m, maxY: r.maxY + m)
        bounds = r
    }

    /// Distance and position across the stroke (-1 at one edge, +1 at the
    /// other; sign follows the left-hand normal of the direction of travel).
    func measure(_ p: Vec2) -> (distance: Float, across: Float) {
        var best = Float.infinity
        var across: Float = 0
        for i in 0..<(points.count - 1) where measured & (1 << UInt64(i & 63)) != 0 {
            let a = points[i], b = points[i + 1]
            let ab = b - a, ap = p - a
            let l2 = max(dot(ab, ab), 1e-6)
            let t = clamp01(dot(ap, ab) / l2)
            let r = lerp(radii[i], radii[i + 1], t)
            let off = ap - ab * t
            let d = length(off) - r
            if d < best {
                best = d
                let nrm = Vec2(-ab.y, ab.x) / l2.squareRoot()
                across = dot(off, nrm) / max(r, 1e-4)
            }
        }
        return (best, across)
    }

    func distance(_ p: Vec2) -> Float { measure(p).distance }

    /// The segments that come within `reach` (and a unit to spare) of `area`: a point of
    /// the area nearer the stroke than `reach` is nearest one of them, which wins as it
    /// did among all (those left out are farther), and a point farther is farther from
    /// them too.
    func restricted(to area: Rect, within reach: Float) -> Restriction<Stroke> {
        guard points.count >= 2, points.count - 1 <= 64 else { return .same }
        var kept: UInt64 = 0
        for i in 0..<(points.count - 1)
        where area.distance(toSegment: points[i], points[i + 1]) - max(radii[i], radii[i + 1]) < reach + 1 {
            kept |= 1 << UInt64(i)
        }
        if kept == 0 { return .nothing }
        if kept.nonzeroBitCount == points.count - 1 { return .same }
        var copy = self
        copy.measured = kept
        return .shape(copy)
    }
}

/// A shape whose distance is never less than the distance to its bounds (true of a
/// stroke's capsules, which its bounds hold whole, and of unions of such shapes), so a
/// point well outside the bounds is outside the shape without measuring.
protocol BoundedDistance: Shape {}

extension Stroke: BoundedDistance {}
extension Union: BoundedDistance where A: BoundedDistance, B: BoundedDistance {}

extension BoundedDistance {
    /// The shape as a mask (coverage 0 to 1 over an edge a pixel wide, as a fill gives
    /// it): a river's outline for the water laid in it. A point more than a pixel outside
    /// the bounds gets 0 without a distance worked out, as it would with one.
    func mask(pixel: Float) -> (Vec2) -> Float {
        let box = bounds
        return { p in
            guard p.x > box.minX - pixel, p.x < box.maxX + pixel, p.y > box.minY - pixel, p.y < box.maxY + pixel
            else { return 0 }
            return clamp01(0.5 - distance(p) / pixel)
        }
    }
}

/// Everything above (or below) a horizontal line: used to cut shapes off
/// at the ground.
struct HalfPlane: Shape {
    var y: Float
    var keepAbove: Bool
    var bounds: Rect {
        keepAbove ? Rect(minX: -1e6, minY: -1e6, maxX: 1e6, maxY: y) : Rect(minX: -1e6, minY: y, maxX: 1e6, maxY: 1e6)
    }
    func distance(_ p: Vec2) -> Float { keepAbove ? p.y - y : y - p.y }
}
