/// One connected, enabled monitor: its output name, the pixels it shows and where it
/// sits in the desktop's layout.
///
/// Sizes are in the monitor's own pixels as it shows them (a monitor turned on its
/// side is taller than wide). Positions are in the layout's units, which are pixels
/// on X11 and logical pixels on a scaled Wayland output: `scale` is pixels per layout
/// unit (2 for a 4K monitor shown at 200 %).
public struct Monitor: Sendable, Hashable {
    public var name: String
    public var width: Int
    public var height: Int
    public var x: Int
    public var y: Int
    public var scale: Double
    public var isPrimary: Bool

    public init(name: String, width: Int, height: Int, x: Int, y: Int, scale: Double = 1, isPrimary: Bool = false) {
        self.name = name
        self.width = width
        self.height = height
        self.x = x
        self.y = y
        self.scale = scale
        self.isPrimary = isPrimary
    }

    /// The monitor's size in layout units.
    public var layoutWidth: Int { Int((Double(width) / scale).rounded()) }
    public var layoutHeight: Int { Int((Double(height) / scale).rounded()) }
}

/// A rectangle in pixels.
public struct PixelRect: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// One picture laid across every monitor: the canvas that covers the whole layout and
/// each monitor's rectangle in it.
///
/// The layout is measured at the largest scale of any monitor, so the sharpest monitor
/// gets a pixel of the canvas per pixel of its own; a monitor at a smaller scale gets
/// its rectangle shrunk to its own pixels. Gaps between monitors are part of the
/// canvas but of no tile.
public struct SpanLayout: Sendable, Equatable {
    public let canvasWidth: Int
    public let canvasHeight: Int
    /// Pixels of the canvas per layout unit.
    public let scale: Double
    /// Each monitor's rectangle in the canvas, in the monitors' order.
    public let tiles: [PixelRect]
    /// The tile of the primary monitor, or of the first when none is marked primary:
    /// where the picture's text goes, so that no seam cuts it.
    public let mainTile: PixelRect

    public init?(_ monitors: [Monitor]) {
        guard !monitors.isEmpty else { return nil }
        let left = monitors.map(\.x).min()!
        let top = monitors.map(\.y).min()!
        let scale = monitors.map(\.scale).max()!
        func pixels(_ units: Int) -> Int { Int((Double(units) * scale).rounded()) }
        self.scale = scale
        tiles = monitors.map { monitor in
            // At the largest scale: exactly the monitor's own pixels.
            let sameScale = monitor.scale == scale
            return PixelRect(
                x: pixels(monitor.x - left), y: pixels(monitor.y - top),
                width: sameScale ? monitor.width : pixels(monitor.layoutWidth),
                height: sameScale ? monitor.height : pixels(monitor.layoutHeight))
        }
        mainTile = tiles[monitors.firstIndex(where: \.isPrimary) ?? 0]
        canvasWidth = tiles.map { $0.x + $0.width }.max()!
        canvasHeight = tiles.map { $0.y + $0.height }.max()!
    }
}
