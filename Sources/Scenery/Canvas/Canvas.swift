import Dispatch
import Glibc
import Platform

/// How a painted colour combines with what is already on the canvas.
enum BlendMode {
    /// Paint over (ordinary alpha compositing).
    case normal
    /// Lightens without clipping: glows, light shafts, mist lit from behind.
    case screen
    /// Pure added light: sparkles and glints.
    case add
    /// Darkens by tinting: shadows.
    case multiply
}

/// What a skyline fill tells its paint closure about a pixel.
struct ProfileSample {
    /// Design units below the skyline (0 on the edge, growing downward).
    var depth: Float
    /// Skyline slope dy/dx at this column (positive: the ridge falls toward the right).
    var slope: Float
    /// The skyline's design y at this column.
    var top: Float
}

/// A floating-point RGB canvas that paints in design units.
///
/// Every picture is composed on a fixed 3200 x 2400 design grid; `scale`
/// maps it to pixels, so a quick preview and the final render show the same
/// composition. All fills are anti-aliased by coverage derived from signed
/// distances (see `Shape`).
final class Canvas {
    /// The grid every scene is composed on: 3200 x 2400 design units, the subject about
    /// the centre line x = 1600.
    static let designSize = Vec2(3200, 2400)

    let width: Int
    let height: Int
    /// Pixels per design unit.
    let scale: Float
    /// Design units per pixel: the width of an anti-aliased edge.
    let pixelSize: Float
    /// The design x of the canvas's left edge. A canvas of another shape than the grid's
    /// is 2400 design units high and as wide as its shape makes it, centred on the
    /// grid's centre line: a phone's shows the middle of the composition, an ultrawide's
    /// runs on past both sides of it.
    let left: Float
    /// The part of the design plane the canvas shows.
    let bounds: Rect
    /// Row-major pixels.
    let pixels: CanvasPixels
    /// The real sky's light, when the scene is painted under it (`ScenePainter`): the
    /// scene's own Sun, Moon and stars are then left out and its sky is the sky's.
    var lighting: LightPlan?
    /// The row below which the element being drawn paints nothing (`CoverPlan`): the
    /// canvas's height, or where a later element paints over every pixel.
    var rowsEnd: Int
    /// Which rows each element the scene draws paints; nil paints every row.
    var coverPlan: CoverPlan?
    /// Set while `CoverPlan` makes its dry run: elements drawn are recorded, not painted.
    var coverRecorder: CoverRecorder?
    /// The scene's closing grain, left for the quantiser to apply (`CoverPlan`).
    var grainLeft: Grain?
    /// How many elements the scene itself has drawn so far, and how deep the drawing is
    /// (an element drawing others).
    var elementsDrawn = 0
    var elementDepth = 0

    /// The whole grid at `scale` pixels per design unit.
    init(scale: Float) {
        self.scale = scale
        pixelSize = 1 / scale
        width = Int((Canvas.designSize.x * scale).rounded())
        height = Int((Canvas.designSize.y * scale).rounded())
        left = 0
        bounds = Rect(minX: 0, minY: 0, maxX: Canvas.designSize.x, maxY: Canvas.designSize.y)
        pixels = CanvasPixels(count: width * height)
        rowsEnd = height
    }

    /// A canvas of `width` x `height` pixels, the grid's full height, centred on its
    /// centre line.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        scale = Float(height) / Canvas.designSize.y
        pixelSize = 1 / scale
        let designWidth = Float(width) * pixelSize
        left = (Canvas.designSize.x - designWidth) / 2
        bounds = Rect(minX: left, minY: 0, maxX: left + designWidth, maxY: Canvas.designSize.y)
        pixels = CanvasPixels(count: width * height)
        rowsEnd = height
    }

    deinit { pixels.free() }

    /// How many times wider the canvas is than the grid (less than 1 on a phone).
    var widthInGrids: Float { (bounds.maxX - bounds.minX) / Canvas.designSize.x }

    /// The design width of a 9:19.5 phone's canvas: the narrowest shape a scene is
    /// composed for (`byShape`).
    static let phoneWidth: Float = designSize.y * 9 / 19.5

    /// How far the canvas has narrowed from the grid's 4:3 toward a 9:19.5 phone's shape:
    /// 0 on the grid's shape and wider, 1 on a phone's and narrower, in proportion to the
    /// design width between.
    var narrowing: Float {
        let width = bounds.maxX - bounds.minX
        return min(max((Canvas.designSize.x - width) / (Canvas.designSize.x - Canvas.phoneWidth), 0), 1)
    }

    /// A scene's placement for this canvas's shape: `grid` where the grid composed it (4:3
    /// and wider canvases), `phone` on a 9:19.5 phone's, moving in proportion between. A
    /// subject the middle of the grid would cut (twin trees framing a lake) is brought in
    /// by it, and shapes between the two show it whole too, as both ends do.
    @inline(__always) func byShape(_ grid: Float, phone: Float) -> Float {
        grid + (phone - grid) * narrowing
    }

    /// The design x of the centre of pixel column `column`.
    @inline(__always) func designX(_ column: Int) -> Float { (Float(column) + 0.5) * pixelSize + left }

    /// The pixel column a design x falls in, clamped to the canvas.
    @inline(__always) func column(_ x: Float) -> Int { min(max(Int((x - left) * scale), 0), width - 1) }

    /// Design-space centre of a pixel.
    @inline(__always) func point(_ x: Int, _ y: Int) -> Vec2 {
        Vec2(designX(x), (Float(y) + 0.5) * pixelSize)
    }

    /// The pixel rows from design y `top` down to `bottom`, within the canvas.
    func rows(from top: Float, to bottom: Float) -> Range<Int> {
        guard top.isFinite, bottom.isFinite else { return 0..<height }
        let first = min(max(Int((top * scale).rounded(.down)), 0), height)
        return first..<min(max(Int((bottom * scale).rounded(.up)), first), height)
    }

    /// Pixel rows and columns a design box touches, grown by `margin` design
    /// units; nil when it is off the canvas.
    func pixelBox(_ r: Rect, margin: Float = 0) -> (x: Range<Int>, y: Range<Int>)? {
        let x0 = max(0, Int(((r.minX - margin - left) * scale).rounded(.down)) - 1)
        let y0 = max(0, Int(((r.minY - margin) * scale).rounded(.down)) - 1)
        let x1 = min(width, Int(((r.maxX + margin - left) * scale).rounded(.up)) + 1)
        let y1 = min(height, Int(((r.maxY + margin) * scale).rounded(.up)) + 1)
        guard x0 < x1, y0 < y1 else { return nil }
        return (x0..<x1, y0..<y1)
    }

    /// Runs `body` for every row down to `rowsEnd`, splitting big jobs across cores. Small jobs
    /// stay on one thread because dispatching costs more than they do.
    /// The result never depends on the split: every pixel is a pure function
    /// of its coordinates and the canvas underneath.
    func forEachRow(_ rows: Range<Int>, columns: Int, _ body: (Int) -> Void) {
        let rows = rows.lowerBound..<max(rows.lowerBound, min(rows.upperBound, rowsEnd))
        Canvas.split(rows, work: rows.count * columns, body)
    }

    /// Runs `body` for each of `rows`, across cores when `work` (how many pixels or
    /// samples) is worth dispatching. Small jobs stay on one thread because dispatching
    /// costs more than they do.
    static func split(_ rows: Range<Int>, work: Int, _ body: (Int) -> Void) {
        let n = rows.count
        guard n > 0 else { return }
        if work < 16_384 {
            for y in rows { body(y) }
            return
        }
        let chunks = min(n, 48)
        withoutActuallyEscaping(body) { body in
            // Each chunk of rows goes to one worker, and `body` writes only the pixels of the
            // row it is given: the workers share nothing they change (the one claim this
            // module makes that the compiler cannot check).
            nonisolated(unsafe) let paintRow = body
            DispatchQueue.concurrentPerform(iterations: chunks) { k in
                let a = rows.lowerBound + n * k / chunks
                let b = rows.lowerBound + n * (k + 1) / chunks
                for y in a..<b { paintRow(y) }
            }
        }
    }

    /// Set while light itself is painted (a lamp-lit pane): it shines as it is, whatever
    /// light falls on the scene.
    var paintIsLight = false

    /// A material's colour in the light the scene is painted under (itself without one).
    @inline(__always) func lit(_ color: RGB) -> RGB {
        guard let lighting, !paintIsLight else { return color }
        return color * lighting.grade
    }

    @inline(__always) func lit(_ color: RGB?) -> RGB? { color.map { lit($0) } }

    /// A colour of a scene with a day version (`SceneView.dayAltitude`): `night` as it was
    /// painted, turning to `day` as the real Sun rises (`LightPlan.daylight`).
    func byDay(_ night: RGB, _ day: RGB) -> RGB {
        guard let daylight = lighting?.daylight, daylight > 0 else { return night }
        return mix(night, day, daylight)
    }

    @inline(__always) func composite(_ i: Int, _ color: RGB, _ alpha: Float, _ mode: BlendMode) {
        // Paint is lit as the scene is; a multiply is a shadow's tint, not paint.
        let color = mode == .multiply ? color : lit(color)
        // Opaque paint replaces the pixel without reading it, so what was under it never
        // shows, not even in a float's last bit (which is what lets `CoverPlan` leave it
        // unpainted).
        if mode == .normal, alpha >= 1 {
            pixels[i] = color
            return
        }
        let d = pixels[i]
        switch mode {
        case .normal: pixels[i] = d + (color - d) * alpha
        case .screen: pixels[i] = d + (RGB(1, 1, 1) - d) * color * alpha
        case .add: pixels[i] = d + color * alpha
        case .multiply: pixels[i] = d + (d * color - d) * alpha
        }
    }

    /// Coverage of a pixel by an edge at signed distance `d`. With no
    /// softness this is a one-pixel box filter (crisp anti-aliasing); with
    /// softness the ramp widens and is eased, like a slightly defocused edge.
    @inline(__always) func coverage(_ d: Float, width w: Float, soft: Bool) -> Float {
        let t = clamp01(0.5 - d / w)
        return soft ? t * t * (3 - 2 * t) : t
    }

    /// Rewrites every pixel in `area` (default: all) through `body`, which
    /// receives the design point and the current colour.
    func shade(_ area: Rect? = nil, _ body: (Vec2, RGB) -> RGB) {
        shade(area, row: { _ in () }, { p, under, _ in body(p, under) })
    }

    /// `shade` with state made once for each row (`row` is given the row's design y) that
    /// `body` may change as it goes along the row, left to right: what stays the same
    /// along a row (a noise's lattice row: `NoiseRow`) is worked out once.
    func shade<Row>(_ area: Rect? = nil, row: (Float) -> Row, _ body: (Vec2, RGB, inout Row) -> RGB) {
        let box: (x: Range<Int>, y: Range<Int>)
        if let a = area {
            guard let b = pixelBox(a) else { return }
            box = b
        } else {
            box = (0..<width, 0..<height)
        }
        forEachRow(box.y, columns: box.x.count) { y in
            var state = row((Float(y) + 0.5) * self.pixelSize)
            for x in box.x {
                let i = y * self.width + x
                self.pixels[i] = body(self.point(x, y), self.pixels[i], &state)
            }
        }
    }

    /// Fills a shape with a colour computed per point.
    /// - Parameters:
    ///   - softness: edge blur in design units (0 = crisp anti-aliased edge).
    ///   - opacity: overall alpha.
    func fill<S: Shape>(
        _ shape: S, softness: Float = 0, opacity: Float = 1,
        mode: BlendMode = .normal, paint: (Vec2) -> RGB
    ) {
        fill(shape, softness: softness, opacity: opacity, mode: mode) { p, _ in paint(p) }
    }

    /// Columns a shape is restricted to at once (`Shape.restricted(to:within:)`).
    static let restrictedColumns = 64

    /// The same, `paint` given the shape as it is for the pixels around the point (the
    /// shape itself, or its `restricted(to:within:)` copy for them, the same there and
    /// cheaper).
    func fill<S: Shape>(
        _ shape: S, softness: Float = 0, opacity: Float = 1,
        mode: BlendMode = .normal, paint: (Vec2, S) -> RGB
    ) {
        let w = max(pixelSize, softness)
        let soft = softness > pixelSize
        guard opacity > 0, let box = pixelBox(shape.bounds, margin: w) else { return }
        forEachRow(box.y, columns: box.x.count) { y in
            // Away from the outline by more than half the edge and a pixel to spare, a
            // pixel's coverage is whole or none: its distance is not needed.
            guard
                let outline = shape.outline(
                    alongRow: (Float(y) + 0.5) * self.pixelSize, within: w * 0.5 + self.pixelSize)
            else {
                // A stretch of the row at a time, with the shape restricted to it.
                for start in stride(from: box.x.lowerBound, to: box.x.upperBound, by: Canvas.restrictedColumns) {
                    let columns = start..<min(start + Canvas.restrictedColumns, box.x.upperBound)
                    let first = self.point(columns.lowerBound, y), last = self.point(columns.upperBound - 1, y)
                    let area = Rect(minX: first.x, minY: first.y, maxX: last.x, maxY: last.y)
                    let local: S
                    switch shape.restricted(to: area, within: w * 0.5) {
                    case .same: local = shape
                    case .nothing: continue
                    case .shape(let restricted): local = restricted
                    }
                    for x in columns {
                        let p = self.point(x, y)
                        let d = local.distance(p)
                        if d >= w * 0.5 { continue }
                        self.composite(
                            y * self.width + x, paint(p, local), self.coverage(d, width: w, soft: soft) * opacity, mode)
                    }
                }
                return
            }
            var near = 0
            var crossing = 0
            for x in box.x {
                let p = self.point(x, y)
                while near < outline.near.count, outline.near[near].upperBound < p.x { near += 1 }
                if near < outline.near.count, outline.near[near].lowerBound <= p.x {
                    let d = shape.distance(p)
                    if d >= w * 0.5 { continue }
                    self.composite(
                        y * self.width + x, paint(p, shape), self.coverage(d, width: w, soft: soft) * opacity, mode)
                    continue
                }
                while crossing < outline.crossings.count, outline.crossings[crossing] <= p.x { crossing += 1 }
                // Inside: whole coverage, exactly what `coverage` gives so far in.
                if (outline.crossings.count - crossing) % 2 == 1 {
                    self.composite(y * self.width + x, paint(p, shape), opacity, mode)
                }
            }
        }
    }

    func fill<S: Shape>(
        _ shape: S, color: RGB, softness: Float = 0, opacity: Float = 1,
        mode: BlendMode = .normal
    ) {
        fill(shape, softness: softness, opacity: opacity, mode: mode) { _ in color }
    }

    /// Fills everything below a skyline `top(x)` down to `bottom`.
    ///
    /// Land layers, ridges and forest silhouettes are height fields, so this
    /// is far cheaper than a general shape: the skyline is evaluated once per
    /// column, and the edge coverage uses the distance perpendicular to the
    /// local slope so steep flanks stay as smooth as flat ones.
    func fillProfile(
        top: (Float) -> Float, bottom: Float = Canvas.designSize.y,
        softness: Float = 0, opacity: Float = 1, mode: BlendMode = .normal,
        paint: (Vec2, ProfileSample) -> RGB
    ) {
        fillProfile(
            top: top, bottom: bottom, softness: softness, opacity: opacity, mode: mode, row: { _ in () },
            paint: { p, sample, _ in paint(p, sample) })
    }

    /// `fillProfile` with state made once for each row (`row` is given the row's design y)
    /// that `paint` may change along it, left to right (a noise's lattice row: `NoiseRow`).
    func fillProfile<Row>(
        top: (Float) -> Float, bottom: Float = Canvas.designSize.y,
        softness: Float = 0, opacity: Float = 1, mode: BlendMode = .normal,
        row: (Float) -> Row, paint: (Vec2, ProfileSample, inout Row) -> RGB
    ) {
        let (t, sl, nm) = skyline(top)
        let highest = t[1...width].min() ?? .infinity
        let w = max(pixelSize, softness)
        let soft = softness > pixelSize
        let y0 = max(0, Int(((highest - w) * scale).rounded(.down)) - 1)
        let y1 = min(height, Int((bottom * scale).rounded(.up)))
        guard y0 < y1, opacity > 0 else { return }
        forEachRow(y0..<y1, columns: width) { y in
            let py = (Float(y) + 0.5) * self.pixelSize
            var state = row(py)
            for x in 0..<self.width {
                let topY = t[x + 1]
                let d = (topY - py) * nm[x]
                if d >= w * 0.5 { continue }
                let a = self.coverage(d, width: w, soft: soft) * opacity
                let sample = ProfileSample(depth: py - topY, slope: sl[x], top: topY)
                let p = Vec2(self.designX(x), py)
                self.composite(y * self.width + x, paint(p, sample, &state), a, mode)
            }
        }
    }

    /// A skyline sampled for `fillProfile`: its design y at every column's centre (and one
    /// past each side, at index x + 1), its slope and the factor that turns a vertical
    /// distance into one perpendicular to it.
    private func skyline(_ top: (Float) -> Float) -> (tops: [Float], slopes: [Float], norms: [Float]) {
        var tops = [Float](repeating: 0, count: width + 2)
        for x in -1...width { tops[x + 1] = top(designX(x)) }
        var slopes = [Float](repeating: 0, count: width)
        var norms = [Float](repeating: 1, count: width)
        for x in 0..<width {
            let s = (tops[x + 2] - tops[x]) / (2 * pixelSize)
            slopes[x] = s
            norms[x] = 1 / (1 + s * s).squareRoot()
        }
        return (tops, slopes, norms)
    }

    /// The first row that an opaque `fillProfile` of `top` to the bottom covers whole, in
    /// every column: below its lowest point by half its edge across the slope there, and
    /// a row to spare for rounding. Nil when that is past the canvas.
    func firstRowCovered(byProfile top: (Float) -> Float, softness: Float) -> Int? {
        let (tops, _, norms) = skyline(top)
        let w = max(pixelSize, softness)
        var lowest = -Float.infinity
        for x in 0..<width { lowest = max(lowest, tops[x + 1] + w * 0.5 / norms[x]) }
        guard lowest.isFinite else { return nil }
        let row = Int((lowest * scale).rounded(.up)) + 1
        return row < height ? max(row, 0) : nil
    }

    /// Colour at a design point, bilinearly interpolated and clamped to the
    /// canvas; used by reflections.
    func sample(_ p: Vec2) -> RGB {
        let fx = min(max((p.x - left) * scale - 0.5, 0), Float(width - 1))
        let fy = min(max(p.y * scale - 0.5, 0), Float(height - 1))
        let x0 = Int(fx), y0 = Int(fy)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let u = fx - Float(x0), v = fy - Float(y0)
        let top = mix(pixels[y0 * width + x0], pixels[y0 * width + x1], u)
        let bot = mix(pixels[y1 * width + x0], pixels[y1 * width + x1], u)
        return mix(top, bot, v)
    }

    /// `sample` at `x` and each of five `ys` in turn, summed in that order (a reflection
    /// blurred down a column): the same sum to the bit, a row's mix across made once when
    /// one sample's lower row is the next one's upper.
    func sampleSum(x: Float, _ ys: (Float, Float, Float, Float, Float)) -> RGB {
        let fx = min(max((x - left) * scale - 0.5, 0), Float(width - 1))
        let x0 = Int(fx)
        let x1 = min(x0 + 1, width - 1)
        let u = fx - Float(x0)
        var heldRow = -1
        var held = RGB(0, 0, 0)
        @inline(__always) func across(_ row: Int) -> RGB {
            if row == heldRow { return held }
            heldRow = row
            held = mix(pixels[row * width + x0], pixels[row * width + x1], u)
            return held
        }
        var sum = RGB(0, 0, 0)
        @inline(__always) func add(_ y: Float) {
            let fy = min(max(y * scale - 0.5, 0), Float(height - 1))
            let y0 = Int(fy)
            let y1 = min(y0 + 1, height - 1)
            let top = across(y0)
            sum += mix(top, across(y1), fy - Float(y0))
        }
        add(ys.0)
        add(ys.1)
        add(ys.2)
        add(ys.3)
        add(ys.4)
        return sum
    }
}
