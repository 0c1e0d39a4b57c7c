import Almanac
import Compositor

/// Where a picture's subject begins, column by column: the top edge of the landscape
/// that rises from the bottom of the picture (hills, trees, mountains), below the calm
/// sky a label can stand in.
///
/// Measured (`measure`) on a grid of cells, each the mean colour of 1/400 of the
/// picture's width square:
/// 1. A cell whose colour differs from a neighbour's by more than `edgeStep` levels in
///    any channel lies on an edge; edges are widened by one cell, which closes the
///    gaps a soft outline leaves.
/// 2. The sky is what a flood from the top row reaches without crossing an edge.
/// 3. The subject is every cell outside the sky joined to the bottom row.
/// 4. In each column the skyline is the first cell from which the subject runs down for
///    at least `depth` of the height: a thin streak of cloud or a snowflake touching a
///    crown is not where the subject begins, a pine's tip or a peak is.
/// What floats in the sky (clouds, the sun, snow, petals, birds) is not subject.
///
/// The bundled pictures' skylines are held as data (`PictureSkyline.seasons`), measured
/// once from the pictures and checked against them by `PictureSkylineTests`: when a
/// wallpaper's scene is built its picture may still be decoding on another thread, and
/// only the part the canvas shows is read.
public struct PictureSkyline: Sendable, Equatable {
    /// The picture's size in pixels.
    public let width: Int
    public let height: Int
    /// For each of `rows.count` equal bands of columns, left to right, the first row
    /// (picture pixels from the top) of the subject; `height` where there is none.
    public let rows: [Int]

    public init(width: Int, height: Int, rows: [Int]) {
        self.width = width
        self.height = height
        self.rows = rows
    }

    /// Columns of cells the measurement uses across the picture.
    static let columns = 400
    /// Bands the skyline keeps (each the highest of the columns it holds).
    public static let bands = 200
    /// Neighbouring cells further apart than this, in 8-bit levels of any channel, lie on
    /// an edge: a painted sky's gradient changes by less from cell to cell.
    static let edgeStep: Int32 = 4
    /// How far down the subject must run from where a skyline starts, as a share of the height.
    static let depth = 1.0 / 18

    /// Measures the skyline of `image`, which shows a `width` x `height` picture whole
    /// (perhaps decoded at a reduced scale).
    public static func measure(_ image: Image, width: Int, height: Int) -> PictureSkyline {
        let cell = Double(image.width) / Double(columns)
        let gridRows = max(1, Int((Double(image.height) / cell).rounded(.down)))
        let count = columns * gridRows
        // The mean colour of each cell.
        var colors = [SIMD3<Int32>](repeating: .zero, count: count)
        for row in 0..<gridRows {
            let y0 = Int(Double(row) * cell)
            let y1 = max(y0 + 1, min(image.height, Int(Double(row + 1) * cell)))
            for column in 0..<columns {
                let x0 = Int(Double(column) * cell)
                let x1 = max(x0 + 1, min(image.width, Int(Double(column + 1) * cell)))
                var sum = SIMD3<Int32>.zero
                for y in y0..<y1 {
                    let line = image.row(y)
                    for x in x0..<x1 {
                        sum &+= SIMD3(Int32(line[4 * x]), Int32(line[4 * x + 1]), Int32(line[4 * x + 2]))
                    }
                }
                colors[row * columns + column] = sum / Int32((y1 - y0) * (x1 - x0))
            }
        }
        func neighbours(_ index: Int) -> [Int] {
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            var result: [Int] = []
            if column > 0 { result.append(index - 1) }
            if column < columns - 1 { result.append(index + 1) }
            if row > 0 { result.append(index - columns) }
            if row < gridRows - 1 { result.append(index + columns) }
            return result
        }
        // 1. Edges, widened by one cell all round.
        var isEdge = [Bool](repeating: false, count: count)
        for index in 0..<count {
            isEdge[index] = neighbours(index).contains { next in
                let step = colors[next] &- colors[index]
                return max(abs(step.x), abs(step.y), abs(step.z)) > edgeStep
            }
        }
        var isWall = isEdge
        for index in 0..<count where isEdge[index] {
            let (row, column) = index.quotientAndRemainder(dividingBy: columns)
            for r in max(0, row - 1)...min(gridRows - 1, row + 1) {
                for c in max(0, column - 1)...min(columns - 1, column + 1) { isWall[r * columns + c] = true }
            }
        }
        // 2. The sky, flooded from the top row.
        var isSky = [Bool](repeating: false, count: count)
        var queue = (0..<columns).filter { !isWall[$0] }
        for index in queue { isSky[index] = true }
        while let index = queue.popLast() {
            for next in neighbours(index) where !isSky[next] && !isWall[next] {
                isSky[next] = true
                queue.append(next)
            }
        }
        // 3. The subject: outside the sky and joined to the bottom row.
        var isSubject = [Bool](repeating: false, count: count)
        queue = ((gridRows - 1) * columns..<count).filter { !isSky[$0] }
        for index in queue { isSubject[index] = true }
        while let index = queue.popLast() {
            for next in neighbours(index) where !isSky[next] && !isSubject[next] {
                isSubject[next] = true
                queue.append(next)
            }
        }
        // 4. Where the subject starts a run down of at least `depth`.
        let run = max(1, Int(depth * Double(gridRows)))
        let starts = (0..<columns).map { column -> Int in
            var first = gridRows
            var below = 0
            // Scanning up, `below` counts the subject cells from this one down.
            for row in stride(from: gridRows - 1, through: 0, by: -1) {
                below = isSubject[row * columns + column] ? below + 1 : 0
                if below >= run || (below > 0 && row + below == gridRows) { first = row }
            }
            return first
        }
        let perBand = columns / bands
        let rows = (0..<bands).map { band in
            let first = starts[(band * perBand)..<((band + 1) * perBand)].min()!
            return Int((Double(first) * cell * Double(height) / Double(image.height)).rounded())
        }
        return PictureSkyline(width: width, height: height, rows: rows)
    }

    /// Where the subject begins on a canvas the picture covers (centred, as the renderer
    /// crops it): for each canvas column `x` in `columns`, the highest canvas row of
    /// subject; `canvasHeight` where there is none.
    public func subjectTop(canvasWidth: Int, canvasHeight: Int, columns: ClosedRange<Int>) -> Double {
        let crop = CoverGeometry.crop(
            sourceWidth: width, sourceHeight: height, targetWidth: canvasWidth, targetHeight: canvasHeight)
        let scale = Double(canvasWidth) / crop.width
        let bandWidth = Double(width) / Double(rows.count)
        let first = max(0, Int(((crop.x + Double(columns.lowerBound) / scale) / bandWidth).rounded(.down)))
        let last = min(
            rows.count - 1, Int(((crop.x + Double(columns.upperBound + 1) / scale) / bandWidth).rounded(.up)) - 1)
        guard first <= last else { return Double(canvasHeight) }
        let top = rows[first...last].min()!
        return (Double(top) - crop.y) * scale
    }
}
