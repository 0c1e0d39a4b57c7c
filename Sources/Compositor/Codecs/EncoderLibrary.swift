internal import CImaging

extension OutputFormat {
    /// Loads the library this format's encoder needs (libwebp for WebP, libheif for AVIF;
    /// PNG and JPEG need none that is loaded late), as its first picture would. A batch
    /// calls it before its first picture, to say once that the library is missing instead
    /// of at the end of every picture.
    public func loadEncoderLibrary() throws(ImageEncodingError) {
        let loaded: ShimResult
        switch self {
        case .png, .jpeg: return
        case .webp: loaded = ShimResult.call { wg_webp_load($0, $1) }
        case .avif: loaded = ShimResult.call { wg_heif_load($0, $1) }
        }
        guard loaded.succeeded else { throw loaded.encodingError(self) }
    }
}
