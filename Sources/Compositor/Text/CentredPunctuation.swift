internal import CImaging

/// Centring full-width punctuation in its cell, as Taiwan's standard sets horizontal
/// text, for fonts that draw it the mainland way.
///
/// A font made for Simplified Chinese or Japanese puts ，。、 at the bottom left of
/// their cells and ；：！？ on the left; Taiwan's standard puts all of them in the middle.
/// A font with Traditional Chinese forms gives the centred ones itself through
/// `TextLanguage` (HarfBuzz's `locl`), and is left as it is. Otherwise a mark whose ink
/// is off the middle of its cell is moved there: its ink box centred on half its advance
/// across and on the middle of the ideographic em box up and down. The advance does not
/// change, so line breaks and widths stay as they were. Which fonts need it is told by
/// the ink, not by the font's name. Vertical text is not touched: its marks are the
/// font's vertical forms.
enum CentredPunctuation {
    /// The marks that are centred: full-width comma, ideographic full stop, enumeration
    /// comma, semicolon, colon, exclamation and question marks. Brackets and quotes keep
    /// their side of the cell, in Taiwan as elsewhere.
    static let marks: Set<UInt32> = [0xFF0C, 0x3002, 0x3001, 0xFF1B, 0xFF1A, 0xFF01, 0xFF1F]

    /// How far, as a share of the em, a mark's ink centre may sit from its cell's centre
    /// and still count as centred. The mainland forms sit 0.2 em or more to the left (or
    /// 0.3 em low); a Traditional Chinese form that is centred by design but not exactly
    /// (a semicolon whose tail hangs, 0.09 em low in Noto Sans CJK TC) is left alone.
    static let tolerance = 0.125

    /// The extra offset (x right, y up, in pixels) that centres the ink of `glyph`, a mark
    /// drawn at `offset` from its pen position with `advance`; nil when it is centred
    /// enough already, or has no outline (a colour bitmap). The face is at `size`.
    static func offset(
        face: OpaquePointer, glyph: UInt32, offset: (x: Double, y: Double), advance: Double, size: Double
    ) throws(FontError) -> (x: Double, y: Double)? {
        var box = wg_ink_box()
        let result = ShimResult.call { wg_font_ink_box(face, glyph, &box, $0, $1) }
        guard result.succeeded else { throw .unusable(reason: result.message) }
        guard box.is_empty == 0 else { return nil }
        let inkX = offset.x + (box.min_x + box.max_x) / 2
        let inkY = offset.y + (box.min_y + box.max_y) / 2
        let cellX = advance / 2
        let cellY = wg_font_ideographic_center(face)
        let limit = tolerance * size
        guard abs(inkX - cellX) > limit || abs(inkY - cellY) > limit else { return nil }
        return (cellX - inkX, cellY - inkY)
    }
}
