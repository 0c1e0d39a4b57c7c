internal import CImaging

/// One line of text shaped and positioned: each character set in the first font of a
/// chain that has it, each run of one font shaped by HarfBuzz (kerning, ligatures,
/// combining marks, emoji sequences as one glyph), left to right or top to bottom.
///
/// Positions are fractional; outline glyphs are rendered at their subpixel offsets,
/// so the spacing a type designer chose survives at any size.
public struct TextLine: Sendable {
    public let text: String
    /// Em size in pixels.
    public let size: Double
    /// Whether the line runs top to bottom (vertical Chinese).
    public let isVertical: Bool
    /// Distance the pen moves over the whole line (down the page when vertical).
    public let advance: Double
    /// The largest ascent and descent of the fonts used, at this size (positive numbers).
    public let ascender: Double
    public let descender: Double

    struct PlacedGlyph: Sendable {
        let font: Font
        let glyph: UInt32
        /// The glyph's origin: x to the right, y up from the baseline (as fonts measure).
        let x: Double
        let y: Double
        /// Index of the character (grapheme cluster) it belongs to.
        let characterIndex: Int
    }

    let glyphs: [PlacedGlyph]

    /// How many glyphs the shaper made (an emoji sequence or a ligature is one).
    public var glyphCount: Int { glyphs.count }

    /// The fonts that set the characters, in order of the characters that use them.
    public var fontNames: [String] {
        var names: [String] = []
        for glyph in glyphs where names.last != glyph.font.name { names.append(glyph.font.name) }
        return names
    }

    /// The font that sets character `index` (nil for one drawn by a neighbour's glyph).
    public func font(ofCharacter index: Int) -> Font? {
        glyphs.first { $0.characterIndex == index }?.font
    }

    /// Pen position where each character starts, and the line's end (`count + 1` values).
    public let characterStarts: [Double]

    /// Lays out `text` in a single font.
    public static func layout(_ text: String, font: Font, size: Double, language: TextLanguage? = nil)
        throws(FontError) -> TextLine
    {
        try layout(text, fonts: FontChain(font), size: size, language: language)
    }

    /// The sizes, in pixels, text can be laid out at. Below one pixel nothing could be
    /// seen: the painter and the designs leave such text out instead of laying it out.
    public static let sizes: ClosedRange<Double> = 1...4096

    /// The most Unicode scalars one character (grapheme cluster) may hold.
    ///
    /// Real clusters stay well under it: a Tibetan stack or an Indic conjunct with its
    /// vowel signs is under ten, an emoji family of four with skin tones and variation
    /// selectors about fifteen. Unicode puts no bound on a cluster, and shaping and
    /// drawing cost grows with it (10,000 combining accents on one letter are one
    /// character and asked for 42 GB), so the bound is set here, before any of that.
    public static let maxScalarsPerCharacter = 32

    /// The most Unicode scalars a line may hold: far beyond any label or description
    /// line (the longest term description is under 200), and small enough that shaping
    /// and drawing stay in milliseconds.
    public static let maxScalars = 1024

    /// Throws unless `text` is within `maxScalarsPerCharacter` and `maxScalars`. A pile
    /// on one character is the more telling message, so characters are looked at
    /// first, but only until `maxScalars` scalars have gone by: the work is bounded
    /// whatever the text's length.
    public static func checkLimits(_ text: String) throws(FontError) {
        var seen = 0
        for (index, character) in text.enumerated() {
            let scalars = character.unicodeScalars.count
            if scalars > maxScalarsPerCharacter {
                throw .characterTooLong(position: index + 1, scalars: scalars, limit: maxScalarsPerCharacter)
            }
            seen += scalars
            if seen > maxScalars { throw .tooManyScalars(count: text.unicodeScalars.count, limit: maxScalars) }
        }
    }

    /// Lays out `text` (one line: line breaks are not interpreted) in a chain of fonts.
    /// Text beyond `checkLimits` is refused before anything is shaped. In horizontal text
    /// a `language` picks the fonts' forms for it and its punctuation rule (see
    /// `TextLanguage`, `CentredPunctuation`).
    public static func layout(
        _ text: String, fonts: FontChain, size: Double, vertical: Bool = false, language: TextLanguage? = nil
    ) throws(FontError) -> TextLine {
        guard sizes.contains(size) else { throw .invalidSize(size) }
        try checkLimits(text)
        let characters = Array(text)
        // UTF-32 for HarfBuzz, and which character each scalar belongs to.
        var scalars: [UInt32] = []
        var characterOfScalar: [Int] = []
        var firstScalar: [Int] = []
        for (index, character) in characters.enumerated() {
            firstScalar.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                characterOfScalar.append(index)
            }
        }
        firstScalar.append(scalars.count)

        var fontOfCharacter: [Font] = []
        for character in characters {
            guard let font = fonts.font(for: character) else {
                let names = fonts.fonts.map(\.name) + (fonts.searchesInstalledFonts ? ["or any installed font"] : [])
                throw .missingGlyph(character: character, font: names.joined(separator: ", "))
            }
            fontOfCharacter.append(font)
        }

        var glyphs: [PlacedGlyph] = []
        var starts = [Double](repeating: .nan, count: characters.count + 1)
        var pen = 0.0
        var ascender = 0.0
        var descender = 0.0
        var runStart = 0
        while runStart < characters.count {
            let font = fontOfCharacter[runStart]
            var runEnd = runStart + 1
            while runEnd < characters.count && fontOfCharacter[runEnd] === font { runEnd += 1 }
            let shaped = try shape(
                scalars, from: firstScalar[runStart], to: firstScalar[runEnd], font: font, size: size,
                vertical: vertical, language: language)
            ascender = max(ascender, shaped.ascender)
            descender = max(descender, shaped.descender)
            // Colour emoji have no vertical metrics of their own, and what the shaper
            // makes up for a bitmap strike sets them off the column with a gap after:
            // they are placed from their horizontal advance instead (see `emojiCells`).
            let cells =
                vertical && font.isColor
                ? try emojiCells(scalars, from: firstScalar[runStart], to: firstScalar[runEnd], font: font, size: size)
                : nil
            for (index, glyph) in shaped.glyphs.enumerated() {
                let character = characterOfScalar[Int(glyph.cluster)]
                if starts[character].isNaN { starts[character] = pen }
                if let cells, cells.count == shaped.glyphs.count {
                    // A square cell as wide as the emoji, centred on the column, its
                    // ascent and descent centred in the cell.
                    let cell = cells[index]
                    let baseline = pen + (cell - shaped.ascender - shaped.descender) / 2 + shaped.ascender
                    glyphs.append(
                        PlacedGlyph(
                            font: font, glyph: glyph.glyph, x: -cell / 2, y: -baseline, characterIndex: character))
                    pen += cell
                } else if vertical {
                    glyphs.append(
                        PlacedGlyph(
                            font: font, glyph: glyph.glyph, x: glyph.x_offset, y: -pen + glyph.y_offset,
                            characterIndex: character))
                    pen -= glyph.y_advance
                } else {
                    glyphs.append(
                        PlacedGlyph(
                            font: font, glyph: glyph.glyph, x: pen + glyph.x_offset, y: glyph.y_offset,
                            characterIndex: character))
                    pen += glyph.x_advance
                }
            }
            runStart = runEnd
        }
        starts[characters.count] = pen
        // A character merged into its neighbour's glyph (a ligature's second letter)
        // starts where the next character does.
        for index in stride(from: characters.count - 1, through: 0, by: -1) where starts[index].isNaN {
            starts[index] = starts[index + 1]
        }
        return TextLine(
            text: text, size: size, isVertical: vertical, advance: pen, ascender: ascender, descender: descender,
            glyphs: glyphs, characterStarts: starts)
    }

    /// The horizontal advance of each glyph of a run: the side of the square a colour
    /// glyph takes in a vertical line.
    private static func emojiCells(_ scalars: [UInt32], from start: Int, to end: Int, font: Font, size: Double)
        throws(FontError) -> [Double]
    {
        try shape(scalars, from: start, to: end, font: font, size: size, vertical: false, language: nil).glyphs.map(
            \.x_advance)
    }

    private struct ShapedRun {
        let glyphs: [wg_shaped_glyph]
        let ascender: Double
        let descender: Double
    }

    private static func shape(
        _ scalars: [UInt32], from start: Int, to end: Int, font: Font, size: Double, vertical: Bool,
        language: TextLanguage?
    ) throws(FontError) -> ShapedRun {
        try font.withFace { (face) throws(FontError) -> ShapedRun in
            try setSize(face, size)
            var metrics = wg_font_metrics()
            wg_font_get_metrics(face, &metrics)
            var output: UnsafeMutablePointer<wg_shaped_glyph>?
            var count = 0
            // Vertical text keeps the fonts' vertical forms as they are (see `TextLanguage`).
            let language = vertical ? nil : language
            let result = scalars.withUnsafeBufferPointer { text in
                withOptionalCString(language?.tag) { tag in
                    withOptionalCString(language?.script) { script in
                        ShimResult.call {
                            wg_font_shape(
                                face, text.baseAddress, text.count, start, end - start, vertical ? 1 : 0, tag, script,
                                &output, &count, $0, $1)
                        }
                    }
                }
            }
            guard result.succeeded else { throw .unusable(reason: result.message) }
            defer { wg_free(output) }
            var glyphs = output.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            if language?.centresPunctuation == true {
                try centrePunctuation(&glyphs, scalars, face: face, size: size)
            }
            return ShapedRun(glyphs: glyphs, ascender: metrics.ascender, descender: metrics.descender)
        }
    }

    /// Moves the marks `CentredPunctuation` centres, each drawn by a glyph of its own,
    /// into the middle of their cells where the font set them off it.
    private static func centrePunctuation(
        _ glyphs: inout [wg_shaped_glyph], _ scalars: [UInt32], face: OpaquePointer, size: Double
    ) throws(FontError) {
        for index in glyphs.indices {
            let cluster = glyphs[index].cluster
            guard CentredPunctuation.marks.contains(scalars[Int(cluster)]) else { continue }
            let alone =
                (index == 0 || glyphs[index - 1].cluster != cluster)
                && (index == glyphs.count - 1 || glyphs[index + 1].cluster != cluster)
            guard alone,
                let shift = try CentredPunctuation.offset(
                    face: face, glyph: glyphs[index].glyph, offset: (glyphs[index].x_offset, glyphs[index].y_offset),
                    advance: glyphs[index].x_advance, size: size)
            else { continue }
            glyphs[index].x_offset += shift.x
            glyphs[index].y_offset += shift.y
        }
    }

    /// Runs `body` with `string` as a C string, or with nil.
    private static func withOptionalCString<Result>(
        _ string: String?, _ body: (UnsafePointer<CChar>?) -> Result
    ) -> Result {
        guard let string else { return body(nil) }
        return string.withCString { body($0) }
    }

    static func setSize(_ face: OpaquePointer, _ size: Double) throws(FontError) {
        let result = ShimResult.call { wg_font_set_pixel_size(face, size, $0, $1) }
        guard result.succeeded else { throw .invalidSize(size) }
    }

    /// Draws the line. Outline glyphs become coverage in the mask; colour glyphs (emoji)
    /// are scaled smoothly from their bitmaps into the colour layer. The origin is
    /// placed so the pen starts at canvas (0, 0) on the baseline (on the centre line,
    /// at the top, when vertical); move it with `originX/Y`. A drawing whose box would
    /// cover more than `maxPixels` is refused before its pixels are allocated.
    public func rasterize(maxPixels: Int = .max) throws(FontError) -> RenderedText {
        let pieces = try renderPieces()
        guard let first = pieces.first else { return RenderedText(mask: CoverageMask(width: 0, height: 0), color: nil) }
        var minX = first.x, maxX = first.x + first.width, minY = first.y, maxY = first.y + first.height
        for piece in pieces {
            minX = min(minX, piece.x)
            maxX = max(maxX, piece.x + piece.width)
            minY = min(minY, piece.y)
            maxY = max(maxY, piece.y + piece.height)
        }
        let area = (maxX - minX).multipliedReportingOverflow(by: maxY - minY)
        if area.overflow || area.partialValue > maxPixels {
            throw .rasterTooLarge(width: maxX - minX, height: maxY - minY, limit: maxPixels)
        }
        var mask = CoverageMask(width: maxX - minX, height: maxY - minY, originX: minX, originY: minY)
        let color = pieces.contains { $0.color != nil } ? Image(width: mask.width, height: mask.height) : nil
        for piece in pieces {
            let offsetX = piece.x - minX
            let offsetY = piece.y - minY
            if let image = piece.color, let color {
                for row in 0..<image.height {
                    Blend.sourceOver(
                        destination: color.row(offsetY + row) + 4 * offsetX, source: image.row(row), count: image.width)
                }
                continue
            }
            for y in 0..<piece.height {
                for x in 0..<piece.width {
                    let value = UInt32(piece.coverage[y * piece.width + x])
                    if value == 0 { continue }
                    let index = (offsetY + y) * mask.width + offsetX + x
                    // Overlapping glyph edges combine as independent coverage: a + b - ab.
                    let existing = UInt32(mask.values[index])
                    mask.values[index] = UInt8(existing + value - Blend.divideBy255(existing * value))
                }
            }
        }
        return RenderedText(mask: mask, color: color)
    }

    /// One glyph's pixels, placed in canvas coordinates (y down).
    private struct Piece {
        let x: Int
        let y: Int
        let width: Int
        let height: Int
        let coverage: [UInt8]
        let color: Image?
    }

    private func renderPieces() throws(FontError) -> [Piece] {
        var pieces: [Piece] = []
        let characters = Array(text)
        for placed in glyphs {
            let piece = try placed.font.withFace { (face) throws(FontError) -> Piece? in
                try Self.setSize(face, size)
                let whole = placed.x.rounded(.down)
                var bitmap = wg_glyph_bitmap()
                let result = ShimResult.call {
                    wg_font_render_glyph(face, placed.glyph, placed.x - whole, &bitmap, $0, $1)
                }
                guard result.succeeded else {
                    throw .glyphFailed(character: characters[placed.characterIndex], reason: result.message)
                }
                let width = Int(bitmap.width)
                let rows = Int(bitmap.rows)
                guard width > 0, rows > 0, let source = bitmap.coverage else { return nil }
                let baseline = Int((-placed.y).rounded())
                if bitmap.is_color != 0 {
                    let image = Self.colorImage(
                        source, width: width, rows: rows, pitch: Int(bitmap.pitch), scale: bitmap.scale)
                    return Piece(
                        x: Int((placed.x + Double(bitmap.left) * bitmap.scale).rounded()),
                        y: baseline - Int((Double(bitmap.top) * bitmap.scale).rounded()), width: image.width,
                        height: image.height, coverage: [], color: image)
                }
                var coverage = [UInt8](repeating: 0, count: width * rows)
                for y in 0..<rows {
                    let line = source + y * Int(bitmap.pitch)
                    for x in 0..<width { coverage[y * width + x] = line[x] }
                }
                return Piece(
                    x: Int(whole) + Int(bitmap.left), y: baseline - Int(bitmap.top), width: width, height: rows,
                    coverage: coverage, color: nil)
            }
            if let piece { pieces.append(piece) }
        }
        return pieces
    }

    /// A colour glyph's premultiplied BGRA bitmap as an image, resampled to the size it
    /// is drawn at (emoji fonts hold one bitmap size; Lanczos keeps edges smooth).
    private static func colorImage(
        _ source: UnsafePointer<UInt8>, width: Int, rows: Int, pitch: Int, scale: Double
    ) -> Image {
        let image = Image(width: width, height: rows)
        for y in 0..<rows {
            let line = source + y * pitch
            let row = image.row(y)
            for x in 0..<width {
                row[4 * x] = line[4 * x + 2]
                row[4 * x + 1] = line[4 * x + 1]
                row[4 * x + 2] = line[4 * x]
                row[4 * x + 3] = line[4 * x + 3]
            }
        }
        let scaledWidth = max(1, Int((Double(width) * scale).rounded()))
        let scaledHeight = max(1, Int((Double(rows) * scale).rounded()))
        guard scaledWidth != width || scaledHeight != rows else { return image }
        return Resampler.resample(
            image, crop: SourceRect(x: 0, y: 0, width: Double(width), height: Double(rows)), width: scaledWidth,
            height: scaledHeight, workers: 1)
    }
}

/// A drawn line: outline glyphs as coverage (painted in the text's colour) and colour
/// glyphs as premultiplied pixels, over the same box.
public struct RenderedText: Sendable {
    public var mask: CoverageMask
    /// Colour glyphs, the same size as `mask` and at its origin; nil when there are none.
    public var color: Image?

    /// Coverage of everything drawn: the text and its colour glyphs (for shadows and
    /// for finding the ink).
    public var combinedCoverage: CoverageMask {
        guard let color else { return mask }
        var combined = mask
        for y in 0..<mask.height {
            let row = color.row(y)
            for x in 0..<mask.width {
                combined[x, y] = max(combined[x, y], row[4 * x + 3])
            }
        }
        return combined
    }
}
