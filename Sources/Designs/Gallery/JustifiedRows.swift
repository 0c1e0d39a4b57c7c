import Glibc

/// Pictures of any shape laid out in order as photo galleries lay them: in rows whose
/// pictures share one height and together fill the width, each picture keeping its
/// aspect ratio (to within a pixel, from rounding). A row takes pictures until its height
/// would fall below the target height, taking the last one only when that brings it
/// nearer the target; a short picture is never left with empty space under it, as in a
/// grid of equal cells. The last row, and a row that would have to grow more than half
/// again above the target to fill the width, keep the target height and leave the rest
/// of their width empty.
///
/// Widths are rounded to whole pixels; a row's pictures then take one more or one less
/// pixel (never more than a pixel from their exact width) to meet the right edge, and
/// what is left over after that is shared among the gaps.
public struct JustifiedRows: Sendable {
    /// Where one picture goes on the sheet, in pixels.
    public struct Tile: Equatable, Sendable {
        public let x: Int
        public let y: Int
        public let width: Int
        public let height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// One tile per picture, in the pictures' order.
    public let tiles: [Tile]
    public let width: Int
    public let height: Int

    /// A row stretches at most this far above the target height to fill the width.
    static let largestStretch = 1.5

    /// Lays out pictures of `sizes` on a sheet `width` pixels wide, rows about
    /// `rowHeight` pixels high, with `gap` pixels between them and around the edges.
    public init(sizes: [(width: Int, height: Int)], width: Int, rowHeight: Int, gap: Int) {
        let aspects = sizes.map { Double(max(1, $0.width)) / Double(max(1, $0.height)) }
        let inner = max(1, width - 2 * gap)
        let target = Double(max(1, rowHeight))
        // The height at which `count` pictures with these aspects fill the inner width.
        func fillingHeight(_ aspectSum: Double, _ count: Int) -> Double {
            Double(max(1, inner - (count - 1) * gap)) / aspectSum
        }
        var rows: [Range<Int>] = []
        var start = 0
        var aspectSum = 0.0
        for index in aspects.indices {
            let count = index - start
            guard count > 0 else {
                aspectSum = aspects[index]
                continue
            }
            let without = fillingHeight(aspectSum, count)
            let with = fillingHeight(aspectSum + aspects[index], count + 1)
            if without <= target {
                // A picture wider than the sheet at the target height has a row to itself.
                rows.append(start..<index)
                start = index
                aspectSum = aspects[index]
            } else if with <= target {
                // Full: end the row at the height nearer the target (by ratio).
                if abs(log(with / target)) <= abs(log(without / target)) {
                    rows.append(start..<(index + 1))
                    start = index + 1
                    aspectSum = 0
                } else {
                    rows.append(start..<index)
                    start = index
                    aspectSum = aspects[index]
                }
            } else {
                aspectSum += aspects[index]
            }
        }
        if start < aspects.count { rows.append(start..<aspects.count) }

        var tiles: [Tile] = []
        tiles.reserveCapacity(aspects.count)
        var y = gap
        for (number, row) in rows.enumerated() {
            let rowAspects = Array(aspects[row])
            let filling = fillingHeight(rowAspects.reduce(0, +), rowAspects.count)
            let isLast = number == rows.count - 1
            let justified = filling <= target * Self.largestStretch && (!isLast || filling <= target)
            let placed =
                justified
                ? Self.justifiedRow(rowAspects, filling: filling, inner: inner, gap: gap)
                : Self.raggedRow(rowAspects, height: Int(target), inner: inner, gap: gap)
            tiles += placed.tiles.map { Tile(x: gap + $0.x, y: y, width: $0.width, height: placed.height) }
            y += placed.height + gap
        }
        self.tiles = tiles
        self.width = max(1, width)
        self.height = max(1, rows.isEmpty ? 1 : y)
    }

    /// A row that fills the inner width: a whole-pixel height near `filling`, widths
    /// within a pixel of each aspect times it, and the rounding's remainder in the gaps.
    static func justifiedRow(_ aspects: [Double], filling: Double, inner: Int, gap: Int)
        -> (height: Int, tiles: [(x: Int, width: Int)])
    {
        let available = inner - (aspects.count - 1) * gap
        var best: (height: Int, widths: [Int], left: Int)?
        for height in Set([max(1, Int(filling.rounded(.down))), max(1, Int(filling.rounded(.up)))]).sorted() {
            let exact = aspects.map { $0 * Double(height) }
            var widths = exact.map { max(1, Int($0.rounded())) }
            var left = available - widths.reduce(0, +)
            // One pixel more for those rounded down (or less for those rounded up), the
            // ones furthest from their exact width first, until the row meets its edge.
            let order = exact.indices.sorted {
                (exact[$0] - Double(widths[$0])) * Double(left.signum())
                    > (exact[$1] - Double(widths[$1])) * Double(left.signum())
            }
            for index in order where left != 0 {
                let step = left.signum()
                let moved = widths[index] + step
                guard moved >= 1, abs(Double(moved) - exact[index]) < 1 else { continue }
                widths[index] = moved
                left -= step
            }
            if best == nil || abs(left) < abs(best!.left) { best = (height, widths, left) }
        }
        let chosen = best!
        // A lone picture cannot share its remainder: it keeps its width, inside the edge.
        var tiles: [(x: Int, width: Int)] = []
        var x = 0
        let gaps = aspects.count - 1
        for (index, width) in chosen.widths.enumerated() {
            let clamped = min(width, inner - x)
            tiles.append((x, max(1, clamped)))
            guard index < gaps else { break }
            // The remainder shared among the gaps, the first ones taking the odd pixels.
            let share = chosen.left / gaps + (index < abs(chosen.left % gaps) ? chosen.left.signum() : 0)
            x += width + gap + share
        }
        return (chosen.height, tiles)
    }

    /// A row at `height` from the left, as wide as its pictures make it.
    static func raggedRow(_ aspects: [Double], height: Int, inner: Int, gap: Int)
        -> (height: Int, tiles: [(x: Int, width: Int)])
    {
        var tiles: [(x: Int, width: Int)] = []
        var x = 0
        for aspect in aspects {
            let width = max(1, min(inner - x, Int((aspect * Double(height)).rounded())))
            tiles.append((x, width))
            x += width + gap
        }
        return (height, tiles)
    }
}
