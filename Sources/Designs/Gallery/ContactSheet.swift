import Compositor

/// Many pictures, small, on one dark sheet: the term cards one row per season
/// (`make(rows:)`), or a batch's pictures of any sizes in justified rows
/// (`make(_:thumbnail:)`).
public enum ContactSheet {
    public static let background = Color(red: 0x1C, green: 0x1C, blue: 0x1E)

    /// Lays out `rows` of thumbnails (all the same size) with even gaps. Missing
    /// places in a row stay empty.
    public static func make(rows: [[Image]], gap: Int = 16) -> Image {
        let cellWidth = rows.flatMap { $0 }.map(\.width).max() ?? 0
        let cellHeight = rows.flatMap { $0 }.map(\.height).max() ?? 0
        let columns = rows.map(\.count).max() ?? 0
        let sheet = Image(
            width: max(1, columns * (cellWidth + gap) + gap), height: max(1, rows.count * (cellHeight + gap) + gap))
        sheet.fill(background.premultiplied)
        for (rowIndex, row) in rows.enumerated() {
            for (columnIndex, thumbnail) in row.enumerated() {
                place(
                    thumbnail, on: sheet, x: gap + columnIndex * (cellWidth + gap),
                    y: gap + rowIndex * (cellHeight + gap))
            }
        }
        return sheet
    }

    /// The pictures of `layout`, each made by `thumbnail` at its tile's size when the
    /// sheet needs it (so only one is held at a time); a tile whose picture is nil, or
    /// not of its tile's size, stays empty.
    public static func make(_ layout: JustifiedRows, thumbnail: (Int, JustifiedRows.Tile) -> Image?) -> Image {
        let sheet = Image(width: layout.width, height: layout.height)
        sheet.fill(background.premultiplied)
        for (index, tile) in layout.tiles.enumerated() {
            guard let picture = thumbnail(index, tile), picture.width == tile.width, picture.height == tile.height
            else { continue }
            place(picture, on: sheet, x: tile.x, y: tile.y)
        }
        return sheet
    }

    /// `thumbnail` over `sheet` with its top left corner at (`x`, `y`), inside the sheet.
    static func place(_ thumbnail: Image, on sheet: Image, x: Int, y: Int) {
        let width = min(thumbnail.width, sheet.width - x)
        guard x >= 0, y >= 0, width > 0 else { return }
        for line in 0..<min(thumbnail.height, sheet.height - y) {
            Blend.sourceOver(destination: sheet.row(y + line) + 4 * x, source: thumbnail.row(line), count: width)
        }
    }
}
