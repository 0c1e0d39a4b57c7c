import Designs
import Testing

/// The contact sheet's layout, judged by what a justified layout promises: order kept,
/// every tile on the sheet and apart from the others, each row one height, every row
/// but the last meeting the right margin, each tile its picture's shape to within a
/// pixel, and rows one gap apart.
@Suite struct JustifiedRowsTests {
    static let phone = (width: 1170, height: 2532)
    static let wide = (width: 1920, height: 1080)
    static let square = (width: 1000, height: 1000)
    static let ultraWide = (width: 3440, height: 1440)

    /// The rows of `layout`: tiles grouped by their top.
    static func rows(_ layout: JustifiedRows) -> [[JustifiedRows.Tile]] {
        var rows: [[JustifiedRows.Tile]] = []
        for tile in layout.tiles {
            if let last = rows.last?.last, last.y == tile.y {
                rows[rows.count - 1].append(tile)
            } else {
                rows.append([tile])
            }
        }
        return rows
    }

    static func checkCommonPromises(
        _ layout: JustifiedRows, sizes: [(width: Int, height: Int)], width: Int, gap: Int
    ) {
        #expect(layout.tiles.count == sizes.count)
        #expect(layout.width == width)
        for (index, tile) in layout.tiles.enumerated() {
            #expect(tile.x >= gap && tile.y >= gap && tile.width >= 1 && tile.height >= 1, "\(index): \(tile)")
            #expect(
                tile.x + tile.width <= width - gap && tile.y + tile.height <= layout.height - gap, "\(index): \(tile)")
        }
        // In order: along a row to the right, then down to the next.
        for (previous, next) in zip(layout.tiles, layout.tiles.dropFirst()) {
            #expect(
                (next.y == previous.y && next.x >= previous.x + previous.width + gap / 2)
                    || next.y == previous.y + previous.height + gap,
                "\(previous) then \(next)")
        }
        let rows = Self.rows(layout)
        for row in rows {
            #expect(Set(row.map(\.height)).count == 1, "a row of several heights: \(row)")
        }
        if let last = rows.last?.first { #expect(layout.height == last.y + last.height + gap) }
    }

    @Test func mixedShapesFillEveryRowButTheLastKeepingTheirShapes() {
        let pattern =
            [Self.phone, Self.wide, Self.square, Self.ultraWide, Self.wide, Self.phone, Self.phone]
            + [Self.square, Self.ultraWide, Self.wide, Self.square]
        let sizes = Array(repeating: pattern, count: 9).flatMap { $0 }
        let layout = JustifiedRows(sizes: sizes, width: 1600, rowHeight: 160, gap: 16)
        Self.checkCommonPromises(layout, sizes: sizes, width: 1600, gap: 16)
        for (index, (tile, size)) in zip(layout.tiles, sizes).enumerated() {
            let exact = Double(tile.height) * Double(size.width) / Double(size.height)
            #expect(abs(Double(tile.width) - exact) < 1, "\(index): \(tile) is not \(size)'s shape")
        }
        let rows = Self.rows(layout)
        #expect(rows.count > 5)
        for row in rows.dropLast() {
            let last = row.last!
            #expect(last.x + last.width == 1600 - 16, "a row short of the right margin: \(row)")
            #expect(row[0].height <= 240 && row[0].height >= 100, "\(row)")
            // The rounding's remainder in the gaps: none far from the gap asked for.
            for (left, right) in zip(row, row.dropFirst()) {
                #expect(abs(right.x - (left.x + left.width) - 16) <= 3, "\(left) \(right)")
            }
        }
        #expect(rows.last!.first!.height == 160 || rows.last!.last!.x + rows.last!.last!.width == 1600 - 16)
    }

    /// Equal pictures: full rows of equal tiles, the last row at the target height.
    @Test func equalShapesMakeARegularGrid() {
        let sizes = Array(repeating: Self.phone, count: 30)
        let layout = JustifiedRows(sizes: sizes, width: 1600, rowHeight: 160, gap: 16)
        Self.checkCommonPromises(layout, sizes: sizes, width: 1600, gap: 16)
        let rows = Self.rows(layout)
        for row in rows.dropLast() {
            #expect(Set(row.map(\.width)).count <= 2, "\(row)")
            #expect(row.count == rows[0].count)
        }
    }

    /// Shapes no row can hold as they are: a picture wider than the sheet at the target
    /// height gets a row to itself, within the margins; a sliver keeps at least a pixel;
    /// nothing and one picture are laid out too.
    @Test func extremeShapesStayOnTheSheet() {
        let sizes = [
            (width: 100_000, height: 10), (width: 1, height: 100_000), Self.square, (width: 40_000, height: 1),
        ]
        let layout = JustifiedRows(sizes: sizes, width: 1600, rowHeight: 160, gap: 16)
        Self.checkCommonPromises(layout, sizes: sizes, width: 1600, gap: 16)
        #expect(layout.tiles[0].width == 1600 - 32 && layout.tiles[0].x == 16)
        let none = JustifiedRows(sizes: [], width: 1600, rowHeight: 160, gap: 16)
        #expect(none.tiles.isEmpty && none.height >= 1)
        let one = JustifiedRows(sizes: [Self.wide], width: 1600, rowHeight: 160, gap: 16)
        #expect(one.tiles == [JustifiedRows.Tile(x: 16, y: 16, width: 284, height: 160)])
        #expect(one.height == 16 + 160 + 16)
    }
}
