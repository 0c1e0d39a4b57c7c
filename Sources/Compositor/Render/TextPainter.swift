/// Draws text layers: lays the line out, shrinks it to fit, picks a legible paint,
/// and blends the shadow and the glyph coverage into the canvas. Only the pixels under
/// the text's box are touched.
enum TextPainter {
    /// Text smaller than one pixel is not drawn: on a thumbnail-sized canvas a label
    /// shrinks below what a pixel can show, and an image without it is what anyone
    /// asking for that size wants, not an error.
    ///
    /// Returns the canvas rows it may have changed (its shadow's and its glyphs').
    @discardableResult
    static func draw(_ layer: TextLayer, on canvas: Image) throws(FontError) -> Range<Int> {
        let prepared = try prepare(layer, canvasWidth: canvas.width, canvasHeight: canvas.height)
        return draw(prepared, paint: layer.paint, on: canvas)
    }

    /// The layer fitted, placed and, when its paint does not look at the canvas, given
    /// its colours and its blurred shadow: all of drawing that the canvas's pixels do not
    /// decide, so `TextPreparedAhead` can do it while the picture decodes. Nil draws nothing.
    static func prepare(_ layer: TextLayer, canvasWidth: Int, canvasHeight: Int) throws(FontError) -> Prepared? {
        guard let fitted = try fit(layer, maxRasterPixels: maxRasterPixels(width: canvasWidth, height: canvasHeight))
        else { return nil }
        var rendered = fitted.rendered
        var coverage = rendered.combinedCoverage
        guard let ink = coverage.inkBounds else { return nil }
        let shiftX: Int
        let shiftY: Int
        switch layer.placement {
        case .inkCentered(let x, let y):
            // The ink box, not the advance box, goes on the point: what the eye sees.
            shiftX = Int((x - (Double(coverage.originX + ink.x) + Double(ink.width) / 2)).rounded())
            shiftY = Int((y - (Double(coverage.originY + ink.y) + Double(ink.height) / 2)).rounded())
        case .inkBottom(let x, let y):
            shiftX = Int((x - (Double(coverage.originX + ink.x) + Double(ink.width) / 2)).rounded())
            shiftY = Int((y - Double(coverage.originY + ink.y + ink.height)).rounded())
        case .baseline(let x, let y, let alignment):
            let start: Double
            switch alignment {
            case .leading: start = x
            case .center: start = x - fitted.line.advance / 2
            case .trailing: start = x - fitted.line.advance
            }
            shiftX = Int(start.rounded())
            shiftY = Int(y.rounded())
        }
        rendered.mask.originX += shiftX
        rendered.mask.originY += shiftY
        coverage.originX += shiftX
        coverage.originY += shiftY
        var prepared = Prepared(rendered: rendered, coverage: coverage, ink: ink, size: fitted.line.size, inks: nil)
        if case .fixed(let color, let shadow) = layer.paint { prepared.inks = prepared.inks(color, shadow) }
        return prepared
    }

    /// Blends a prepared layer (nil: nothing) into the canvas, resolving its paint over
    /// the canvas first if `prepare` could not.
    @discardableResult
    static func draw(_ prepared: Prepared?, paint: TextPaint, on canvas: Image) -> Range<Int> {
        guard let prepared else { return 0..<0 }
        let inks = inks(of: prepared, paint: paint, over: canvas)
        draw(prepared, inks: inks, on: canvas)
        return rows(of: prepared, inks: inks, canvasHeight: canvas.height)
    }

    /// Blends a prepared layer with its inks into the canvas rows in `rows` alone: its
    /// shadow, then its glyphs, as drawing it whole does, so drawing it band by band
    /// gives every pixel the same blends in the same order.
    static func draw(_ prepared: Prepared, inks: Prepared.Inks, on canvas: Image, rows: Range<Int> = 0..<Int.max) {
        if let (soft, color) = inks.shadow {
            soft.blend(color: color.premultiplied, onto: canvas, rows: rows)
        }
        prepared.rendered.mask.blend(color: inks.color.premultiplied, onto: canvas, rows: rows)
        if let glyphs = prepared.rendered.color {
            blend(
                glyphs, atX: prepared.rendered.mask.originX, y: prepared.rendered.mask.originY, onto: canvas,
                rows: rows)
        }
    }

    /// The canvas rows a prepared layer's drawing touches with these inks: its glyphs'
    /// and its shadow's. The colour glyphs lie on the mask's rows, at its origin and of its size.
    static func rows(of prepared: Prepared, inks: Prepared.Inks, canvasHeight: Int) -> Range<Int> {
        let rows = prepared.rendered.mask.canvasRows(within: canvasHeight)
        guard let (soft, _) = inks.shadow else { return rows }
        return rows.spanning(soft.canvasRows(within: canvasHeight))
    }

    /// A text layer ready to blend: its drawing and coverage moved to their place on the
    /// canvas, and its inks once the paint is known.
    struct Prepared: Sendable {
        var rendered: RenderedText
        /// Every glyph's coverage, colour glyphs included (what the shadow is made from).
        var coverage: CoverageMask
        /// The ink box within `coverage`.
        var ink: (x: Int, y: Int, width: Int, height: Int)
        /// The size the line was laid out at.
        var size: Double
        var inks: Inks?

        /// The glyphs' colour, and the shadow's blurred mask, in place, with its colour.
        struct Inks: Sendable {
            var color: Color
            var shadow: (mask: CoverageMask, color: Color)?
        }

        func inks(_ color: Color, _ shadow: TextShadow?) -> Inks {
            Inks(
                color: color,
                shadow: shadow.map { shadow in
                    var soft = coverage.blurred(radius: max(1, Int((shadow.blur * size).rounded())))
                    soft.originX += Int((shadow.offsetX * size).rounded())
                    soft.originY += Int((shadow.offsetY * size).rounded())
                    return (soft, shadow.color)
                })
        }
    }

    /// Colour glyphs, source-over the canvas where they overlap it, on the canvas rows in
    /// `rows` alone.
    static func blend(
        _ image: Image, atX originX: Int, y originY: Int, onto canvas: Image, rows: Range<Int> = 0..<Int.max
    ) {
        let x0 = max(0, originX)
        let x1 = min(canvas.width, originX + image.width)
        guard x1 > x0 else { return }
        for y in Range.canvasRows(top: originY, height: image.height, canvasHeight: canvas.height).clamped(to: rows) {
            let row = y - originY
            Blend.sourceOver(
                destination: canvas.row(y) + 4 * x0, source: image.row(row) + 4 * (x0 - originX), count: x1 - x0)
        }
    }

    /// How many pixels one line's drawing may cover on a canvas of this size: a few
    /// canvases' worth, enough for a line drawn large before it is shrunk to fit, and a
    /// bound on memory however the text and fonts stack their glyphs.
    static func maxRasterPixels(width: Int, height: Int) -> Int {
        max(1 << 20, 4 * width * height)
    }

    /// A line laid out at the size that fits, and its drawing.
    typealias Fit = (line: TextLine, rendered: RenderedText)

    /// The line and its drawing at the layer's size, or smaller when its ink would be
    /// wider than `maxWidth` or taller than `maxHeight`; nil when either size is under
    /// the smallest `TextLine.sizes` allows. The drawing's origin puts the pen's start
    /// at (0, 0) on the baseline. A line whose advance is already longer than its limit
    /// is shrunk before it is first drawn, so a long line is never drawn at full size.
    static func fit(_ layer: TextLayer, maxRasterPixels: Int = .max) throws(FontError) -> Fit? {
        guard layer.size >= TextLine.sizes.lowerBound else { return nil }
        var line = try TextLine.layout(
            layer.text, fonts: layer.fonts, size: layer.size, vertical: layer.isVertical, language: layer.language)
        let widthLimit = layer.maxWidth ?? .infinity
        let heightLimit = layer.maxHeight ?? .infinity
        let advanceLimit = layer.isVertical ? heightLimit : widthLimit
        if abs(line.advance) > advanceLimit {
            let size = line.size * advanceLimit / abs(line.advance)
            guard size >= TextLine.sizes.lowerBound else { return nil }
            line = try TextLine.layout(
                layer.text, fonts: layer.fonts, size: size, vertical: layer.isVertical, language: layer.language)
        }
        var rendered = try line.rasterize(maxPixels: maxRasterPixels)
        // Ink size scales almost linearly with the font size; a few rounds absorb rounding.
        for _ in 0..<4 {
            guard let ink = rendered.combinedCoverage.inkBounds else { break }
            let factor = min(widthLimit / Double(ink.width), heightLimit / Double(ink.height))
            guard factor < 1 else { break }
            let size = line.size * factor * 0.995
            guard size >= TextLine.sizes.lowerBound else { return nil }
            line = try TextLine.layout(
                layer.text, fonts: layer.fonts, size: size, vertical: layer.isVertical, language: layer.language)
            rendered = try line.rasterize(maxPixels: maxRasterPixels)
        }
        return (line, rendered)
    }

    /// A prepared layer's inks: as `prepare` gave them, or, for a paint that looks at the
    /// canvas, chosen over it (`resolve`, which reads only the rows `rowsUnderInk` gives).
    static func inks(of prepared: Prepared, paint: TextPaint, over canvas: Image) -> Prepared.Inks {
        if let inks = prepared.inks { return inks }
        let (color, shadow) = resolve(paint, over: canvas, mask: prepared.coverage, ink: prepared.ink)
        return prepared.inks(color, shadow)
    }

    /// The canvas rows a paint that looks at the canvas reads: those of the ink's box.
    static func rowsUnderInk(of prepared: Prepared, canvasHeight: Int) -> Range<Int> {
        let top = min(max(0, prepared.coverage.originY + prepared.ink.y), canvasHeight)
        return top..<min(max(top, prepared.coverage.originY + prepared.ink.y + prepared.ink.height), canvasHeight)
    }

    /// The ink colour and shadow for a paint, looking at the canvas under the text.
    static func resolve(
        _ paint: TextPaint, over canvas: Image, mask: CoverageMask, ink: (x: Int, y: Int, width: Int, height: Int)
    )
        -> (Color, TextShadow?)
    {
        switch paint {
        case .fixed(let color, let shadow):
            return (color, shadow)
        case .contrasting(let dark, let light):
            let background = averageColor(
                of: canvas, x: mask.originX + ink.x, y: mask.originY + ink.y, width: ink.width,
                height: ink.height)
            if contrast(light, background) >= contrast(dark, background) {
                return (light, TextShadow(color: Color.black.withOpacity(0.55), blur: 0.06, offsetY: 0.02))
            }
            return (dark, TextShadow(color: Color.white.withOpacity(0.6), blur: 0.08))
        }
    }

    /// WCAG contrast ratio between two colours (1 to 21).
    static func contrast(_ a: Color, _ b: Color) -> Double {
        let (la, lb) = (a.luminance, b.luminance)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// The mean colour of a rectangle of the canvas, clipped to it.
    static func averageColor(of canvas: Image, x: Int, y: Int, width: Int, height: Int) -> Color {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(canvas.width, x + width), y1 = min(canvas.height, y + height)
        guard x1 > x0, y1 > y0 else { return .white }
        var sums = SIMD4<Double>.zero
        for row in y0..<y1 {
            let p = canvas.row(row)
            for column in x0..<x1 {
                let q = p + 4 * column
                sums += SIMD4(Double(q[0]), Double(q[1]), Double(q[2]), Double(q[3]))
            }
        }
        let n = Double((x1 - x0) * (y1 - y0))
        let mean = PremultipliedPixel(
            r: UInt8((sums.x / n).rounded()), g: UInt8((sums.y / n).rounded()),
            b: UInt8((sums.z / n).rounded()), a: UInt8((sums.w / n).rounded()))
        return mean.unpremultiplied
    }
}
