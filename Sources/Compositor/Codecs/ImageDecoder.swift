internal import CImaging
import Dispatch
import FoundationEssentials
import Glibc
import Platform
import Synchronization

/// Decodes JPEG, PNG, WebP and HEIF (HEIC, AVIF) files into premultiplied RGBA8 images.
public enum ImageDecoder {
    /// Decodes `bytes`, recognising the format from its signature.
    ///
    /// - Parameter coverTarget: the size the picture will be cover-scaled to, when known.
    ///   A JPEG much larger than that is decoded at 1/2, 1/4 or 1/8 scale inside
    ///   libjpeg (cheaper and already low-pass filtered), never below the target.
    public static func decode(
        _ bytes: [UInt8], limits: DecodeLimits = .standard,
        coverTarget: (width: Int, height: Int)? = nil
    ) throws(ImageDecodingError) -> Image {
        try decodeNoting(bytes, limits: limits, coverTarget: coverTarget).image
    }

    /// The same from a file's bytes, perhaps mapped (see `decodeNoting`).
    public static func decode(
        _ bytes: FileBytes, limits: DecodeLimits = .standard, coverTarget: (width: Int, height: Int)? = nil
    ) throws(ImageDecodingError) -> Image {
        try decodeNoting(bytes, limits: limits, coverTarget: coverTarget).image
    }

    /// `decode`, with what the person should be told about how the picture was read (an
    /// animation of which only the first frame is used).
    public static func decodeNoting(
        _ bytes: [UInt8], limits: DecodeLimits = .standard,
        coverTarget: (width: Int, height: Int)? = nil
    ) throws(ImageDecodingError) -> (image: Image, notes: [DecodeNote]) {
        // The C decoders read from the buffer until closed: every step stays in one borrow.
        try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) in
            try decodeNoting(buffer: buffer, limits: limits, coverTarget: coverTarget)
        }
    }

    /// The same from a file's bytes, perhaps mapped: throws `changedWhileReading` when the
    /// file was cut short during the decoding, whatever the decoder made of it.
    public static func decodeNoting(
        _ bytes: FileBytes, limits: DecodeLimits = .standard,
        coverTarget: (width: Int, height: Int)? = nil
    ) throws(ImageDecodingError) -> (image: Image, notes: [DecodeNote]) {
        try checkingTheFile(bytes) { () throws(ImageDecodingError) in
            try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) in
                try decodeNoting(buffer: buffer, limits: limits, coverTarget: coverTarget)
            }
        }
    }

    /// `decodeNoting`'s work on bytes borrowed for all of it.
    static func decodeNoting(
        buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, coverTarget: (width: Int, height: Int)?
    ) throws(ImageDecodingError) -> (image: Image, notes: [DecodeNote]) {
        switch try format(of: buffer) {
        case .jpeg: (try decodeJPEG(buffer, limits: limits, coverTarget: coverTarget), [])
        case .png: (try decodePNG(buffer, limits: limits), [])
        case .webp: try decodeWebP(buffer, limits: limits)
        case .heif: (try decodeHEIF(buffer, limits: limits), [])
        }
    }

    /// What `decode` made of `bytes`, or what it threw; `changedWhileReading` instead
    /// when the file was cut short meanwhile (its zeros may decode, or fail as damage).
    static func checkingTheFile<Result>(
        _ bytes: FileBytes, _ decode: () throws(ImageDecodingError) -> Result
    ) throws(ImageDecodingError) -> Result {
        let result = Swift.Result { () throws(ImageDecodingError) -> Result in try decode() }
        if bytes.wasCutShort { throw .changedWhileReading }
        return try result.get()
    }

    /// The size `decode` would report at full scale (as displayed, after any EXIF
    /// turn, or a HEIF's own rotation), read from the header alone.
    public static func size(of bytes: [UInt8], limits: DecodeLimits = .standard)
        throws(ImageDecodingError) -> (width: Int, height: Int)
    {
        try bytes.withUnsafeBufferPointer {
            (buffer) throws(ImageDecodingError) -> (width: Int, height: Int) in
            switch try format(of: buffer) {
            case .jpeg:
                let header = try JPEGHeader(buffer, limits: limits)
                let turned = ExifOrientation.read(jpeg: buffer)?.swapsAxes ?? false
                return turned ? (header.height, header.width) : (header.width, header.height)
            case .png:
                let header = try PNGHeader(buffer, limits: limits)
                return (header.width, header.height)
            case .webp:
                let header = try WebPHeader(buffer, limits: limits)
                return (header.width, header.height)
            case .heif:
                // As shown: the file's own rotation (irot) is applied, never its Exif.
                let header = try HEIFHeader(buffer, limits: limits)
                return (header.width, header.height)
            }
        }
    }

    private static func format(of buffer: UnsafeBufferPointer<UInt8>) throws(ImageDecodingError)
        -> ImageFormat
    {
        guard !buffer.isEmpty else { throw .empty }
        guard let format = ImageFormat(sniffing: buffer) else { throw .unrecognizedFormat }
        return format
    }

    /// The largest libjpeg scale-down (1, 2, 4 or 8) that still leaves at least the
    /// target's pixels on both axes, so the resampler only ever shrinks.
    ///
    /// Not the other M/8 scales libjpeg-turbo offers (7/8, 6/8, 5/8, 3/8): its full-size,
    /// 1/2, 1/4 and 1/8 decodes use SIMD inverse DCTs, the others plain C ones (and, on a
    /// 4:2:0 file, a 14x14 or 12x12 one for the chroma). Counted by callgrind on a
    /// 4000x3000 JPEG (`djpeg -scale M/8`): 8/8 270M instructions, 7/8 785M, 6/8 601M,
    /// 5/8 471M, 4/8 199M, 3/8 257M; cropped to a phone card's columns, 7/8 took 352M
    /// against 171M at full size, far more than the resampler saves on the smaller picture.
    static func jpegScaleDenominator(
        width: Int, height: Int, coverTarget: (width: Int, height: Int)?
    ) -> Int {
        guard let target = coverTarget, target.width > 0, target.height > 0 else { return 1 }
        for denominator in [8, 4, 2] {
            let scaledWidth = (width + denominator - 1) / denominator
            let scaledHeight = (height + denominator - 1) / denominator
            if scaledWidth >= target.width && scaledHeight >= target.height { return denominator }
        }
        return 1
    }

    /// An opened JPEG whose header passed the limits; the decoder closes itself.
    struct JPEGHeader {
        let decoder: JPEGDecoderHandle
        let width: Int
        let height: Int

        init(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws(ImageDecodingError) {
            var decoder: OpaquePointer?
            var width: UInt32 = 0
            var height: UInt32 = 0
            var memoryNeeded: UInt64 = 0
            var shimLimits = limits.shimLimits
            let result = ShimResult.call {
                wg_jpeg_decoder_open(
                    buffer.baseAddress, buffer.count, &shimLimits, &decoder, &width, &height, &memoryNeeded, $0, $1)
            }
            guard result.succeeded, let decoder else { throw result.decodingError(.jpeg) }
            self.decoder = JPEGDecoderHandle(decoder)
            // Pixels first: a header declaring an absurd size is that, not a memory need.
            try limits.check(width: Int(width), height: Int(height))
            try limits.check(libraryMemory: memoryNeeded, format: .jpeg)
            (self.width, self.height) = (Int(width), Int(height))
        }
    }

    /// A JPEG decoded over the region a cover fit shows, plus a margin wider than the
    /// resampling filter reaches.
    static func decodeJPEGRegion(
        _ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, target: (width: Int, height: Int),
        focusX: Double, focusY: Double, recycler: ImageRecycler? = nil
    ) throws(ImageDecodingError) -> DecodedPicture {
        let region = try JPEGRegion(
            buffer, limits: limits, target: target, focusX: focusX, focusY: focusY, recycler: recycler)
        try readRows(region.decoder, into: region.picture.image)
        return region.picture
    }

    /// The same, with the rows decoded on a thread of their own: returns as soon as the
    /// header is read and the region chosen, with `progress` telling how far the rows
    /// have got. `bytes` is kept alive (and borrowed) by that thread until it ends.
    static func startDecodingJPEGRegion(
        _ bytes: FileBytes, limits: DecodeLimits, target: (width: Int, height: Int), focusX: Double, focusY: Double,
        streamed: Bool = false, recycler: ImageRecycler? = nil
    ) throws(ImageDecodingError) -> DecodedPicture {
        let prepared = DispatchSemaphore(value: 0)
        let handoff = Mutex<Result<DecodedPicture, ImageDecodingError>?>(nil)
        startDetachedThread {
            bytes.withUnsafeBufferPointer { buffer in
                // This thread keeps the decoder, the rows' memory and the progress, not the
                // picture: a streamed picture dropped unread lets its decoder go on (see
                // `DecodedPicture`), so the decoder must not hold it.
                let decoder: JPEGDecoderHandle
                let image: Image
                let height: Int
                let progress: DecodeProgress
                do throws(ImageDecodingError) {
                    let region = try JPEGRegion(
                        buffer, limits: limits, target: target, focusX: focusX, focusY: focusY, inBackground: true,
                        streamed: streamed, recycler: recycler)
                    (decoder, image, height) = (region.decoder, region.picture.image, region.picture.height)
                    progress = region.picture.progress!
                    handoff.withLock { $0 = .success(region.picture) }
                } catch {
                    handoff.withLock { $0 = .failure(error) }
                    prepared.signal()
                    return
                }
                prepared.signal()
                do throws(ImageDecodingError) {
                    try checkingTheFile(bytes) { () throws(ImageDecodingError) in
                        try readRows(decoder, into: image, height: height, progress: progress)
                    }
                    progress.ended(with: nil)
                } catch {
                    progress.ended(with: error)
                }
            }
        }
        prepared.wait()
        // Taken out, not copied: the handoff lives as long as the decoding thread.
        return try handoff.withLock { $0.take()! }.get()
    }

    /// An opened JPEG, started at the DCT scale the target allows and cropped to the
    /// region the target shows, with the picture its rows go into (which reports
    /// `progress`, when they are decoded on another thread). The decoder closes itself.
    private struct JPEGRegion {
        let decoder: JPEGDecoderHandle
        let picture: DecodedPicture

        /// `inBackground`: the rows will be decoded on another thread, reporting to the
        /// picture's `progress`; `streamed` as well: through a ring.
        init(
            _ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits, target: (width: Int, height: Int),
            focusX: Double, focusY: Double, inBackground: Bool = false, streamed: Bool = false,
            recycler: ImageRecycler? = nil
        ) throws(ImageDecodingError) {
            let header = try JPEGHeader(buffer, limits: limits)
            picture = try Self.start(
                header, target: target, focusX: focusX, focusY: focusY, inBackground: inBackground,
                streamed: streamed, recycler: recycler)
            decoder = header.decoder
        }

        private static func start(
            _ header: JPEGHeader, target: (width: Int, height: Int), focusX: Double, focusY: Double,
            inBackground: Bool, streamed: Bool, recycler: ImageRecycler?
        ) throws(ImageDecodingError) -> DecodedPicture {
            let denominator = jpegScaleDenominator(width: header.width, height: header.height, coverTarget: target)
            var fullWidth: UInt32 = 0
            var fullHeight: UInt32 = 0
            let started = header.decoder.withPointer { decoder in
                ShimResult.call { wg_jpeg_decoder_start(decoder, Int32(denominator), &fullWidth, &fullHeight, $0, $1) }
            }
            guard started.succeeded else { throw started.decodingError(.jpeg) }
            let crop = CoverGeometry.crop(
                sourceWidth: Int(fullWidth), sourceHeight: Int(fullHeight), targetWidth: target.width,
                targetHeight: target.height, focusX: focusX, focusY: focusY)
            let reach = Int((3 * max(1, crop.width / Double(target.width))).rounded(.up)) + 8
            let x0 = max(0, Int(crop.x.rounded(.down)) - reach)
            let x1 = min(Int(fullWidth), Int((crop.x + crop.width).rounded(.up)) + reach)
            let y0 = max(0, Int(crop.y.rounded(.down)) - reach)
            let y1 = min(Int(fullHeight), Int((crop.y + crop.height).rounded(.up)) + reach)
            var x = UInt32(x0)
            var columns = UInt32(x1 - x0)
            let cropped = header.decoder.withPointer { decoder in
                ShimResult.call { wg_jpeg_decoder_crop(decoder, &x, &columns, UInt32(y0), UInt32(y1 - y0), $0, $1) }
            }
            guard cropped.succeeded else { throw cropped.decodingError(.jpeg) }
            let rows = y1 - y0
            let ring = streamed ? ringRows(forShrinking: crop.height / Double(target.height), rows: rows) : nil
            // libjpeg's RGBA rows carry alpha 255.
            let progress = inBackground ? DecodeProgress(ringRows: ring, rowsAreOpaque: true) : nil
            // libjpeg writes every pixel of the region, so recycled memory needs no clearing.
            return DecodedPicture(
                image: Image(width: Int(columns), height: ring ?? rows, recycling: recycler), height: rows,
                fullWidth: Int(fullWidth), fullHeight: Int(fullHeight), offsetX: Int(x), offsetY: y0,
                progress: progress)
        }

        /// The rows of a streamed picture's ring, or nil when it would hold them all. The
        /// resampler reads the rows of one output row's vertical window (at most
        /// 6 x `shrink` + 2 of them) while the decoder writes a batch of rows
        /// (`DecodeProgress.rowsPerPublication`) past them, so the ring must hold both;
        /// 1024 rows also let the decoder run ahead while the scene is still being built
        /// (a card's first 8 ms, 500 rows of a 4000x3000 photo) and when the resampler
        /// stops to composite a band.
        static func ringRows(forShrinking shrink: Double, rows: Int) -> Int? {
            let window = Int((6 * max(1, shrink)).rounded(.up)) + 2
            let ring = max(1024, 4 * (window + DecodeProgress.rowsPerPublication))
            return ring < rows ? ring : nil
        }
    }

    /// Decodes every row of a started decoder into `image`, publishing each batch of
    /// rows to `progress`.
    private static func readRows(
        _ handle: JPEGDecoderHandle, into image: Image, height: Int? = nil, progress: DecodeProgress? = nil
    ) throws(ImageDecodingError) {
        let height = height ?? image.height
        let batch = DecodeProgress.rowsPerPublication
        var rowsDone: UInt32 = 0
        while Int(rowsDone) < height {
            progress?.waitForRoom(upTo: min(height, Int(rowsDone) + batch))
            let read = handle.withPointer { decoder in
                ShimResult.call {
                    wg_jpeg_decoder_read(
                        decoder, image.pixels, image.bytesPerRow, UInt32(progress?.ringRows ?? 0), UInt32(batch),
                        &rowsDone, $0, $1)
                }
            }
            guard read.succeeded else { throw read.decodingError(.jpeg) }
            progress?.published(rows: Int(rowsDone))
        }
    }

    private static func decodeJPEG(
        _ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits,
        coverTarget: (width: Int, height: Int)?
    ) throws(ImageDecodingError) -> Image {
        let header = try JPEGHeader(buffer, limits: limits)
        // A photo turned on its side fills the target with its stored height.
        let orientation = ExifOrientation.read(jpeg: buffer) ?? .normal
        let target = orientation.swapsAxes ? coverTarget.map { ($0.height, $0.width) } : coverTarget
        let denominator = jpegScaleDenominator(width: header.width, height: header.height, coverTarget: target)
        var outputWidth: UInt32 = 0
        var outputHeight: UInt32 = 0
        let started = header.decoder.withPointer { decoder in
            ShimResult.call { wg_jpeg_decoder_start(decoder, Int32(denominator), &outputWidth, &outputHeight, $0, $1) }
        }
        guard started.succeeded else { throw started.decodingError(.jpeg) }
        let image = Image(width: Int(outputWidth), height: Int(outputHeight))
        try readRows(header.decoder, into: image)
        return orientation.apply(to: image)
    }

    /// An opened PNG whose header passed the limits; the decoder closes itself.
    private struct PNGHeader {
        let decoder: PNGDecoderHandle
        let width: Int
        let height: Int
        let hasAlpha: Bool

        init(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits) throws(ImageDecodingError) {
            // IHDR must come first, at a fixed offset. Checking its size here refuses a
            // huge image before libpng reads (and buffers) whatever chunks follow.
            if let size = Self.declaredSize(buffer) { try limits.check(width: size.width, height: size.height) }
            var decoder: OpaquePointer?
            var width: UInt32 = 0
            var height: UInt32 = 0
            var hasAlpha: Int32 = 0
            var shimLimits = limits.shimLimits
            let result = ShimResult.call {
                wg_png_decoder_open(
                    buffer.baseAddress, buffer.count, &shimLimits, &decoder, &width, &height,
                    &hasAlpha, $0, $1)
            }
            guard result.succeeded, let decoder else { throw result.decodingError(.png) }
            self.decoder = PNGDecoderHandle(decoder)
            try limits.check(width: Int(width), height: Int(height))
            self.width = Int(width)
            self.height = Int(height)
            self.hasAlpha = hasAlpha != 0
        }

        /// Width and height from the IHDR chunk right after the signature, if present.
        static func declaredSize(_ buffer: UnsafeBufferPointer<UInt8>) -> (width: Int, height: Int)? {
            guard buffer.count >= 24, Array(buffer[12..<16]) == Array("IHDR".utf8) else { return nil }
            func bigEndian(_ offset: Int) -> Int { buffer[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) } }
            return (bigEndian(16), bigEndian(20))
        }
    }

    private static func decodePNG(_ buffer: UnsafeBufferPointer<UInt8>, limits: DecodeLimits)
        throws(ImageDecodingError) -> Image
    {
        let header = try PNGHeader(buffer, limits: limits)
        let image = Image(width: header.width, height: header.height)
        let read = header.decoder.withPointer { decoder in
            ShimResult.call { wg_png_decoder_read(decoder, image.pixels, image.bytesPerRow, $0, $1) }
        }
        guard read.succeeded else { throw read.decodingError(.png) }
        if header.hasAlpha { premultiplyInPlace(image) }
        return image
    }

    /// libpng hands back straight alpha; the engine stores premultiplied.
    static func premultiplyInPlace(_ image: Image) {
        for y in 0..<image.height {
            let p = image.row(y)
            for x in 0..<image.width {
                let pixel = p + 4 * x
                let alpha = pixel[3]
                if alpha == 255 { continue }
                pixel[0] = PremultipliedPixel.multiply(pixel[0], alpha)
                pixel[1] = PremultipliedPixel.multiply(pixel[1], alpha)
                pixel[2] = PremultipliedPixel.multiply(pixel[2], alpha)
            }
        }
    }
}
