import Foundation
import TestSupport
import Testing

/// `gather`'s contact sheet over pictures of mixed shapes (a phone's portrait, 16:9,
/// square, 21:9), read back by Pillow: every tile found on the sheet by its pixels,
/// in order, of its picture's shape, and no large empty space under any of them.
@Suite struct ContactSheetPackingTests {
    static let pillowPresent = FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PIL")

    /// The sheet's tiles as Pillow sees them: the bands of rows holding anything but the
    /// sheet's ground (#1C1C1E), the runs of columns within each band, and each tile's
    /// rows within its band. For each tile, the ground straight under it down to the next
    /// band (or the sheet's edge); and how much of the bands but the last is ground.
    static let analysis = """
        import json, sys
        from PIL import Image
        image = Image.open(sys.argv[1])
        assert image.mode == "RGB", image.mode
        width, height = image.size
        ground = (0x1C, 0x1C, 0x1E)
        data = list(image.getdata())
        filled = [[pixel != ground for pixel in data[y * width:(y + 1) * width]] for y in range(height)]
        def runs(flags):
            found, start = [], None
            for i, flag in enumerate(flags + [False]):
                if flag and start is None: start = i
                if not flag and start is not None: found.append((start, i)); start = None
            return found
        tiles = []
        bands = runs([any(row) for row in filled])
        for top, bottom in bands:
            for left, right in runs([any(filled[y][x] for y in range(top, bottom)) for x in range(width)]):
                ys = [y for y in range(top, bottom) if any(filled[y][left:right])]
                following = [band[0] for band in bands if band[0] > top] + [height]
                below = following[0] - (ys[-1] + 1)
                tiles.append({"x": left, "y": ys[0], "width": right - left, "height": ys[-1] + 1 - ys[0], "below": below})
        rows = [y for top, bottom in bands[:-1] for y in range(top, bottom)]
        ground = sum(1 for y in rows for flag in filled[y] if not flag) / float(width * max(1, len(rows)))
        print(json.dumps({"width": width, "height": height, "tiles": tiles, "groundInRows": ground}))
        """

    /// Sizes with a phone's, 16:9, square and 21:9 shapes, in an order with no pattern.
    static let sizes = [
        (180, 390), (320, 180), (200, 200), (420, 180), (320, 180), (180, 390), (180, 390), (200, 200),
        (420, 180), (320, 180), (200, 200), (180, 390), (420, 180), (320, 180), (180, 390), (200, 200),
    ]

    @Test(.enabled(if: pillowPresent, "Pillow is not installed (Debian package python3-pil)"))
    func mixedSizesArePackedInJustifiedRows() throws {
        try withTemporaryFolder { folder in
            // Plain pictures with no green, so that no pixel of a tile is the sheet's ground.
            let colours = [[220, 0, 40], [30, 0, 200], [200, 0, 200], [120, 0, 60]]
            for (index, colour) in colours.enumerated() {
                let picture = PNGTestWriter(width: 64, height: 64, bitDepth: 8, colorType: .rgb) { _, _ in colour }
                try Data(picture.encode()).write(to: URL(fileURLWithPath: folder + "/colour-\(index).png"))
            }
            let rows = Self.sizes.enumerated().map { index, size in
                "{\"season\":\"spring\",\"size\":\"\(size.0)x\(size.1)\",\"background\":\"colour-\(index % 4).png\","
                    + "\"alpha\":\"1\",\"label\":\"off\",\"output\":\"p\(index).png\"}"
            }
            try (rows.joined(separator: "\n") + "\n").write(
                toFile: folder + "/m.jsonl", atomically: true, encoding: .utf8)
            let batch = try launch(["batch", "m.jsonl", "-o", "out", "-q"], in: folder)
            try #require(batch.status == 0, "\(batch.standardError)")
            let gather = try launch(["gather", "out", "-q"], in: folder)
            try #require(gather.status == 0, "\(gather.standardError)")

            let run = try launch(
                ["-c", Self.analysis, folder + "/out/contact-sheet.png"], in: folder,
                executable: URL(fileURLWithPath: "/usr/bin/python3"))
            try #require(run.status == 0, "Pillow could not read the sheet: \(run.standardError)")
            let sheet = try #require(
                try JSONSerialization.jsonObject(with: Data(run.standardOutput)) as? [String: Any])
            let tiles = try #require(sheet["tiles"] as? [[String: Int]])
            try #require(tiles.count == Self.sizes.count, "found \(tiles.count) tiles: \(tiles)")
            let gap = 16
            for (index, (tile, size)) in zip(tiles, Self.sizes).enumerated() {
                let width = Double(tile["width"]!)
                let height = Double(tile["height"]!)
                // The picture's shape, to within a pixel of rounding.
                let exactWidth = height * Double(size.0) / Double(size.1)
                #expect(abs(width - exactWidth) <= 1, "tile \(index) \(tile) is not \(size.0)x\(size.1)'s shape")
                // Under each tile only the gap to the next row (or the sheet's margin).
                #expect(tile["below"]! <= gap + 1, "tile \(index) \(tile) has empty space under it")
            }
            // Within the rows (but the last, which may end short), only the gaps are ground.
            let ground = try #require(sheet["groundInRows"] as? Double)
            #expect(ground < 0.15, "\(Int(ground * 100))% of the sheet's rows is empty")
        }
    }
}
