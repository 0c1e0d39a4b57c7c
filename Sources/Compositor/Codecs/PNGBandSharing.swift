import Deflate
import Platform
import Synchronization

/// Compressed PNG bands that images drawn over one background share.
///
/// Rows drawn over a shared background differ from it only where their own text went
/// (`Renderer.renderTimed`'s `changedRows`): a shop's five hundred personal titles on
/// one card change a few bands of the twenty, and the rest would be filtered and
/// deflated to the same bytes every time. A band's bytes depend on its own rows and on
/// the row above it (the Up and Paeth filters read it), and on nothing else: bands are
/// compressed apart and joined (see `PNGEncoder`), so one whose rows and the row above
/// are the background's is the background's band, whichever image it came from.
public final class PNGBandStore: @unchecked Sendable {
    /// What else a band's bytes depend on: how it was filtered and compressed, whether
    /// the image kept its alpha (an opaque image is written as RGB), and its size.
    struct Key: Hashable {
        var options: PNGEncodingOptions
        var keepsAlpha: Bool
        var width: Int
        var height: Int
    }

    /// Bytes of compressed bands this store may hold; bands past it are not kept.
    public let capacity: Int
    /// Where the bytes it holds are counted with others' (a cache's), if anywhere.
    private let budget: MemoryBudget?
    /// Whether the background is opaque: an image drawn over it then needs only its
    /// changed rows looked at to know whether it is (and is written as RGB).
    let backgroundIsOpaque: Bool
    private let lock = Lock()
    private var bands: [Key: [Int: ZlibStream.Band]] = [:]
    private var heldBytes = 0
    private var released = false
    private let reused = Atomic<Int>(0)

    /// A store for the bands of `background`, holding at most `capacity` bytes, each of
    /// them taken from `budget` too when given.
    public init(of background: Image, capacity: Int, budget: MemoryBudget? = nil) {
        self.capacity = capacity
        self.budget = budget
        backgroundIsOpaque = background.isOpaque
    }

    /// Lets every band go and keeps none from now on, handing their bytes back to the
    /// budget (the background has left its cache; renders still drawing over it then
    /// simply compress their bands).
    public func release() {
        lock.withLock {
            released = true
            budget?.give(heldBytes)
            heldBytes = 0
            bands = [:]
        }
    }

    /// Bands taken from the store instead of compressed again, so far.
    public var reusedBandCount: Int { reused.load(ordering: .relaxed) }

    /// Bytes of compressed bands held now.
    public var heldByteCount: Int { lock.withLock { heldBytes } }

    func band(_ index: Int, for key: Key) -> ZlibStream.Band? {
        let band = lock.withLock { bands[key]?[index] }
        if band != nil { reused.add(1, ordering: .relaxed) }
        return band
    }

    func keep(_ band: ZlibStream.Band, at index: Int, for key: Key) {
        lock.withLock {
            guard !released, bands[key]?[index] == nil, heldBytes + band.bytes.count <= capacity,
                budget?.take(band.bytes.count) ?? true
            else { return }
            bands[key, default: [:]][index] = band
            heldBytes += band.bytes.count
        }
    }
}

/// Bytes that several holders draw from and hand back, never more in all than it started
/// with: a cache's backgrounds and the bands their images leave in it.
public final class MemoryBudget: Sendable {
    private let remainingBytes: Atomic<Int>

    public init(bytes: Int) {
        remainingBytes = Atomic(bytes)
    }

    public var remaining: Int { remainingBytes.load(ordering: .relaxed) }

    /// Takes `bytes` if that many remain.
    public func take(_ bytes: Int) -> Bool {
        var left = remainingBytes.load(ordering: .relaxed)
        while left >= bytes {
            let (exchanged, found) = remainingBytes.compareExchange(
                expected: left, desired: left - bytes, ordering: .relaxed)
            if exchanged { return true }
            left = found
        }
        return false
    }

    public func give(_ bytes: Int) {
        remainingBytes.add(bytes, ordering: .relaxed)
    }
}

/// An image's tie to the background it was drawn over: the store of that background's
/// bands, and the rows the image changed (every other row is the background's).
public struct PNGBandSharing: Sendable {
    public let store: PNGBandStore
    public let changedRows: Range<Int>

    public init(store: PNGBandStore, changedRows: Range<Int>) {
        self.store = store
        self.changedRows = changedRows
    }

    /// Whether every pixel of `image`, drawn over the background, is opaque: over an
    /// opaque background only the changed rows can say otherwise.
    func isOpaque(_ image: Image) -> Bool {
        store.backgroundIsOpaque ? image.isOpaque(rows: changedRows) : image.isOpaque
    }

    /// Whether the band of `rows` is the background's: neither its rows nor the one
    /// above them (which its first row is filtered against) were changed.
    func isBackground(_ rows: Range<Int>) -> Bool {
        !(Swift.max(0, rows.lowerBound - 1)..<rows.upperBound).overlaps(changedRows)
    }
}
