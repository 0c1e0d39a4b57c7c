/// A terminal window's size in character cells, and in pixels when it says.
public struct TerminalGeometry: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    /// The window's pixels (0 when the terminal does not say: then a cell is taken as 10x20).
    public var pixelWidth: Int
    public var pixelHeight: Int

    public init(columns: Int, rows: Int, pixelWidth: Int = 0, pixelHeight: Int = 0) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        self.pixelWidth = max(0, pixelWidth)
        self.pixelHeight = max(0, pixelHeight)
    }

    /// The same window with its pixels as the terminal answered them (`TerminalProbe.pixelSize`),
    /// where `TIOCGWINSZ` gave none.
    public func withPixels(_ size: (width: Int, height: Int)?) -> TerminalGeometry {
        guard pixelWidth == 0 || pixelHeight == 0, let size else { return self }
        return TerminalGeometry(columns: columns, rows: rows, pixelWidth: size.width, pixelHeight: size.height)
    }

    /// One cell's pixels.
    public var cellWidth: Int { pixelWidth >= columns ? pixelWidth / columns : 10 }
    public var cellHeight: Int { pixelHeight >= rows ? pixelHeight / rows : 20 }

    /// Where a picture of `width` x `height` goes: its size in pixels, fitted within the
    /// window less one row (for the prompt, so the picture is not scrolled away), its aspect
    /// kept and never enlarged; and the cells it covers.
    public func fit(width: Int, height: Int, for preview: PreviewProtocol) -> Placement {
        guard width > 0, height > 0 else { return Placement(width: 0, height: 0, columns: 0, rows: 0) }
        let usableRows = max(1, rows - 1)
        if preview == .blocks {
            // A cell is one pixel wide and two high.
            let scale = min(Double(columns) / Double(width), Double(2 * usableRows) / Double(height), 1)
            let fittedWidth = max(1, Int((Double(width) * scale).rounded()))
            let fittedHeight = max(2, Int((Double(height) * scale / 2).rounded()) * 2)
            return Placement(width: fittedWidth, height: fittedHeight, columns: fittedWidth, rows: fittedHeight / 2)
        }
        let boxWidth = columns * cellWidth
        let boxHeight = usableRows * cellHeight
        let scale = min(Double(boxWidth) / Double(width), Double(boxHeight) / Double(height), 1)
        let fittedWidth = max(1, Int((Double(width) * scale).rounded()))
        let fittedHeight = max(1, Int((Double(height) * scale).rounded()))
        return Placement(
            width: fittedWidth, height: fittedHeight,
            columns: min(columns, (fittedWidth + cellWidth - 1) / cellWidth),
            rows: min(usableRows, (fittedHeight + cellHeight - 1) / cellHeight))
    }

    /// A picture's size on the screen.
    public struct Placement: Sendable, Equatable {
        public let width: Int
        public let height: Int
        public let columns: Int
        public let rows: Int
    }
}
