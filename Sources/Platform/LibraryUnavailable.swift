/// A library wallgen loads on first use (FreeType, HarfBuzz, libwebp, libheif, civetweb)
/// cannot be loaded: it is not installed, or lacks a function wallgen calls. What needs it
/// fails with this, status 72 as for any broken installation; everything else still runs.
public struct LibraryUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// The loader's words: the library, its Debian package and why it cannot be used
    /// ("WebP needs libwebp (libwebp.so.7, Debian's libwebp7), which cannot be loaded: ...").
    public let reason: String

    public init(reason: String) { self.reason = reason }

    public var description: String { "\(reason); install that package" }
}
