internal import CImaging
import Platform

/// FreeType and HarfBuzz are not linked: they are loaded the first time a font is opened
/// (`font_libraries.h`), so a command that draws no text never maps them, nor the
/// libraries they link.
public enum FontLibraries {
    /// Starts loading them on a thread of their own, for a command that will draw text:
    /// the loading then overlaps the parsing of its words and the search for its files,
    /// instead of holding up the first font (and a card's picture behind it). A library
    /// that cannot be loaded is reported where the first font is opened, as without this.
    /// Loads them, once (a second thread waits for the first): what opening a font does
    /// first, so that their absence is told apart from a damaged font file.
    static func load() throws(FontError) {
        let result = ShimResult.call { wg_font_libraries_load($0, $1) }
        guard result.succeeded else { throw .librariesUnavailable(LibraryUnavailable(reason: result.message)) }
    }

    public static func loadAhead() {
        startDetachedThread {
            _ = ShimResult.call { wg_font_libraries_load($0, $1) }
        }
    }
}
