import Kernels
import Synchronization

/// Separable Lanczos-3 resampling of premultiplied images, in fixed point.
///
/// Only the part of the source that the crop needs is read. The two passes run
/// together, one band of output rows at a time (see `RowRing`): each source row the
/// band needs is filtered horizontally into a small ring of 8-bit rows, and the
/// vertical pass sums whole rows from there, so its inner loop is a plain multiply-add
/// over bytes. Results are clamped so no colour exceeds its alpha (Lanczos overshoots).
public enum Resampler {
    /// Scales `source` to fill `width` x `height`, cropping what overflows ("cover").
    public static func cover(
        _ source: Image, width: Int, height: Int, focusX: Double = 0.5, focusY: Double = 0.5,
        workers: Int = Parallel.availableCores
    ) -> Image {
        let crop = CoverGeometry.crop(
            sourceWidth: source.width, sourceHeight: source.height, targetWidth: width,
            targetHeight: height, focusX: focusX, focusY: focusY)
        return resample(source, crop: crop, width: width, height: height, workers: workers)
    }

    /// Maps the `crop` rectangle of `source` onto a new `width` x `height` image.
    ///
    /// With `progress`, `source` is still being decoded, top to bottom: each output row
    /// is made as soon as the rows it needs arrive. If decoding fails the result is not
    /// to be used (the decoder's `finish` throws). With `recycler`, the result's memory
    /// may be an earlier image's (every pixel is overwritten).
    ///
    /// `finishing`, when given, is called with the output and each band of rows as soon
    /// as the band is made, on the thread that made it (so while the picture still
    /// decodes, and with the rows still in that core's cache); every row is in exactly
    /// one band, and the resampler does not touch a band's rows again.
    public static func resample(
        _ source: Image, crop: SourceRect, width: Int, height: Int,
        workers: Int = Parallel.availableCores, progress: DecodeProgress? = nil, recycler: ImageRecycler? = nil,
        finishing: (@Sendable (Image, Range<Int>) -> Void)? = nil
    ) -> Image {
        resample(
            SourceRows(source), crop: crop, width: width, height: height, workers: workers, progress: progress,
            recycler: recycler, reusingPages: false, finishing: finishing)
    }

    /// The same for a decoded picture, whose rows may be arriving, perhaps through a ring
    /// (`DecodedPicture.ringRows`); `crop` is in the picture's own coordinates. With
    /// `reusingPages`, the result is a canvas whose pages its last reader passes down as
    /// its rows are done (`CanvasPageReuse`): each band's pages are prepared before it is
    /// written.
    public static func resample(
        _ picture: DecodedPicture, crop: SourceRect, width: Int, height: Int,
        workers: Int = Parallel.availableCores, recycler: ImageRecycler? = nil, reusingPages: Bool = false,
        finishing: (@Sendable (Image, Range<Int>) -> Void)? = nil
    ) -> Image {
        if picture.ringRows != nil {
            precondition(picture.progress?.claimRing() == true, "a streamed picture is resampled once only")
        }
        return resample(
            SourceRows(picture.image, height: picture.height, ring: picture.ringRows), crop: crop, width: width,
            height: height, workers: workers, progress: picture.progress, recycler: recycler,
            reusingPages: reusingPages, finishing: finishing)
    }

    private static func resample(
        _ source: SourceRows, crop: SourceRect, width: Int, height: Int, workers: Int, progress: DecodeProgress?,
        recycler: ImageRecycler?, reusingPages: Bool, finishing: (@Sendable (Image, Range<Int>) -> Void)?
    ) -> Image {
        guard width > 0, height > 0, source.width > 0, source.height > 0 else {
            let empty = Image(width: width, height: height)
            if width > 0, height > 0 { finishing?(empty, 0..<height) }
            return empty
        }
        // Every output row is written below, so recycled memory needs no clearing.
        let output = Image(width: width, height: height, recycling: recycler, reusingPages: reusingPages)
        if let x = exactOffset(crop.x, crop.width, width), let y = exactOffset(crop.y, crop.height, height) {
            output.pageReuse?.prepare(rows: 0..<height)
            if copy(source, x: x, y: y, into: output, progress: progress) { finishing?(output, 0..<height) }
            return output
        }
        let horizontal = FilterWeights.shared(
            sourceLength: source.width, cropStart: crop.x, cropLength: crop.width, outputLength: width)
        let vertical = FilterWeights.shared(
            sourceLength: source.height, cropStart: crop.y, cropLength: crop.height, outputLength: height)
        let plan = Plan(
            source: source, horizontal: horizontal, vertical: vertical,
            horizontalLoop: Plan.HorizontalLoop(horizontal, sourceLength: source.width),
            columns: horizontal.tapRange, kernels: KernelChoice.active,
            packedVertical: KernelChoice.isVectorized && vertical.weights.allSatisfy(PackedTaps.fitsSixteenBits))
        // Output rows in bands, claimed in order. While the picture decodes, one thread
        // works just behind the decoder and the others wait for it to end (the decoder
        // has their core); then they all share what is left. A ring depends on this: only
        // that one thread reads rows while the decoder may still write over them.
        let bands = RowClaims(count: height, size: bandRows)
        Parallel.forEachChunk(of: workers, workers: workers, minimumChunk: 1) { threads in
            if let progress, threads.lowerBound > 0 { progress.waitForEnd() }
            let ring = RowRing(plan: plan)
            while let band = bands.next() {
                output.pageReuse?.prepare(rows: band)
                for y in band {
                    guard ring.makeRow(y, into: output.row(y), progress: progress) else { return }
                }
                finishing?(output, band)
            }
        }
        return output
    }

    /// Output rows per claim. A thread starting a band away from its last one first
    /// filters again the few source rows the two share (one output row's taps).
    static let bandRows = 128

    /// The integer source offset when `crop` maps one-to-one onto whole pixels.
    private static func exactOffset(_ start: Double, _ length: Double, _ outputLength: Int) -> Int? {
        guard length == Double(outputLength), start == start.rounded() else { return nil }
        return Int(start)
    }

    /// False if decoding failed before every row arrived.
    private static func copy(_ source: SourceRows, x: Int, y: Int, into output: Image, progress: DecodeProgress?)
        -> Bool
    {
        for row in 0..<output.height {
            guard progress?.waitForRow(y + row, needingFrom: y + row) ?? true else { return false }
            output.row(row).update(from: source.row(y + row) + 4 * x, count: output.bytesPerRow)
        }
        return true
    }
}

/// Consecutive ranges of rows handed out one at a time to whichever thread asks.
private final class RowClaims: Sendable {
    private let nextRow = Atomic<Int>(0)
    private let count: Int
    private let size: Int

    init(count: Int, size: Int) {
        self.count = count
        self.size = size
    }

    func next() -> Range<Int>? {
        let start = nextRow.wrappingAdd(size, ordering: .relaxed).oldValue
        return start < count ? start..<min(count, start + size) : nil
    }
}
