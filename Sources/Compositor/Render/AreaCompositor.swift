import Kernels

/// Composites a run of whole-canvas layers (solids, pictures, gradients) in one pass
/// over each row.
///
/// Each row is carried through every layer in a floating-point accumulator that stays
/// in cache, and quantised to 8 bits once, with ordered dither. So each output pixel is
/// written once however many layers lie under it, and smooth gradients do not band.
struct AreaCompositor {
    enum Operation {
        /// A premultiplied colour, components 0...1.
        case solid(SIMD4<Float>)
        /// A canvas-sized picture and its opacity.
        case picture(Image, opacity: Float)
        /// A straight colour (alpha 1) drawn with one alpha per column, on the columns of
        /// `painted` (`paintedSpans(of:)`): the rest have alpha 0.
        case horizontalGradient(color: SIMD4<Float>, alphas: [Float], painted: [Range<Int>])
        /// A straight colour (alpha 1) drawn with one alpha per row.
        case verticalGradient(color: SIMD4<Float>, alphas: [Float])

        var isPicture: Bool {
            if case .picture = self { return true }
            return false
        }
    }

    let operations: [Operation]
    /// Dither when quantising (see `store`); without it values are simply rounded.
    let dithers: Bool

    /// Applies the operations to every row of `canvas`. With `startBlank` the canvas's
    /// current contents are ignored (treated as transparent) rather than read.
    func apply(to canvas: Image, startBlank: Bool, workers: Int) {
        Parallel.forEachChunk(of: canvas.height, workers: workers) { rows in
            apply(to: canvas, rows: rows, startBlank: startBlank)
        }
    }

    /// The same for `rows` alone, on this thread: each row is read (where it is read)
    /// before it is written, so a picture among the operations may be the canvas itself.
    func apply(to canvas: Image, rows: Range<Int>, startBlank: Bool) {
        let width = canvas.width
        let kernels = KernelChoice.active
        // Over a blank canvas the first layer can simply become the accumulator: a
        // solid colour fills it, and a picture at full opacity loads into it. These are
        // the very values source-over onto zero gives (x + 0 * k is x), one pass sooner.
        let (start, remaining) = Self.start(operations, startBlank: startBlank)
        let partial = Self.partialColumns(remaining, width: width, inPlace: start.isRead(from: canvas))
        let accumulator = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: max(width, 1))
        defer { accumulator.deallocate() }
        for y in rows {
            let row = canvas.row(y)
            if let partial, !Self.paintsWholeRow(remaining, y) {
                for columns in partial {
                    let first = columns.lowerBound
                    kernels.loadRow(row + 4 * first, into: accumulator + first, count: columns.count)
                    for case .horizontalGradient(let color, let alphas, let painted) in remaining {
                        Self.applyGradient(
                            color, alphas: alphas, painted: painted, within: columns, to: accumulator, kernels: kernels)
                    }
                    Self.store(
                        accumulator + first, into: row + 4 * first, count: columns.count, y: y, dithers: dithers,
                        kernels: kernels)
                }
                continue
            }
            switch start {
            case .canvas: kernels.loadRow(row, into: accumulator, count: width)
            case .blank: accumulator.initialize(repeating: .zero, count: width)
            case .solid(let color): accumulator.initialize(repeating: color, count: width)
            case .picture(let image): kernels.loadRow(image.row(y), into: accumulator, count: width)
            }
            for operation in remaining {
                Self.apply(operation, row: y, to: accumulator, count: width, kernels: kernels)
            }
            Self.store(accumulator, into: row, count: width, y: y, dithers: dithers, kernels: kernels)
        }
    }

    /// The runs of columns whose alpha is not 0. Source-over at alpha 0 leaves each value
    /// exactly as it was (`colour * 0 + x * 1` is `x` in floats, for the finite,
    /// non-negative values an accumulator holds), so those columns need no pass: the edge
    /// shade of a card or wallpaper is clear across its middle three fifths.
    static func paintedSpans(of alphas: [Float]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        var start: Int?
        for (column, alpha) in alphas.enumerated() {
            if alpha != 0, start == nil { start = column }
            if alpha == 0, let first = start {
                spans.append(first..<column)
                start = nil
            }
        }
        if let first = start { spans.append(first..<alphas.count) }
        return spans
    }

    /// A horizontal gradient's painted columns within `columns`.
    private static func applyGradient(
        _ color: SIMD4<Float>, alphas: [Float], painted: [Range<Int>], within columns: Range<Int>,
        to accumulator: UnsafeMutablePointer<SIMD4<Float>>, kernels: any KernelSet.Type
    ) {
        alphas.withUnsafeBufferPointer { alphas in
            for span in painted {
                let part = span.clamped(to: columns)
                guard !part.isEmpty else { continue }
                kernels.colorRow(
                    color, alphas: alphas.baseAddress! + part.lowerBound, over: accumulator + part.lowerBound,
                    count: part.count)
            }
        }
    }

    /// Where a row that no layer paints whole needs a pass, when the canvas is composited
    /// in place (its rows are the accumulator's start): the columns of its horizontal
    /// gradients' painted spans, each widened left to a whole tile of the dither
    /// pattern, so each pixel keeps its threshold. Nil when every row is painted whole
    /// (a solid or a picture among `remaining`) or the canvas is not read in place.
    ///
    /// Every other pixel of such a row keeps its bytes: loading a byte b as b / 255 and
    /// quantising it back gives b whatever its threshold (`DitherPattern`: a whole level
    /// stays that level), and clamping to alpha changes no premultiplied pixel. So a
    /// card's top half (its bottom shade clear there) is read and written only under its
    /// edge shade, two fifths of its width.
    static func partialColumns(_ remaining: ArraySlice<Operation>, width: Int, inPlace: Bool) -> [Range<Int>]? {
        guard inPlace else { return nil }
        var columns: [Range<Int>] = []
        for operation in remaining {
            switch operation {
            case .solid, .picture: return nil
            case .verticalGradient: continue
            case .horizontalGradient(_, _, let painted):
                for span in painted {
                    let first = span.lowerBound / DitherPattern.size * DitherPattern.size
                    columns.append(first..<min(width, span.upperBound))
                }
            }
        }
        // Sorted and joined where they meet or overlap.
        var joined: [Range<Int>] = []
        for span in columns.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = joined.last, span.lowerBound <= last.upperBound {
                joined[joined.count - 1] = last.lowerBound..<max(last.upperBound, span.upperBound)
            } else {
                joined.append(span)
            }
        }
        return joined
    }

    /// Whether some layer among `remaining` changes every pixel of row `y`.
    private static func paintsWholeRow(_ remaining: ArraySlice<Operation>, _ y: Int) -> Bool {
        remaining.contains { operation in
            switch operation {
            case .solid, .picture: true
            case .verticalGradient(_, let alphas): alphas[y] != 0
            case .horizontalGradient: false
            }
        }
    }

    /// What each row's accumulator starts from, and the operations left after that.
    private static func start(_ operations: [Operation], startBlank: Bool) -> (Start, ArraySlice<Operation>) {
        guard startBlank else { return (.canvas, operations[...]) }
        switch operations.first {
        case .solid(let color): return (.solid(color), operations.dropFirst())
        case .picture(let image, let opacity) where opacity == 1: return (.picture(image), operations.dropFirst())
        default: return (.blank, operations[...])
        }
    }

    /// What a row's accumulator starts from.
    private enum Start {
        case canvas, blank
        case solid(SIMD4<Float>)
        case picture(Image)

        /// Whether each row starts from the bytes `canvas` holds there.
        func isRead(from canvas: Image) -> Bool {
            switch self {
            case .canvas: true
            case .picture(let image): image === canvas
            case .blank, .solid: false
            }
        }
    }

    private static func apply(
        _ operation: Operation, row y: Int, to accumulator: UnsafeMutablePointer<SIMD4<Float>>,
        count: Int, kernels: any KernelSet.Type
    ) {
        switch operation {
        case .solid(let color):
            kernels.solidRow(color, over: accumulator, count: count)
        case .picture(let image, let opacity):
            kernels.pictureRow(image.row(y), opacity: opacity, over: accumulator, count: count)
        case .horizontalGradient(let color, let alphas, let painted):
            applyGradient(color, alphas: alphas, painted: painted, within: 0..<count, to: accumulator, kernels: kernels)
        case .verticalGradient(let color, let alphas):
            // The colour is straight with alpha 1, so `color * alpha` is its premultiplied form.
            if alphas[y] != 0 { kernels.solidRow(color * alphas[y], over: accumulator, count: count) }
        }
    }

    /// Quantises a row to bytes, dithered or rounded (see `RowCompositingLoops.store`).
    private static func store(
        _ accumulator: UnsafeMutablePointer<SIMD4<Float>>, into row: UnsafeMutablePointer<UInt8>,
        count: Int, y: Int, dithers: Bool, kernels: any KernelSet.Type
    ) {
        let pattern = dithers ? DitherPattern.thresholds : DitherPattern.rounding
        pattern.withUnsafeBufferPointer { thresholds in
            kernels.storeRow(
                accumulator, into: row,
                thresholds: thresholds.baseAddress! + (y % DitherPattern.size) * DitherPattern.size,
                thresholdMask: DitherPattern.size - 1, count: count)
        }
    }
}
