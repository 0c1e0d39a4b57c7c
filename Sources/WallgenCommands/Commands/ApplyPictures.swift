import Compositor
import Designs
import Desktop

/// The pixel work `wallgen apply` needs (see Desktop's `PictureWork`), done with the
/// Compositor's readers, decoders and encoders.
struct ApplyPictures: PictureWork {
    var limits = DecodeLimits.standard

    func read(_ path: String, role: String) throws(DesktopError) -> [UInt8] {
        do {
            return try FileReader.read(path)
        } catch {
            throw .fileFailed(path: path, operation: "read", reason: "\(role): \(error)")
        }
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
