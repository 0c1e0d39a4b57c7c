import Compositor
import Testing

/// Images drawn over one background share the PNG bands of the rows they left alone:
/// each image's file is byte for byte the one it makes alone, and reads back (through
/// libpng) as its own pixels.
@Suite struct PNGBandSharingTests {
    /// Five bands of 128 rows (the last one 88), of noise, so every band's bytes differ.
    static let width = 40
    static let height = 600

    static let background = randomImage(width: width, height: height, seed: 3, opaque: true)

    /// The background with `rows` painted over, in a colour of `shade`'s.
    static func drawnOver(rows: Range<Int>, shade: UInt8) -> Image {
        let image = background.copy()
        for y in rows {
            for x in 0..<width { image[x, y] = PremultipliedPixel(r: shade, g: 255 - shade, b: UInt8(x), a: 255) }
        }
        return image
    }

    /// Encodes `image` sharing `store`'s bands, and checks it against the image encoded
    /// alone and against its own pixels read back.
    static func encodeSharing(
        _ image: Image, changed: Range<Int>, store: PNGBandStore, options: PNGEncodingOptions = .fast
    ) throws {
        let shared = try PNGEncoder.encode(
            image, options: options, sharing: PNGBandSharing(store: store, changedRows: changed))
        #expect(shared == (try PNGEncoder.encode(image, options: options)))
        let read = try ImageDecoder.decode(shared)
        #expect(read.width == image.width && read.height == image.height)
        let readsBackAsDrawn = rowsOf(read) == rowsOf(image)
        #expect(readsBackAsDrawn, "the file reads back as the image drawn")
    }

    static func rowsOf(_ image: Image) -> [[UInt8]] {
        (0..<image.height).map { Array(UnsafeBufferPointer(start: image.row($0), count: 4 * image.width)) }
    }

    @Test func imagesShareTheBandsTheirRowsLeftAlone() throws {
        let store = PNGBandStore(of: Self.background, capacity: 1 << 20)
        // The first image makes every band and leaves the four its rows (in band 2) missed.
        try Self.encodeSharing(Self.drawnOver(rows: 260..<270, shade: 10), changed: 260..<270, store: store)
        #expect(store.reusedBandCount == 0)
        // The second, changed elsewhere in band 2, takes those four.
        try Self.encodeSharing(Self.drawnOver(rows: 300..<310, shade: 200), changed: 300..<310, store: store)
        #expect(store.reusedBandCount == 4)
        // One changed nowhere is the background itself: its band 2 is made once, then kept.
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.reusedBandCount == 8)
        try Self.encodeSharing(Self.drawnOver(rows: 0..<1, shade: 90), changed: 0..<1, store: store)
        #expect(store.reusedBandCount == 12)
    }

    /// A band's first row is filtered against the row above it, the last of the band
    /// before: a change there is the next band's too, which is then not shared.
    @Test func aChangeOnABandsLastRowKeepsTheNextBandItsOwn() throws {
        let store = PNGBandStore(of: Self.background, capacity: 1 << 20)
        try Self.encodeSharing(Self.drawnOver(rows: 383..<384, shade: 10), changed: 383..<384, store: store)
        try Self.encodeSharing(Self.drawnOver(rows: 383..<384, shade: 200), changed: 383..<384, store: store)
        // Bands 0, 1 and 4; bands 2 (the row) and 3 (filtered against it) are made again.
        #expect(store.reusedBandCount == 3)
    }

    /// Bands made with other options, or of an image written with its alpha, are never
    /// taken for one another's.
    @Test func optionsAndAlphaKeepBandsApart() throws {
        let store = PNGBandStore(of: Self.background, capacity: 1 << 20)
        try Self.encodeSharing(Self.drawnOver(rows: 0..<1, shade: 10), changed: 0..<1, store: store)
        try Self.encodeSharing(
            Self.drawnOver(rows: 0..<1, shade: 20), changed: 0..<1, store: store,
            options: PNGEncodingOptions(filter: .paeth, compressor: .runLength))
        #expect(store.reusedBandCount == 0)
        // One pixel short of opaque makes the whole file RGBA: no band of the RGB ones fits.
        let translucent = Self.drawnOver(rows: 0..<1, shade: 30)
        translucent[0, 0] = PremultipliedPixel(r: 100, g: 100, b: 100, a: 200)
        let shared = try PNGEncoder.encode(
            translucent, sharing: PNGBandSharing(store: store, changedRows: 0..<1))
        #expect(shared == (try PNGEncoder.encode(translucent)))
        #expect(store.reusedBandCount == 0)
    }

    /// Over a background that is not opaque, the whole image decides whether the file
    /// keeps its alpha, not only the rows drawn on.
    @Test func aTranslucentBackgroundIsLookedAtWhole() throws {
        let background = Self.background.copy()
        background[5, 500] = PremultipliedPixel(r: 10, g: 10, b: 10, a: 100)
        let store = PNGBandStore(of: background, capacity: 1 << 20)
        let image = background.copy()
        image[0, 0] = PremultipliedPixel(r: 1, g: 2, b: 3, a: 255)
        let shared = try PNGEncoder.encode(image, sharing: PNGBandSharing(store: store, changedRows: 0..<1))
        #expect(shared == (try PNGEncoder.encode(image)))
        #expect(shared[25] == 6, "colour type 6, RGBA")
    }

    /// A store counts what it keeps in its budget, hands it all back when released, and
    /// keeps nothing after that (a cache's background dropped while a render still
    /// draws over it).
    @Test func aReleasedStoreHandsItsBytesBack() throws {
        let budget = MemoryBudget(bytes: 1 << 20)
        let store = PNGBandStore(of: Self.background, capacity: 1 << 20, budget: budget)
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.heldByteCount > 0 && budget.remaining == (1 << 20) - store.heldByteCount)
        store.release()
        #expect(store.heldByteCount == 0 && budget.remaining == 1 << 20)
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.reusedBandCount == 0 && budget.remaining == 1 << 20)
    }

    /// A store takes no more from its budget than the budget has left.
    @Test func aStoreKeepsWithinItsBudget() throws {
        let alone = try PNGEncoder.encode(Self.background)
        let budget = MemoryBudget(bytes: alone.count / 2)
        let store = PNGBandStore(of: Self.background, capacity: 1 << 20, budget: budget)
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.heldByteCount > 0 && store.heldByteCount <= alone.count / 2)
        #expect(budget.remaining == alone.count / 2 - store.heldByteCount)
    }

    /// A store keeps no more bytes than its capacity; what it could not keep is made again.
    @Test func theStoreStaysWithinItsCapacity() throws {
        let alone = try PNGEncoder.encode(Self.background)
        let store = PNGBandStore(of: Self.background, capacity: alone.count / 3)
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.heldByteCount > 0 && store.heldByteCount <= store.capacity)
        try Self.encodeSharing(Self.background, changed: 0..<0, store: store)
        #expect(store.reusedBandCount > 0 && store.reusedBandCount < 5)
    }
}
