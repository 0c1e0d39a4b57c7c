/// Draws text layers: lays the line out, shrinks it to fit, picks a legible paint,
/// and blends the shadow and the glyph coverage into the canvas. Only the pixels under
/// the text's box are touched.
enum TextPainter {
    static func draw(_ layer: TextLayer, on canvas: Image) throws(FontError) {
        let fitted = try fit(layer)
        var mask = fitted.mask
        guard let ink = mask.inkBounds else { return }
        switch layer.placement {
        case .inkCentered(let x, let y):
            // The ink box, not the advance box, goes on the point: what the eye sees.
            mask.originX += Int((x - (Double(mask.originX + ink.x) + Double(ink.width) / 2)).rounded())
            mask.originY += Int((y - (Double(mask.originY + ink.y) + Double(ink.height) / 2)).rounded())
        case .baseline(let x, let y, let alignment):
            let start: Double
            switch alignment {
            case .leading: start = x
            case .center: start = x - fitted.line.advance / 2
            case .trailing: start = x - fitted.line.advance
            }
            mask.originX += Int(start.rounded())
            mask.originY += Int(y.rounded())
        }
        let (color, shadow) = resolve(layer.paint, over: canvas, mask: mask, ink: ink)
        let size = fitted.line.size
        if let shadow {
            var soft = mask.blurred(radius: max(1, Int((shadow.blur * size).rounded())))
            soft.originX += Int((shadow.offsetX * size).rounded())
            soft.originY += Int((shadow.offsetY * size).rounded())
            soft.blend(color: shadow.color.premultiplied, onto: canvas)
        }
        mask.blend(color: color.premultiplied, onto: canvas)
    }

    /// The line and its coverage at the layer's size, or smaller when its ink would be
    /// wider than `maxWidth`. The mask's origin puts the pen's start at x = 0 on a
    /// baseline at y = 0.
    static func fit(_ layer: TextLayer) throws(FontError) -> (line: TextLine, mask: CoverageMask) {
        var line = try TextLine.layout(layer.text, font: layer.font, size: layer.size)
        var mask = try line.rasterize()
        guard let limit = layer.maxWidth else { return (line, mask) }
        // Ink width scales almost linearly with size; a few rounds absorb rounding.
        for _ in 0..<4 {
            guard let ink = mask.inkBounds, Double(ink.width) > limit else { break }
            line = try TextLine.layout(
                layer.text, font: layer.font, size: line.size * limit / Double(ink.width) * 0.995)
            mask = try line.rasterize()
        }
        return (line, mask)
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
