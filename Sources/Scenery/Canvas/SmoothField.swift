/// A smooth function of the design plane sampled on a coarse lattice of the canvas's
/// pixels and read back bilinearly: for the fields whose finest detail spans tens of
/// pixels (a sky's mottling, the wobble of a slope's shadow line), where evaluating every
/// pixel costs many times more and looks the same. Painted edges (a snow line, a shadow's
/// boundary) stay per pixel: a lattice would soften them.
///
/// The lattice nodes are pixel centres `step` apart, with one more past each end, so every
/// pixel of the rows asked for lies inside a cell.
struct SmoothField: @unchecked Sendable {
    private let values: [Float]
    private let columns: Int
    private let firstRow: Int
    private let step: Float
    private let left: Float
    private let scale: Float

    /// `value` sampled every `step` pixels over the canvas's `rows` (all by default).
    init(on canvas: Canvas, step: Int, rows: Range<Int>? = nil, _ value: (Vec2) -> Float) {
        self.init(on: canvas, step: step, rows: rows, row: { _ in () }, { p, _ in value(p) })
    }

    /// The same, with state made once for each lattice row (`row` is given its design y)
    /// that `value` may change along it, left to right (a noise's lattice row: `NoiseRow`).
    init<Row>(
        on canvas: Canvas, step: Int, rows: Range<Int>? = nil, row: (Float) -> Row, _ value: (Vec2, inout Row) -> Float
    ) {
        let rows = rows ?? 0..<canvas.height
        self.step = Float(step)
        left = canvas.left
        scale = canvas.scale
        columns = (canvas.width + step - 1) / step + 2
        firstRow = rows.lowerBound
        let latticeRows = max(rows.count, 1) / step + 2
        var values = [Float](repeating: 0, count: columns * latticeRows)
        let makeRow = row
        let pixelSize = canvas.pixelSize
        let left = canvas.left
        let first = rows.lowerBound
        let count = columns
        values.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            // The lattice is small (a sixteenth of the pixels at step 4): its rows are shared
            // between the cores in one go, each node a pure function of where it is.
            Canvas.split(0..<latticeRows, work: latticeRows * count * 16) { row in
                let y = (Float(first + row * step) + 0.5) * pixelSize
                var state = makeRow(y)
                for column in 0..<count {
                    let x = (Float(column * step) + 0.5) * pixelSize + left
                    base[row * count + column] = value(Vec2(x, y), &state)
                }
            }
        }
        self.values = values
    }

    /// The field at design point `p` (a pixel's centre, or between them).
    @inline(__always) func at(_ p: Vec2) -> Float {
        let fx = max(((p.x - left) * scale - 0.5) / step, 0)
        let fy = max((p.y * scale - 0.5 - Float(firstRow)) / step, 0)
        let x0 = min(Int(fx), columns - 2)
        let y0 = min(Int(fy), values.count / columns - 2)
        let u = min(fx - Float(x0), 1), v = min(fy - Float(y0), 1)
        let i = y0 * columns + x0
        let top = lerp(values[i], values[i + 1], u)
        let bottom = lerp(values[i + columns], values[i + columns + 1], u)
        return lerp(top, bottom, v)
    }
}
