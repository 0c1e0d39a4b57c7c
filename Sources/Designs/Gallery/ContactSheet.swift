import Compositor

/// The cards of a batch, small, one row per season, on a dark ground.
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
                let x = gap + columnIndex * (cellWidth + gap)
                let y = gap + rowIndex * (cellHeight + gap)
                for line in 0..<thumbnail.height {
                    Blend.sourceOver(
                        destination: sheet.row(y + line) + 4 * x, source: thumbnail.row(line), count: thumbnail.width)
                }
            }
        }
        return sheet
    }
}
