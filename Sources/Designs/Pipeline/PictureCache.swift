import Compositor
import FoundationEssentials
import Glibc
import Platform

/// Backgrounds made from pictures, and decoded pictures, kept for the renders that
/// follow, bounded in bytes: in a batch, the rows that share a picture, a canvas and its
/// shading (the Chinese and English cards, a thousand personal titles of 冬至 on one
/// phone, one picture in several formats) read, decode, scale, fade and shade it once:
/// each then draws only its own text over a copy and encodes. `DesignPipeline` keeps a
/// decoded picture only for a scene without a background (the background is what the
/// next rows need, and a fade of its own costs a decode again).
///
/// A picture is known by its file's identity (device, inode, size, modification time,
/// so a file changed or replaced under the same name is decoded anew), the canvas it was
/// decoded for (the decode keeps only the part and the scale that canvas needs) and the
/// decode limits; a background by its picture's key, what its layers draw
/// (`Scene.backgroundSignature`) and whether the renderer dithers. Only finished pictures
/// and backgrounds are kept; a kept one is never written to (renders copy or resample it
/// into images of their own), so renders on several threads share it.
///
/// Once `capacity` bytes are held, entries are dropped at random, not least recently
/// used first: a manifest that cycles through a few more backgrounds than fit (every
/// term on three devices, then again) would then miss every time, where random
/// replacement keeps most of them. Which entry goes never changes a picture, only the time.
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

    struct BackgroundKey: Hashable {
        var picture: Key
        var layers: [BackgroundLayerSignature]
        var dithers: Bool
    }

    /// A composited background and what is known of the picture it was made from (its
    /// size and notes, for the warnings; its pixels are not kept with it), and the PNG
    /// bands of it that the images drawn over it have compressed (see `PNGBandSharing`).
    struct Background {
        let image: Image
        let picture: DecodedPicture
        let bands: PNGBandStore

        /// A third of the background's own bytes: a PNG of a photograph is about a
        /// sixth of its pixels' bytes, so every band fits, and a picture of noise (whose
        /// bands barely compress) keeps some of them within a known bound.
        static func bandCapacity(of image: Image) -> Int { image.bytesPerRow * image.height / 3 }
    }

    private enum EntryKey: Hashable {
        case picture(Key)
        case background(BackgroundKey)
    }

    private enum Entry {
        case picture(DecodedPicture)
        case background(Background)

        /// The pixels' bytes; a background's bands are counted as they are kept.
        var bytes: Int {
            switch self {
            case .picture(let picture): picture.image.bytesPerRow * picture.image.height
            case .background(let background): background.image.bytesPerRow * background.image.height
            }
        }
    }

    public let capacity: Int
    private let lock = Lock()
    private var entries: [EntryKey: Entry] = [:]
    /// The bytes left: pixels are taken from it as entries are kept, bands as renders
    /// leave them in a background's store, and both are given back when an entry goes.
    private let budget: MemoryBudget
    /// xorshift64 state choosing what to drop.
    private var randomState: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// 256 MiB by default: some twenty decoded phone-sized pictures or backgrounds, or
    /// eight 4K ones.
    public init(capacity: Int = 256 << 20) {
        self.capacity = capacity
        budget = MemoryBudget(bytes: capacity)
    }

    /// Bytes held now, pixels and bands (for tests).
    public var heldByteCount: Int { capacity - budget.remaining }

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
        guard case .picture(let picture) = lock.withLock({ entries[.picture(key)] }) else { return nil }
        return picture
    }

    func background(for key: BackgroundKey) -> Background? {
        guard case .background(let background) = lock.withLock({ entries[.background(key)] }) else { return nil }
        return background
    }

    /// Keeps a finished picture (without its decoding progress, which is over).
    func keep(_ picture: DecodedPicture, for key: Key) {
        keep(.picture(Self.finished(picture, image: picture.image)), for: .picture(key))
    }

    /// Keeps a background made from a finished `picture`, and returns the one kept (its
    /// band store serves the image being encoded, even when the cache has no room for it).
    @discardableResult
    func keep(background image: Image, from picture: DecodedPicture, for key: BackgroundKey) -> Background {
        let known = Self.finished(picture, image: Image(width: 0, height: 0))
        let background = Background(
            image: image, picture: known,
            bands: PNGBandStore(of: image, capacity: Background.bandCapacity(of: image), budget: budget))
        if keep(.background(background), for: .background(key)) { return background }
        // Another render may have kept the same background first: its store is the shared one.
        if let kept = self.background(for: key) { return kept }
        // No room for it: its store keeps nothing, so nothing is counted that is not held.
        background.bands.release()
        return background
    }

    private static func finished(_ picture: DecodedPicture, image: Image) -> DecodedPicture {
        var kept = DecodedPicture(
            image: image, fullWidth: picture.fullWidth, fullHeight: picture.fullHeight, offsetX: picture.offsetX,
            offsetY: picture.offsetY)
        kept.notes = picture.notes
        return kept
    }

    /// Keeps `entry` unless one is already kept for `key` or it is larger than the
    /// cache, dropping others at random until its bytes fit; whether it was kept.
    @discardableResult
    private func keep(_ entry: Entry, for key: EntryKey) -> Bool {
        let bytes = entry.bytes
        guard bytes <= capacity else { return false }
        return lock.withLock {
            guard entries[key] == nil else { return false }
            while !budget.take(bytes) {
                // Every store belongs to a kept entry or has handed its bytes back, so
                // with all entries dropped the whole capacity is free; this only guards
                // against waiting forever if that were ever not so.
                guard !entries.isEmpty else { return false }
                let victim = entries.index(entries.startIndex, offsetBy: Int(nextRandom() % UInt64(entries.count)))
                let dropped = entries.remove(at: victim).value
                budget.give(dropped.bytes)
                if case .background(let background) = dropped { background.bands.release() }
            }
            entries[key] = entry
            return true
        }
    }

    private func nextRandom() -> UInt64 {
        randomState ^= randomState << 13
        randomState ^= randomState >> 7
        randomState ^= randomState << 17
        return randomState
    }
}
