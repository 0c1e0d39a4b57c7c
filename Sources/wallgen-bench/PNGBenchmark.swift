import CZlib
import Compositor

/// The PNG trade-off: one image at each `--compression` preset, beside zlib compressing
/// the same Up-filtered rows on one thread at level 6 (Pillow's default; libpng's too)
/// and level 9, the peers' usual settings. Times are the whole encode for wallgen, the
/// deflate alone for zlib.
func benchmarkPNG(of image: Image) {
    let filtered = upFilteredRows(of: image)
    func zlibSize(level: Int32) -> Int {
        var size = compressBound(uLong(filtered.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        _ = compress2(&output, &size, filtered, uLong(filtered.count), level)
        return Int(size)
    }
    var peers: [(name: String, seconds: Double, bytes: Int)] = []
    for level: Int32 in [6, 9] {
        var bytes = 0
        let time = medianSeconds(runs: quick ? 1 : 3) { bytes = zlibSize(level: level) }
        peers.append(("zlib level \(level), one thread", time, bytes))
    }
    let baseline = peers[0].seconds
    print("PNG encoding of that image, by preset (zlib: the same filtered rows, one thread)")
    func line(_ name: String, _ seconds: Double, _ bytes: Int) {
        print(
            "  " + name.padding(toLength: 32, withPad: " ", startingAt: 0) + format(seconds * 1000, 1).leftPadded(8)
                + " ms  " + format(Double(bytes) / 1e6, 3) + " MB  " + format(baseline / seconds, 1).leftPadded(5)
                + "x zlib 6's speed")
    }
    for peer in peers { line(peer.name, peer.seconds, peer.bytes) }
    for (name, options) in [("fast (the default)", PNGEncodingOptions.fast), ("default", .standard), ("small", .small)]
    {
        var bytes = 0
        let time = medianSeconds(runs: quick ? 1 : 3) {
            bytes = (try? PNGEncoder.encode(image, options: options).count) ?? 0
        }
        line(name, time, bytes)
    }
}

/// The image as PNG scanlines: RGB, each row led by filter type 2 (Up) and holding its
/// difference from the row above.
private func upFilteredRows(of image: Image) -> [UInt8] {
    var rows: [UInt8] = []
    rows.reserveCapacity(image.height * (1 + 3 * image.width))
    for y in 0..<image.height {
        rows.append(2)
        for x in 0..<image.width {
            let pixel = image[x, y], above = y > 0 ? image[x, y - 1] : PremultipliedPixel(r: 0, g: 0, b: 0, a: 0)
            rows += [pixel.r &- above.r, pixel.g &- above.g, pixel.b &- above.b]
        }
    }
    return rows
}
