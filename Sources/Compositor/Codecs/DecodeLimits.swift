/// Bounds on what a decoder will accept, so a small hostile file cannot take the
/// machine's memory or time.
public struct DecodeLimits: Sendable, Equatable {
    /// Width times height above this is refused from the header, before allocating.
    public var maxPixels: Int
    /// Memory the codec library may take for its own work (not the output pixels).
    public var maxLibraryMemory: Int
    /// Progressive JPEG scans above this are refused (each costs a full pass).
    public var maxProgressiveScans: Int
    /// Whether PNG chunk checksums are checked. Only a fuzzer turns this off, so that
    /// its mutations reach the code behind the checks.
    public var verifiesChecksums = true

    public init(
        maxPixels: Int = 100_000_000, maxLibraryMemory: Int = 512 << 20,
        maxProgressiveScans: Int = 500
    ) {
        self.maxPixels = maxPixels
        self.maxLibraryMemory = maxLibraryMemory
        self.maxProgressiveScans = maxProgressiveScans
    }

    public static let standard = DecodeLimits()

    func check(width: Int, height: Int) throws(ImageDecodingError) {
        if width.multipliedReportingOverflow(by: height).overflow || width * height > maxPixels {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
    }
}
