internal import CImaging

/// One line of text laid out left to right in one font at one pixel size: each glyph's
/// pen position, with the font's kerning applied.
///
/// Positions are fractional; glyphs are rendered at their subpixel offsets, so the
/// spacing a type designer chose survives at any size.
public struct TextLine: Sendable {
    public let text: String
    public let font: Font
    /// Em size in pixels.
    public let size: Double
    /// Distance the pen moves over the whole line.
    public let advance: Double
    /// Font ascent and descent at this size (positive numbers).
    public let ascender: Double
    public let descender: Double

    struct PlacedGlyph: Sendable {
        let glyph: UInt32
        let penX: Double
        let character: Character
        /// Index of the character in the text.
        let characterIndex: Int
    }

    let glyphs: [PlacedGlyph]

    /// Lays out `text` (a single line; line breaks are not interpreted).
    public static func layout(_ text: String, font: Font, size: Double) throws(FontError) -> TextLine {
        guard size >= 1, size <= 4096 else { throw .invalidSize(size) }
        return try font.withFace { (face) throws(FontError) -> TextLine in
            try setSize(face, size)
            var metrics = wg_font_metrics()
            wg_font_get_metrics(face, &metrics)
            var glyphs: [PlacedGlyph] = []
            var pen = 0.0
            var previous: UInt32 = 0
            for (characterIndex, character) in text.enumerated() {
                for scalar in character.unicodeScalars where !isIgnorable(scalar) {
                    let glyph = wg_font_glyph_index(face, scalar.value)
                    guard glyph != 0 else {
                        throw .missingGlyph(character: character, font: font.name)
                    }
                    if previous != 0 { pen += wg_font_kerning(face, previous, glyph) }
                    var advance = 0.0
                    let result = ShimResult.call { wg_font_glyph_advance(face, glyph, &advance, $0, $1) }
                    guard result.succeeded else {
                        throw .glyphFailed(character: character, reason: result.message)
                    }
                    glyphs.append(
                        PlacedGlyph(glyph: glyph, penX: pen, character: character, characterIndex: characterIndex))
                    pen += advance
                    previous = glyph
                }
            }
            return TextLine(
                text: text, font: font, size: size, advance: pen, ascender: metrics.ascender,
                descender: metrics.descender, glyphs: glyphs)
        }
    }

    /// The pen position where each character starts, plus the line's end: `count + 1`
    /// values, so character `i` spans `starts[i] ..< starts[i + 1]`.
    public var characterStarts: [Double] {
        let count = text.count
        var starts = [Double](repeating: advance, count: count + 1)
        for placed in glyphs.reversed() { starts[placed.characterIndex] = placed.penX }
        // A character without glyphs (a joiner) starts where the next one does.
        for i in stride(from: count - 1, through: 0, by: -1) where starts[i] > starts[i + 1] {
            starts[i] = starts[i + 1]
        }
        return starts
    }

    private static func setSize(_ face: OpaquePointer, _ size: Double) throws(FontError) {
        let result = ShimResult.call { wg_font_set_pixel_size(face, size, $0, $1) }
        guard result.succeeded else { throw .invalidSize(size) }
    }

    /// Draws the line's coverage. The mask's origin is placed so that the pen starts at
    /// canvas x = 0 on a baseline at canvas y = 0; move it with `originX/Y`.
    public func rasterize() throws(FontError) -> CoverageMask {
        struct GlyphBitmap {
            let left: Int
            let top: Int
            let width: Int
            let rows: Int
            let coverage: [UInt8]
        }
        let bitmaps = try font.withFace { (face) throws(FontError) -> [GlyphBitmap] in
            try Self.setSize(face, size)
            var bitmaps: [GlyphBitmap] = []
            for placed in glyphs {
                let whole = placed.penX.rounded(.down)
                var bitmap = wg_glyph_bitmap()
                let result = ShimResult.call {
                    wg_font_render_glyph(face, placed.glyph, placed.penX - whole, &bitmap, $0, $1)
                }
                guard result.succeeded else {
                    throw .glyphFailed(character: placed.character, reason: result.message)
                }
                let width = Int(bitmap.width)
                let rows = Int(bitmap.rows)
                guard width > 0, rows > 0, let source = bitmap.coverage else { continue }
                var coverage = [UInt8](repeating: 0, count: width * rows)
                for y in 0..<rows {
                    let line = source + y * Int(bitmap.pitch)
                    for x in 0..<width { coverage[y * width + x] = line[x] }
                }
                bitmaps.append(
                    GlyphBitmap(
                        left: Int(whole) + Int(bitmap.left), top: Int(bitmap.top), width: width,
                        rows: rows, coverage: coverage))
            }
            return bitmaps
        }
        guard let first = bitmaps.first else { return CoverageMask(width: 0, height: 0) }
        var minX = first.left, maxX = first.left + first.width
        var minY = -first.top, maxY = -first.top + first.rows
        for b in bitmaps {
            minX = min(minX, b.left)
            maxX = max(maxX, b.left + b.width)
            minY = min(minY, -b.top)
            maxY = max(maxY, -b.top + b.rows)
        }
        var mask = CoverageMask(width: maxX - minX, height: maxY - minY, originX: minX, originY: minY)
        for b in bitmaps {
            let offsetX = b.left - minX
            let offsetY = -b.top - minY
            for y in 0..<b.rows {
                for x in 0..<b.width {
                    let value = UInt32(b.coverage[y * b.width + x])
                    if value == 0 { continue }
                    let index = (offsetY + y) * mask.width + offsetX + x
                    // Overlapping glyph edges combine as independent coverage: a + b - ab.
                    let existing = UInt32(mask.values[index])
                    mask.values[index] = UInt8(existing + value - Blend.divideBy255(existing * value))
                }
            }
        }
        return mask
    }
}
