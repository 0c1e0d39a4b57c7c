/// Bounds on what a decoder will accept, so a small hostile file cannot take the
/// machine's memory or time.
public struct DecodeLimits: Sendable, Equatable {
    /// Width times height above this is refused from the header, before allocating.
    public var maxPixels: Int
    /// Memory the codec library may take for its own work (not the output pixels).
    ///
    /// By default it follows `maxPixels`: enough for any picture within it (a
    /// progressive JPEG keeps every DCT coefficient, 2 bytes per pixel per component,
    /// 8 for CMYK, plus working memory), and never under 512 MiB. A JPEG is held to
    /// what its own header says it needs, and refused with that figure when it needs
    /// more than this; libpng's allocations are counted against it.
    public var maxLibraryMemory: Int {
        get { libraryMemoryOverride ?? Self.libraryMemory(forPixels: maxPixels) }
        set { libraryMemoryOverride = newValue }
    }
    private var libraryMemoryOverride: Int?
    /// Progressive JPEG scans above this are refused (each costs a full pass).
    public var maxProgressiveScans: Int
    /// Whether PNG chunk checksums are checked. Only a fuzzer turns this off, so that
    /// its mutations reach the code behind the checks.
    public var verifiesChecksums = true

    /// `maxLibraryMemory` nil follows `maxPixels` (see `maxLibraryMemory`).
    public init(
        maxPixels: Int = 100_000_000, maxLibraryMemory: Int? = nil,
        maxProgressiveScans: Int = 500
    ) {
        self.maxPixels = maxPixels
        self.libraryMemoryOverride = maxLibraryMemory
        self.maxProgressiveScans = maxProgressiveScans
    }

    /// The default library memory for a pixel limit: 8 bytes a pixel plus 64 MiB of
    /// working memory, at least 512 MiB.
    static func libraryMemory(forPixels pixels: Int) -> Int {
        let coefficients = pixels.multipliedReportingOverflow(by: 8)
        guard !coefficients.overflow, coefficients.partialValue < Int.max - (64 << 20) else { return Int.max }
        return max(512 << 20, coefficients.partialValue + (64 << 20))
    }

    public static let standard = DecodeLimits()

    func check(libraryMemory needed: UInt64, format: ImageFormat) throws(ImageDecodingError) {
        if needed > UInt64(maxLibraryMemory) {
            throw .needsMoreMemory(
                format: format, neededMiB: Int((needed + (1 << 20) - 1) >> 20), limitMiB: maxLibraryMemory >> 20)
        }
    }

    func check(width: Int, height: Int) throws(ImageDecodingError) {
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
    }
}
