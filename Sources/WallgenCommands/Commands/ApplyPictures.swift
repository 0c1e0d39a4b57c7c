import Almanac
import Compositor
import Designs
import Desktop
import FoundationEssentials

/// The pixel work `wallgen apply` needs (see Desktop's `PictureWork`), done with the
/// Compositor's readers, decoders and encoders.
///
/// A dynamic wallpaper (a HEIC or AVIF with Apple's `apple_desktop` timing) is read as
/// the frame it has in effect at `instant` at the place `sky` gives, as a PNG.
struct ApplyPictures: PictureWork {
    var limits = DecodeLimits.standard
    /// Where a dynamic wallpaper is seen from: the place given, or this machine's zone's;
    /// the failure when neither is known, said only if a dynamic wallpaper is met.
    var sky: Result<SkyOptions.Reading, CommandFailure>?
    var instant = Date()
    /// Hears what was chosen from a dynamic wallpaper, in one line.
    var say: @Sendable (String) -> Void = { _ in }

    func read(_ path: String, role: String) throws(DesktopError) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.read(path)
        } catch {
            throw .fileFailed(path: path, operation: "read", reason: "\(role): \(error)")
        }
        return try frameInEffect(of: bytes, path: path) ?? bytes
    }

    /// The PNG of a dynamic wallpaper's frame in effect, or nil for any other picture.
    private func frameInEffect(of bytes: [UInt8], path: String) throws(DesktopError) -> [UInt8]? {
        guard let sky else { return nil }
        let file: DynamicWallpaperFile
        do {
            guard let found = try DynamicWallpaperFile.read(bytes, limits: limits) else { return nil }
            file = found
        } catch .libraryUnavailable(let library) {
            throw .pictureLibraryUnavailable(path: path, library: library)
        } catch {
            throw .notAPicture(path: path, reason: "\(error)")
        }
        let timing = file.timing
        let reading: SkyOptions.Reading
        switch sky {
        case .success(let found): reading = found
        case .failure(let problem):
            throw .dynamicNeedsPlace(path: path, reason: problem.message)
        }
        guard let start = DynamicFrameChoice.inEffect(timing, at: instant, zone: reading.zone, place: reading.place)
        else {
            throw .notAPicture(path: path, reason: "its dynamic-wallpaper metadata names no frame")
        }
        let count = file.count
        if let note = reading.placeNote { say(note) }
        let clock = reading.zone.wallClock(at: start.instant)
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let since = twoDigits(clock.hour) + ":" + twoDigits(clock.minute)
        say(
            "\(path): a dynamic wallpaper; frame \(start.index + 1) of \(count), in effect since \(since) at \(reading.place)"
        )
        if start.miss > 1 {
            say(
                "\(path): the Sun does not reach that frame's position at \(reading.place) on that day (it comes within \(Int(start.miss.rounded()))°); the nearest time was taken"
            )
        }
        let frame: Image
        do {
            frame = try file.frame(start.index, limits: limits)
        } catch .libraryUnavailable(let library) {
            throw .pictureLibraryUnavailable(path: path, library: library)
        } catch {
            throw .notAPicture(path: path, reason: "frame \(start.index + 1): \(error)")
        }
        return try encode(frame)
    }

    func format(of bytes: [UInt8], path: String) throws(DesktopError) -> PictureFormat {
        guard
            let signature = FileSignature.sniff(
                bytes.prefix(FileSignature.prefixLength), among: [.jpeg, .png, .webp, .heif])
        else {
            throw .notAPicture(path: path, reason: "it is not \(FileSignature.Family.picture.expected)")
        }
        _ = try decode(bytes, path: path)
        switch signature {
        case .jpeg: return .jpeg
        case .png: return .png
        case .webp: return .webp
        default: return .heif
        }
    }

    func png(of bytes: [UInt8], path: String) throws(DesktopError) -> [UInt8] {
        try encode(try decode(bytes, path: path))
    }

    func composite(_ tiles: [CompositeTile], width: Int, height: Int) throws(DesktopError) -> [UInt8] {
        guard width <= CanvasSize.maxSide, height <= CanvasSize.maxSide, width * height <= limits.maxPixels else {
            throw .notAPicture(
                path: "the monitors' layout",
                reason: "one picture across them would be \(width)x\(height), more than wallgen makes")
        }
        var decoded: [MonitorComposite.Tile] = []
        for tile in tiles {
            let image = try decode(tile.bytes, path: tile.path)
            decoded.append(
                MonitorComposite.Tile(
                    image: image, x: tile.rect.x, y: tile.rect.y, width: tile.rect.width, height: tile.rect.height))
        }
        return try encode(MonitorComposite.compose(decoded, width: width, height: height))
    }

    private func decode(_ bytes: [UInt8], path: String) throws(DesktopError) -> Image {
        do {
            return try ImageDecoder.decode(bytes, limits: limits)
        } catch .libraryUnavailable(let library) {
            throw .pictureLibraryUnavailable(path: path, library: library)
        } catch {
            throw .notAPicture(path: path, reason: "\(error)")
        }
    }

    private func encode(_ image: Image) throws(DesktopError) -> [UInt8] {
        do {
            return try OutputEncoding.png(.fast).encode(image)
        } catch {
            throw .fileFailed(path: "a PNG of the picture", operation: "make", reason: "\(error)")
        }
    }
}
