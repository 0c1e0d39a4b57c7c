internal import CImaging
import FoundationEssentials
import Platform

/// A font face loaded through FreeType: scalable outlines, or colour bitmaps (emoji).
///
/// A FreeType face holds its current size and last glyph as state, so every use goes
/// through `withFace`, one thread at a time. A batch shares one `Font` per file.
public final class Font: @unchecked Sendable {
    /// The family name the font declares (for messages), or the file name.
    public let name: String
    /// Whether the font draws in colour (an emoji font).
    public let isColor: Bool
    private let face: OpaquePointer
    private let lock = Lock()

    /// Opens font data (TrueType, OpenType, WOFF...). `label` names it in messages.
    public convenience init(data: [UInt8], label: String) throws(FontError) {
        try FontLibraries.load()
        var face: OpaquePointer?
        let result = data.withUnsafeBufferPointer { buffer in
            ShimResult.call { wg_font_open(buffer.baseAddress, buffer.count, 0, &face, $0, $1) }
        }
        guard result.succeeded, let face else { throw .unusable(reason: result.message) }
        self.init(face: face, label: label)
    }

    /// Opens the font file at `path`, which FreeType reads only where it needs to: a
    /// card's Chinese fonts are 3.6 MB each and a card draws a few dozen of their glyphs.
    /// The caller has checked that the path is a readable file of a sensible size (see
    /// `FileReader.checkReadable`). `label` names it in messages.
    public convenience init(path: String, label: String) throws(FontError) {
        try FontLibraries.load()
        var face: OpaquePointer?
        let result = ShimResult.call { wg_font_open_file(path, 0, &face, $0, $1) }
        guard result.succeeded, let face else { throw .unusable(reason: result.message) }
        self.init(face: face, label: label)
    }

    private init(face: OpaquePointer, label: String) {
        self.face = face
        self.isColor = wg_font_is_color(face) != 0
        let family = String(cString: wg_font_family_name(face))
        self.name = family.isEmpty ? label : family
    }

    deinit {
        wg_font_close(face)
    }

    /// Whether the font can draw every Unicode scalar of `character`.
    public func covers(_ character: Character) -> Bool {
        withFace { face in
            character.unicodeScalars.allSatisfy { isIgnorable($0) || wg_font_glyph_index(face, $0.value) != 0 }
        }
    }

    /// Runs `body` with exclusive use of the FreeType face.
    func withFace<Result, Failure: Error>(_ body: (OpaquePointer) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(face)
    }
}

/// Scalars that select a presentation or join others and draw nothing themselves
/// (variation selectors, ZERO WIDTH JOINER); a font need not have glyphs for them.
func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0xFE00...0xFE0F, 0x200D, 0x200C, 0xE0100...0xE01EF: true
    default: false
    }
}
