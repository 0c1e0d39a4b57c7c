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
        values.withUnsafeBufferPointer { values in
            // Each row from both ends: only its first and last ink matter.
            for y in 0..<height {
                let row = values[(y * width)..<((y + 1) * width)]
                guard let first = row.firstIndex(where: { $0 != 0 }), let last = row.lastIndex(where: { $0 != 0 })
                else { continue }
                minX = min(minX, first - y * width)
                maxX = max(maxX, last - y * width)
                if maxY < 0 { minY = y }
                maxY = y
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
        let (outerWidth, outerHeight) = (result.width, result.height)
        // Each pass reads one buffer and writes the other.
        var front = [Float](repeating: 0, count: outerWidth * outerHeight)
        var back = front
        front.withUnsafeMutableBufferPointer { front in
            values.withUnsafeBufferPointer { values in
                for y in 0..<height {
                    let into = front.baseAddress! + (y + margin) * outerWidth + margin
                    for x in 0..<width { into[x] = Float(values[y * width + x]) }
                }
            }
            back.withUnsafeMutableBufferPointer { back in
                let sums = UnsafeMutablePointer<Float>.allocate(capacity: outerWidth)
                defer { sums.deallocate() }
                for _ in 0..<3 {
                    Self.blurRows(
                        front.baseAddress!, into: back.baseAddress!, width: outerWidth, height: outerHeight,
                        radius: radius)
                    Self.blurColumns(
                        back.baseAddress!, into: front.baseAddress!, width: outerWidth, height: outerHeight,
                        radius: radius, sums: sums)
                }
            }
        }
        front.withUnsafeBufferPointer { front in
            result.values.withUnsafeMutableBufferPointer { bytes in
                for i in front.indices { bytes[i] = Self.coverageByte(front[i]) }
            }
        }
        return result
    }

    /// `value` rounded half away from zero and clamped to 0...255, as
    /// `UInt8(min(255, max(0, value.rounded())))` gives it, without `rounded()`'s call
    /// into the C library for every pixel (the processors wallgen is built for have no
    /// rounding instruction): below 2^23 a float less its whole part is exact, so
    /// comparing that fraction with one half decides the rounding exactly.
    @inline(__always)
    static func coverageByte(_ value: Float) -> UInt8 {
        let clamped = min(255, max(0, value))
        let whole = UInt8(clamped.rounded(.towardZero))
        return clamped - Float(whole) >= 0.5 ? whole &+ 1 : whole
    }

    /// Running-sum box blur of width `2 * radius + 1` along each row, edges treated as 0.
    ///
    /// A row's running sum is one chain of dependent additions, several cycles a pixel
    /// when rows are summed one after another; so four rows are summed side by side, one
    /// to a vector lane, and their chains overlap. Each lane takes the same steps in the
    /// same order as a row summed alone, so the values are exactly the same. The last
    /// group repeats its last row in the lanes it lacks (written twice, identically).
    private static func blurRows(
        _ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>, width: Int, height: Int,
        radius: Int
    ) {
        let scale = SIMD4<Float>(repeating: 1 / Float(2 * radius + 1))
        for group in stride(from: 0, to: height, by: 4) {
            let rows = SIMD4<Int>(group, group &+ 1, group &+ 2, group &+ 3)
            let starts = rows.replacing(with: height &- 1, where: rows .>= height) &* width
            @inline(__always) func column(_ i: Int) -> SIMD4<Float> {
                SIMD4(source[starts[0] &+ i], source[starts[1] &+ i], source[starts[2] &+ i], source[starts[3] &+ i])
            }
            var sum = SIMD4<Float>.zero
            for i in 0..<min(radius, width) { sum += column(i) }
            for i in 0..<width {
                if i &+ radius < width { sum += column(i &+ radius) }
                let out = sum * scale
                for lane in 0..<4 { destination[starts[lane] &+ i] = out[lane] }
                if i &- radius >= 0 { sum -= column(i &- radius) }
            }
        }
    }

    /// The same blur down each column, done a row at a time with one running sum per
    /// column, so the loops run along memory. Each column's sum takes the same steps in
    /// the same order as `blurRows` takes along a row.
    private static func blurColumns(
        _ source: UnsafePointer<Float>, into destination: UnsafeMutablePointer<Float>, width: Int, height: Int,
        radius: Int, sums: UnsafeMutablePointer<Float>
    ) {
        let scale = 1 / Float(2 * radius + 1)
        sums.update(repeating: 0, count: width)
        for y in 0..<min(radius, height) {
            let row = source + y * width
            for x in 0..<width { sums[x] += row[x] }
        }
        for y in 0..<height {
            if y + radius < height {
                let entering = source + (y + radius) * width
                for x in 0..<width { sums[x] += entering[x] }
            }
            let out = destination + y * width
            for x in 0..<width { out[x] = sums[x] * scale }
            if y - radius >= 0 {
                let leaving = source + (y - radius) * width
                for x in 0..<width { sums[x] -= leaving[x] }
            }
        }
    }

    /// The canvas rows this mask lies on, clipped to a canvas `height` rows tall.
    public func canvasRows(within height: Int) -> Range<Int> {
        .canvasRows(top: originY, height: self.height, canvasHeight: height)
    }

    /// Blends `color`, scaled by this mask's coverage, over the canvas where they overlap,
    /// on the canvas rows in `rows` alone (a band of a canvas still being made).
    public func blend(color: PremultipliedPixel, onto canvas: Image, rows: Range<Int> = 0..<Int.max) {
        let x0 = max(0, originX)
        let x1 = min(canvas.width, originX + width)
        guard x1 > x0 else { return }
        values.withUnsafeBufferPointer { values in
            for canvasY in canvasRows(within: canvas.height).clamped(to: rows) {
                let maskY = canvasY - originY
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
