internal import CImaging
import Deflate
import Files
import FoundationEssentials
import Platform
import Synchronization

/// How PNG rows are filtered and deflated.
public struct PNGEncodingOptions: Sendable, Hashable {
    public var filter: RowFilter
    public var compressor: Compressor

    /// The PNG filter for every row, or the cheapest per row.
    public enum RowFilter: Int32, Sendable {
        case up = 2
        case paeth = 4
        /// Try every filter on each row and keep the one whose bytes have the smallest
        /// signed sum (libpng's rule).
        case adaptive = -1
    }

    public enum Compressor: Sendable, Hashable {
        /// wallgen's own deflate: Huffman-coded literals and byte runs, no match search
        /// (see `RunLengthDeflate`).
        case runLength
        /// libdeflate at `level` (1 to 12; 10 and up search for the cheapest sequence
        /// of matches, not the longest match at each byte).
        case libdeflate(level: Int)
    }

    public init(filter: RowFilter, compressor: Compressor) {
        self.filter = filter
        self.compressor = compressor
    }

    /// Fast and still compact: the Up filter (a dithered gradient repeats down the rows
    /// better than Paeth predicts it) and wallgen's run-length deflate.
    public static let fast = PNGEncodingOptions(filter: .up, compressor: .runLength)
    /// Smaller by a tenth or more, at about 65 times `fast`'s time: libdeflate's level 10,
    /// the first that chooses its matches by their cost in bits. Its levels 6 to 9 (zlib's
    /// usual settings) came within 5 % of `fast` on wallgen's images, sometimes larger.
    /// Rows use Up, like `fast`: it beat libpng's adaptive choice on these images.
    public static let standard = PNGEncodingOptions(filter: .up, compressor: .libdeflate(level: 10))
    /// Smallest, slowest: libdeflate's level 12, another 1-2 % at 2.5 times `standard`'s time.
    public static let small = PNGEncodingOptions(filter: .up, compressor: .libdeflate(level: 12))
}

/// Encodes images as 8-bit PNG, filtering and compressing bands of rows in parallel.
///
/// The image is cut into bands of a fixed number of rows; one thread filters and
/// deflates a band while its rows are in cache (by `RunLengthDeflate`, or by libdeflate,
/// see CImaging/deflate_band.c), and the bands are joined into one zlib stream. The band size never
/// depends on the number of threads, so the bytes are the same on any machine and any
/// `--jobs`.
public enum PNGEncoder {
    /// Rows per deflate band.
    static let bandRows = 128

    /// Encodes `image`: as RGB (colour type 2) when every pixel is opaque, otherwise as
    /// RGBA with the alpha un-premultiplied, as PNG requires. `note` (the text of
    /// how it was made, `Provenance.json`) goes in an iTXt chunk before the image data.
    /// With `sharing`, the bands of rows the image shares with its background are taken
    /// from the background's store where an earlier image left them, and left there
    /// for the next; the bytes are the same either way.
    public static func encode(
        _ image: Image, options: PNGEncodingOptions = .fast, workers: Int = Parallel.availableCores,
        note: String? = nil, sharing: PNGBandSharing? = nil
    ) throws(ImageEncodingError) -> [UInt8] {
        try opaqueFirst(image, sharing: sharing) { source, keepsAlpha throws(ImageEncodingError) in
            try compress(source, keepsAlpha: keepsAlpha, options: options, workers: workers, sharing: sharing).map {
                PNGContainer.file(
                    width: image.width, height: image.height, keepsAlpha: keepsAlpha, stream: $0, note: note,
                    workers: workers)
            }
        }
    }

    /// `encode`, written into `file` as the bands are compressed (`PNGFileWriter`): the same
    /// bytes. A write that fails stops the encoding; `file.finish()` then reports it.
    public static func encode(
        _ image: Image, into file: GrowingFile, options: PNGEncodingOptions = .fast,
        workers: Int = Parallel.availableCores, note: String? = nil, sharing: PNGBandSharing? = nil
    ) throws(ImageEncodingError) {
        try opaqueFirst(image, sharing: sharing) { source, keepsAlpha throws(ImageEncodingError) -> Void? in
            let writer = PNGFileWriter(
                into: file, width: image.width, height: image.height, keepsAlpha: keepsAlpha, note: note,
                levelClass: levelClass(options))
            guard
                try compress(
                    source, keepsAlpha: keepsAlpha, options: options, workers: workers, sharing: sharing,
                    into: writer) != nil
            else {
                // What was written as RGB goes; the image is written again as RGBA.
                file.restart()
                return nil
            }
            writer.finish()
            return ()
        }
    }

    /// Wallpapers and cards are opaque, so they are filtered as RGB straight away, each
    /// band checking its own rows as it packs them (a pass over the image fewer); a band
    /// with a translucent pixel stops that (`attempt` gives nil), and the image is done
    /// again as RGBA, its alpha un-premultiplied.
    private static func opaqueFirst<Encoded>(
        _ image: Image, sharing: PNGBandSharing?,
        _ attempt: (_ source: Image, _ keepsAlpha: Bool) throws(ImageEncodingError) -> Encoded?
    ) throws(ImageEncodingError) -> Encoded {
        guard image.width > 0, image.height > 0 else { throw .emptyImage }
        if sharing?.isOpaque(image) != false, let encoded = try attempt(image, false) { return encoded }
        guard let encoded = try attempt(straightAlphaCopy(of: image), true) else {
            preconditionFailure("RGBA bands are never refused")
        }
        return encoded
    }

    /// One zlib stream of the image's filtered rows, in pieces: a header, the bands, the
    /// Adler-32; nil when RGB was asked for (not `keepsAlpha`) and a pixel is not opaque.
    ///
    /// Each band is filtered and compressed by one thread in a buffer of its own, so its
    /// rows are still in cache when they are compressed.
    ///
    /// With `writer`, each band goes to it as soon as it is made, and no pieces are
    /// returned (the encoding stops early if writing fails). `started` holds bands already
    /// compressed (a `PNGRowStream`'s, made while the image was drawn); only the rest are.
    static func compress(
        _ source: Image, keepsAlpha: Bool, options: PNGEncodingOptions, workers: Int, sharing: PNGBandSharing?,
        into writer: PNGFileWriter? = nil, started: BandResults? = nil
    ) throws(ImageEncodingError) -> [[UInt8]]? {
        let height = source.height
        let bandCount = (height + bandRows - 1) / bandRows
        let bands =
            started
            ?? BandResults(
                count: bandCount, writer: writer,
                sharing: sharing.map { sharing in
                    (
                        sharing,
                        PNGBandStore.Key(options: options, keepsAlpha: keepsAlpha, width: source.width, height: height)
                    )
                })
        // Bands already made (the background's, or a stream's) need no thread; the rest are spread as before.
        let toCompress = (0..<bandCount).filter { !bands.isDone($0) && !bands.takeShared($0) }
        Parallel.forEachItem(of: toCompress.count, workers: workers) { next in
            let buffer = bandBuffer(width: source.width, keepsAlpha: keepsAlpha)
            defer { buffer.deallocate() }
            while let position = next(), !bands.foundTranslucent, writer?.hasFailed != true {
                guard
                    compressBand(
                        toCompress[position], of: source, keepsAlpha: keepsAlpha, options: options, buffer: buffer,
                        into: bands)
                else { break }
            }
        }
        if let failure = bands.failure { throw failure }
        if bands.foundTranslucent { return nil }
        guard writer == nil else { return [] }
        return ZlibStream.pieces(bands.results.map { $0! }, levelClass: levelClass(options))
    }

    /// Room for one band's filtered rows: `bandRows` rows of a filter byte and RGB or RGBA.
    static func bandBuffer(width: Int, keepsAlpha: Bool) -> UnsafeMutablePointer<UInt8> {
        .allocate(capacity: bandRows * (1 + width * (keepsAlpha ? 4 : 3)))
    }

    /// Filters band `index` of `source` into `buffer` and compresses it into `bands`;
    /// false when RGB was asked for and a pixel is not opaque (the band is then not made).
    static func compressBand(
        _ index: Int, of source: Image, keepsAlpha: Bool, options: PNGEncodingOptions,
        buffer: UnsafeMutablePointer<UInt8>, into bands: BandResults
    ) -> Bool {
        let height = source.height
        let rowLength = 1 + source.width * (keepsAlpha ? 4 : 3)  // the filter type, then RGB or RGBA
        let rows = Self.rows(ofBand: index, height: height)
        var opaque: Int32 = 0
        let filtered = ShimResult.call {
            wg_png_filter_rows(
                source.pixels, source.bytesPerRow, UInt32(source.width), UInt32(rows.lowerBound),
                UInt32(rows.upperBound), keepsAlpha ? 1 : 0, options.filter.rawValue, buffer, &opaque,
                KernelChoice.isVectorized ? 1 : 0, $0, $1)
        }
        guard filtered.succeeded else {
            bands.fail(filtered.encodingError(.png))
            return true
        }
        guard keepsAlpha || opaque != 0 else {
            bands.markTranslucent()
            return false
        }
        let band = UnsafeBufferPointer(start: buffer, count: rows.count * rowLength)
        let isFinal = rows.upperBound == height
        let adler = Adler32.checksum(band, vectorized: KernelChoice.isVectorized)
        guard case .libdeflate(let level) = options.compressor else {
            bands.store(
                index, RunLengthDeflate.compress(band, isFinal: isFinal, vectorized: KernelChoice.isVectorized),
                adler: adler, length: band.count)
            return true
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = ShimResult.call {
            wg_deflate_band(band.baseAddress, band.count, Int32(level), isFinal ? 1 : 0, &output, &size, $0, $1)
        }
        if let output, result.succeeded {
            bands.store(index, Array(UnsafeBufferPointer(start: output, count: size)), adler: adler, length: band.count)
            wg_free(output)
        } else {
            bands.fail(result.encodingError(.png))
        }
        return true
    }

    /// The zlib header's level class: 0, "fastest", for the run-length encoder;
    /// libdeflate's levels mapped as zlib's.
    static func levelClass(_ options: PNGEncodingOptions) -> UInt8 {
        guard case .libdeflate(let level) = options.compressor else { return 0 }
        return level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3
    }

    /// The rows of band `index` in an image `height` rows tall: `bandRows` of them, fewer in the last.
    static func rows(ofBand index: Int, height: Int) -> Range<Int> {
        index * bandRows..<min(height, (index + 1) * bandRows)
    }

    /// The image with its alpha un-premultiplied, as PNG and WebP store it.
    static func straightAlphaCopy(of image: Image) -> Image {
        // Stored in an Image only as a row container for the filter; it is never drawn.
        let copy = Image(width: image.width, height: image.height)
        for y in 0..<image.height {
            let row = copy.row(y)
            for x in 0..<image.width {
                let color = image[x, y].unpremultiplied
                (row[4 * x], row[4 * x + 1], row[4 * x + 2], row[4 * x + 3]) = (
                    color.red, color.green, color.blue, color.alpha
                )
            }
        }
        return copy
    }
}

/// The compressed bands as workers finish them; with sharing, the background's bands
/// are taken from its store and those made here are left there.
final class BandResults: @unchecked Sendable {
    private let lock = Lock()
    private(set) var results: [ZlibStream.Band?]
    private(set) var failure: ImageEncodingError?
    private let translucent = Atomic<Bool>(false)
    private let sharing: (PNGBandSharing, PNGBandStore.Key)?
    /// Where each band is written as soon as it is made, if anywhere.
    private let writer: PNGFileWriter?

    init(count: Int, writer: PNGFileWriter?, sharing: (PNGBandSharing, PNGBandStore.Key)?) {
        results = Array(repeating: nil, count: count)
        self.writer = writer
        self.sharing = sharing
    }

    /// Whether band `index` is made already.
    func isDone(_ index: Int) -> Bool {
        lock.withLock { results[index] != nil }
    }

    /// Whether band `index` was the background's and its store had it (it is then the result).
    func takeShared(_ index: Int) -> Bool {
        guard let (sharing, key) = sharing, sharing.isBackground(PNGEncoder.rows(ofBand: index, height: key.height)),
            let band = sharing.store.band(index, for: key)
        else { return false }
        lock.withLock { results[index] = band }
        writer?.bandIsDone(index, band)
        return true
    }

    func store(_ index: Int, _ bytes: [UInt8], adler: UInt32, length: Int) {
        let band = ZlibStream.Band(bytes: bytes, adler: adler, length: length)
        lock.withLock { results[index] = band }
        writer?.bandIsDone(index, band)
        if let (sharing, key) = sharing, sharing.isBackground(PNGEncoder.rows(ofBand: index, height: key.height)) {
            sharing.store.keep(band, at: index, for: key)
        }
    }

    func fail(_ error: ImageEncodingError) {
        lock.withLock { failure = failure ?? error }
    }

    /// Whether a band filtered as RGB had a pixel that is not opaque.
    var foundTranslucent: Bool { translucent.load(ordering: .relaxed) }

    func markTranslucent() {
        translucent.store(true, ordering: .relaxed)
    }
}
