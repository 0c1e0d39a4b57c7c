internal import CImaging
import FoundationEssentials
import Platform

/// Installed fonts, found through fontconfig: the last resort of a `FontChain`.
/// A font file is opened once and shared.
public enum SystemFonts {
    private static let cache = FontCache()

    /// An installed font that has every scalar of `character`, or nil.
    public static func font(for character: Character) -> Font? {
        guard let scalar = character.unicodeScalars.first(where: { !isIgnorable($0) }) else { return nil }
        let path = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 4096) { buffer -> String? in
            wg_system_font_for(scalar.value, buffer.baseAddress!, buffer.count) != 0
                ? String(cString: buffer.baseAddress!) : nil
        }
        guard let path else { return nil }
        return cache.font(at: path)
    }
}

private final class FontCache: @unchecked Sendable {
    private var fonts: [String: Font?] = [:]
    private let lock = Lock()

    func font(at path: String) -> Font? {
        lock.withLock {
            if let known = fonts[path] { return known }
            // Opened by name: FreeType reads only what it uses of fonts that can be tens of megabytes.
            let font = (try? FileReader.checkReadable(path)).flatMap { _ in try? Font(path: path, label: path) }
            fonts[path] = font
            return font
        }
    }
}
