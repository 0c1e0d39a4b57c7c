/// An 8-bit coverage image (0 = nothing, 255 = fully covered) placed on a canvas.
/// Text and its shadow are drawn into masks, then blended in a colour.
public struct CoverageMask: Sendable {
    public let width: Int
    public let height: Int
    /// Canvas position of the mask's top-left pixel.
    public var originX: Int
    public var originY: Int
    public var values: [UInt8]

    public init(width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
        self.width = width
        self.height = height
        self.originX = originX
        self.originY = originY
        self.values = [UInt8](repeating: 0, count: width * height)
    }

    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// The smallest rectangle holding every non-zero value, in mask coordinates.
    public var inkBounds: (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where values[y * width + x] != 0 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// A softened copy: three box blurs approximate a Gaussian of standard deviation
    /// about `radius / 2`, with a margin so the blur is not cut off.
    public func blurred(radius: Int) -> CoverageMask {
        guard radius > 0 else { return self }
        let margin = 3 * radius
        var result = CoverageMask(
            width: width + 2 * margin, height: height + 2 * margin, originX: originX - margin,
            originY: originY - margin)
        var buffer = [Float](repeating: 0, count: result.width * result.height)
        for y in 0..<height {
            for x in 0..<width {
                buffer[(y + margin) * result.width + x + margin] = Float(values[y * width + x])
            }
        }
        for _ in 0..<3 {
            Self.boxBlur(
                &buffer, count: result.width, lines: result.height, step: 1, lineStride: result.width, radius: radius)
            Self.boxBlur(
                &buffer, count: result.height, lines: result.width, step: result.width, lineStride: 1, radius: radius)
        }
        for i in buffer.indices {
            result.values[i] = UInt8(min(255, max(0, buffer[i].rounded())))
        }
        return result
    }

    /// Running-sum box blur of width `2 * radius + 1` along each line, edges treated as 0.
    private static func boxBlur(
        _ buffer: inout [Float], count: Int, lines: Int, step: Int, lineStride: Int, radius: Int
    ) {
        var line = [Float](repeating: 0, count: count)
        let scale = 1 / Float(2 * radius + 1)
        for l in 0..<lines {
            let base = l * lineStride
            for i in 0..<count { line[i] = buffer[base + i * step] }
            var sum: Float = 0
            for i in 0..<min(radius, count) { sum += line[i] }
            for i in 0..<count {
                if i + radius < count { sum += line[i + radius] }
                buffer[base + i * step] = sum * scale
                if i - radius >= 0 { sum -= line[i - radius] }
            }
        }
    }

    /// Blends `color`, scaled by this mask's coverage, over the canvas where they overlap.
    public func blend(color: PremultipliedPixel, onto canvas: Image) {
        let x0 = max(0, originX)
        let x1 = min(canvas.width, originX + width)
        guard x1 > x0 else { return }
        values.withUnsafeBufferPointer { values in
            for maskY in 0..<height {
                let canvasY = originY + maskY
                guard canvasY >= 0, canvasY < canvas.height else { continue }
                Blend.sourceOver(
                    destination: canvas.row(canvasY) + 4 * x0, color: color,
                    coverage: values.baseAddress! + maskY * width + (x0 - originX), count: x1 - x0)
            }
        }
    }

    /// A filled circle, edges anti-aliased by the distance of each pixel centre from the rim.
    public static func disc(centerX: Double, centerY: Double, radius: Double) -> CoverageMask {
        shape(centerX: centerX, centerY: centerY, extent: radius) { distance in radius + 0.5 - distance }
    }

    /// A circle outline of `lineWidth`, centred on `radius`.
    public static func ring(centerX: Double, centerY: Double, radius: Double, lineWidth: Double) -> CoverageMask {
        shape(centerX: centerX, centerY: centerY, extent: radius + lineWidth / 2) { distance in
            lineWidth / 2 + 0.5 - abs(distance - radius)
        }
    }

    /// Rasterises a round shape whose coverage at a pixel centre `distance` from the
    /// centre is `coverage(distance)`, clamped to 0...1.
    private static func shape(
        centerX: Double, centerY: Double, extent: Double, coverage: (Double) -> Double
    ) -> CoverageMask {
        let x0 = Int((centerX - extent - 1).rounded(.down))
        let y0 = Int((centerY - extent - 1).rounded(.down))
        let size = Int((2 * extent + 3).rounded(.up))
        var mask = CoverageMask(width: size, height: size, originX: x0, originY: y0)
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x0 + x) + 0.5 - centerX
                let dy = Double(y0 + y) + 0.5 - centerY
                let value = min(max(coverage((dx * dx + dy * dy).squareRoot()), 0), 1)
                mask[x, y] = UInt8((value * 255).rounded())
            }
        }
        return mask
    }
}
