import Compositor
import Desktop
import Platform

/// A dynamic wallpaper as wallgen reads it back: Apple's (HEIF pictures, the primary's
/// XMP with `apple_desktop` timing, read by libheif) or KDE's (an AVIF image sequence whose
/// XMP holds `plasma:dynamic-wallpaper-solar`, read by libavif). `apply`, `inspect` and
/// `schedule --dynamic` read through it.
struct DynamicWallpaperFile {
    enum Kind: String {
        case apple = "Apple's"
        case kde = "KDE's"
    }

    enum Problem: Error, CustomStringConvertible {
        case libraryUnavailable(LibraryUnavailable)
        case malformed(AppleDynamicDesktop.Malformed)
        /// The metadata names a frame the file does not hold.
        case missingFrame(Int, count: Int)

        var description: String {
            switch self {
            case .libraryUnavailable(let library): "\(library)"
            case .malformed(let problem): "its dynamic-wallpaper metadata is damaged: \(problem)"
            case .missingFrame(let index, let count):
                "its dynamic-wallpaper metadata names frame \(index + 1), but it holds \(count)"
            }
        }
    }

    let kind: Kind
    let timing: AppleDynamicDesktop.Timing
    let count: Int
    private let bytes: [UInt8]

    /// The file's dynamic wallpaper, or nil when it is an ordinary picture (no HEIF, or no
    /// timing in its XMP).
    static func read(_ bytes: [UInt8], limits: DecodeLimits = .standard) throws(Problem) -> DynamicWallpaperFile? {
        let pictures = HEIFPictures(bytes)
        guard pictures.isHEIF else { return nil }
        let packet: String?
        do {
            packet = try pictures.primaryXMP()
        } catch {
            throw .libraryUnavailable(error)
        }
        do {
            if let packet, let timing = try AppleDynamicDesktop.timing(inXMP: packet) {
                return try checked(.apple, timing, count: pictures.count ?? 0, bytes)
            }
            // KDE's: a sequence, whose frames and XMP libavif reads.
            guard let info = try? AVIFSequence(bytes, limits: limits).info(), let xmp = info.xmp ?? packet,
                let timing = try KDEDynamicWallpaper.timing(inXMP: xmp)
            else { return nil }
            return try checked(.kde, timing, count: info.count, bytes)
        } catch let problem as AppleDynamicDesktop.Malformed {
            throw .malformed(problem)
        } catch let problem as Problem {
            throw problem
        } catch {
            return nil
        }
    }

    private static func checked(_ kind: Kind, _ timing: AppleDynamicDesktop.Timing, count: Int, _ bytes: [UInt8])
        throws(Problem) -> DynamicWallpaperFile
    {
        let named =
            timing.solar.map(\.index) + timing.times.map(\.index) + [timing.light, timing.dark].compactMap { $0 }
        if let index = named.first(where: { $0 >= count }) { throw .missingFrame(index, count: count) }
        return DynamicWallpaperFile(kind: kind, timing: timing, count: count, bytes: bytes)
    }

    /// Frame `index`, decoded within `limits`.
    func frame(_ index: Int, limits: DecodeLimits = .standard) throws(ImageDecodingError) -> Image {
        switch kind {
        case .apple: try HEIFPictures(bytes).picture(index, limits: limits)
        case .kde: try AVIFSequence(bytes, limits: limits).frame(index)
        }
    }
}
