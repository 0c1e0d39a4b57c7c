import Compositor

/// A palette of at most `limit` colours fitted to a picture by median cut: the colours
/// (at 5 bits a channel, counted) are split, box by box, at the median of the box's
/// widest channel until there are `limit` boxes; each box's colour is its pixels' mean.
/// Every pixel then takes the palette entry nearest its 15-bit colour.
public struct FittedPalette {
    /// The palette, 0...255 a channel.
    public let colours: [[Int]]
    /// For each 15-bit colour (r << 10 | g << 5 | b) the picture has, its palette index.
    let indexOf: [UInt8]

    public init(_ image: Image, limit: Int = 256) {
        var counts = [Int](repeating: 0, count: 1 << 15)
        for y in 0..<image.height {
            let row = image.row(y)
            for x in 0..<image.width { counts[Self.key(row, x)] += 1 }
        }
        var boxes: [[Int]] = [counts.indices.filter { counts[$0] > 0 }]
        while boxes.count < limit {
            // Split the box with the most pixels that has more than one colour.
            guard
                let (position, box) = boxes.enumerated().filter({ $0.element.count > 1 })
                    .max(by: { Self.weight($0.element, counts) < Self.weight($1.element, counts) })
            else { break }
            let channel = Self.widestChannel(box)
            let sorted = box.sorted { Self.channel($0, channel) < Self.channel($1, channel) }
            // At the median pixel, never leaving a side empty.
            let half = Self.weight(sorted, counts) / 2
            var running = 0
            var cut = 1
            for (index, colour) in sorted.enumerated() {
                running += counts[colour]
                if running >= half {
                    cut = min(max(1, index + 1), sorted.count - 1)
                    break
                }
            }
            boxes[position] = Array(sorted[..<cut])
            boxes.append(Array(sorted[cut...]))
        }
        var colours: [[Int]] = []
        var indexOf = [UInt8](repeating: 0, count: 1 << 15)
        for (index, box) in boxes.enumerated() {
            let total = max(1, Self.weight(box, counts))
            var sum = [0, 0, 0]
            for colour in box {
                for channel in 0..<3 { sum[channel] += Self.channel(colour, channel) * 255 / 31 * counts[colour] }
            }
            colours.append(sum.map { ($0 + total / 2) / total })
            for colour in box { indexOf[colour] = UInt8(index) }
        }
        self.colours = colours
        self.indexOf = indexOf
    }

    /// The palette index of pixel `x` of a row.
    public func index(_ row: UnsafeMutablePointer<UInt8>, _ x: Int) -> Int { Int(indexOf[Self.key(row, x)]) }

    static func key(_ row: UnsafeMutablePointer<UInt8>, _ x: Int) -> Int {
        Int(row[4 * x] >> 3) << 10 | Int(row[4 * x + 1] >> 3) << 5 | Int(row[4 * x + 2] >> 3)
    }

    static func channel(_ key: Int, _ channel: Int) -> Int { key >> (10 - 5 * channel) & 31 }

    static func weight(_ box: [Int], _ counts: [Int]) -> Int { box.reduce(0) { $0 + counts[$1] } }

    static func widestChannel(_ box: [Int]) -> Int {
        (0..<3).max { a, b in
            let spreadA = box.map { channel($0, a) }.max()! - box.map { channel($0, a) }.min()!
            let spreadB = box.map { channel($0, b) }.max()! - box.map { channel($0, b) }.min()!
            return spreadA < spreadB
        }!
    }
}
