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
}
