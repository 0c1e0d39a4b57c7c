import Compositor
import Foundation

/// Decoded pictures kept for the renders that follow, bounded in bytes: in a batch, the
/// rows that share a picture and a canvas (a thousand personal cards of 冬至 on one
/// phone) read and decode it once.
///
/// A picture is known by its file's identity (device, inode, size, modification time,
/// so a file changed or replaced under the same name is decoded anew), the canvas it was
/// decoded for (the decode keeps only the part and the scale that canvas needs) and the
/// decode limits. Only finished pictures are kept; a kept picture is never written to (the
/// renderer resamples it into an image of its own), so renders on several threads share
/// it. The least recently used go first once `capacity` bytes are held.
public final class PictureCache: @unchecked Sendable {
    struct Key: Hashable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int
        var canvasWidth: Int
        var canvasHeight: Int
        var maxPixels: Int
        var maxLibraryMemory: Int
    }

    public let capacity: Int
    private let lock = NSLock()
    private var entries: [Key: (picture: DecodedPicture, lastUse: UInt64)] = [:]
    private var heldBytes = 0
    private var clock: UInt64 = 0

    /// 256 MiB by default: some twenty decoded phone-sized pictures, or eight 4K ones.
    public init(capacity: Int = 256 << 20) {
        self.capacity = capacity
    }

    /// The key of the file at `path` decoded for `canvas` under `limits`; nil when the file
    /// cannot be looked at (the read that follows reports why).
    static func key(path: String, canvas: (width: Int, height: Int), limits: DecodeLimits) -> Key? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return Key(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec),
            canvasWidth: canvas.width, canvasHeight: canvas.height, maxPixels: limits.maxPixels,
            maxLibraryMemory: limits.maxLibraryMemory)
    }

    func picture(for key: Key) -> DecodedPicture? {
        lock.withLock {
            guard let found = entries[key] else { return nil }
            clock += 1
            entries[key]?.lastUse = clock
            return found.picture
        }
    }

    /// Keeps a finished picture (without its decoding progress, which is over).
    func keep(_ picture: DecodedPicture, for key: Key) {
        let image = picture.image
        let bytes = image.bytesPerRow * image.height
        guard bytes <= capacity else { return }
        var kept = DecodedPicture(
            image: image, fullWidth: picture.fullWidth, fullHeight: picture.fullHeight, offsetX: picture.offsetX,
            offsetY: picture.offsetY)
        kept.notes = picture.notes
        lock.withLock {
            guard entries[key] == nil else { return }
            while heldBytes + bytes > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                heldBytes -= oldest.value.picture.image.bytesPerRow * oldest.value.picture.image.height
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = (kept, clock)
            heldBytes += bytes
        }
    }
}
