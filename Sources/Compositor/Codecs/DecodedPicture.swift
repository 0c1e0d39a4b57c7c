internal import CImaging

/// A picture decoded for one canvas: perhaps only the part of it the canvas will show,
/// and where that part lies in the whole.
///
/// A portrait phone shows a third of a landscape photo's width; decoding only that
/// (and the few pixels around it the resampling filter reads) costs a third of the
/// time and memory, and gives exactly the pixels a full decode would there.
public struct DecodedPicture: Sendable {
    public let image: Image
    /// The whole picture's size at the scale it was decoded at.
    public let fullWidth: Int
    public let fullHeight: Int
    /// Where `image` starts within the whole.
    public let offsetX: Int
    public let offsetY: Int
    /// While rows are still being decoded into `image` on another thread, how far they
    /// have got; nil when the picture was complete on arrival.
    public let progress: DecodeProgress?
    /// For a picture streamed to a single resampling (see `ImageDecoder.decodePicture`):
    /// `image` holds this many rows and the picture's row y is its row y % ringRows,
    /// there only until the resampler has read it. Nil when `image` is the whole picture.
    public var ringRows: Int? { progress?.ringRows }
    /// The picture's rows (more than `image` has when it is a ring).
    public let height: Int
    /// Lets the decoder of a ring finish when the picture is dropped unread.
    private let ringRelease: RingRelease?
    /// What the person should be told about how the picture was read.
    public var notes: [DecodeNote] = []

    /// A whole picture.
    public init(_ image: Image, notes: [DecodeNote] = []) {
        self.init(image: image, fullWidth: image.width, fullHeight: image.height, offsetX: 0, offsetY: 0)
        self.notes = notes
    }

    public init(
        image: Image, fullWidth: Int, fullHeight: Int, offsetX: Int, offsetY: Int, progress: DecodeProgress? = nil
    ) {
        self.init(
            image: image, height: image.height, fullWidth: fullWidth, fullHeight: fullHeight, offsetX: offsetX,
            offsetY: offsetY, progress: progress)
    }

    /// A picture of `height` rows; with a `progress` that has a ring, `image` is that ring.
    init(
        image: Image, height: Int, fullWidth: Int, fullHeight: Int, offsetX: Int, offsetY: Int,
        progress: DecodeProgress?
    ) {
        self.image = image
        self.height = height
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.progress = progress
        ringRelease = progress?.ringRows == nil ? nil : progress.map(RingRelease.init)
    }

    /// Waits until every row is decoded; throws if decoding failed part-way. A picture
    /// that was still arriving must be finished before anything drawn from it is used.
    public func finish() throws(ImageDecodingError) {
        try progress?.finish()
    }
}

/// Held by a streamed picture (and its copies) alone, never by its decoder: when the
/// last copy goes, no row will be read again, and a decoder still waiting for room in
/// its ring is let go on to its end.
private final class RingRelease: Sendable {
    let progress: DecodeProgress

    init(_ progress: DecodeProgress) {
        self.progress = progress
    }

    deinit {
        progress.releaseEveryRow()
    }
}

extension ImageDecoder {
    /// Decodes what a cover fit of the picture onto a `width` x `height` canvas needs.
    /// JPEGs are decoded at a reduced DCT scale when much larger than the canvas, and
    /// only over the cropped region (with a margin for the filter); other pictures whole.
    ///
    /// With `inBackground`, a JPEG's rows are decoded on a thread of their own after
    /// this returns (see `DecodeProgress`); call `finish()` on the result before using
    /// anything made from it. Header errors are thrown here either way. A JPEG's region
    /// takes its memory from `recycler` when given (the decoder writes every pixel).
    ///
    /// With `streamed` as well, the picture is for one resampling alone (one render,
    /// nothing kept): its rows go through a ring of 1,024 rows
    /// (`DecodedPicture.ringRows`), the decoder waiting for the resampler to be done
    /// with the rows it would overwrite. A phone card's 17 MB picture then takes 6 MB,
    /// and the decoder writes into memory it has already touched rather than into
    /// pages the kernel must first clear.
    public static func decodePicture(
        _ bytes: [UInt8], limits: DecodeLimits = .standard, width: Int, height: Int, focusX: Double = 0.5,
        focusY: Double = 0.5, inBackground: Bool = false, streamed: Bool = false, recycler: ImageRecycler? = nil
    ) throws(ImageDecodingError) -> DecodedPicture {
        try decodePicture(
            FileBytes(bytes), limits: limits, width: width, height: height, focusX: focusX, focusY: focusY,
            inBackground: inBackground, streamed: streamed, recycler: recycler)
    }

    /// The same from a file's bytes, perhaps mapped (`FileReader.mapped`): a file cut
    /// short while it was read fails with `changedWhileReading`, here (what is decoded
    /// here, a background decoding's header too, is checked once, at the end) or,
    /// decoding in the background, from the picture's `finish()`.
    public static func decodePicture(
        _ bytes: FileBytes, limits: DecodeLimits = .standard, width: Int, height: Int, focusX: Double = 0.5,
        focusY: Double = 0.5, inBackground: Bool = false, streamed: Bool = false, recycler: ImageRecycler? = nil
    ) throws(ImageDecodingError) -> DecodedPicture {
        try checkingTheFile(bytes) { () throws(ImageDecodingError) -> DecodedPicture in
            let target = (width: width, height: height)
            let isPlainJPEG = bytes.withUnsafeBufferPointer { buffer in
                ImageFormat(sniffing: buffer) == .jpeg && (ExifOrientation.read(jpeg: buffer) ?? .normal) == .normal
            }
            // Turned photos and other formats are decoded whole: their crop would be in other
            // coordinates, or their libraries decode whole pictures only.
            guard isPlainJPEG, width > 0, height > 0 else {
                let (image, notes) = try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) in
                    try decodeNoting(buffer: buffer, limits: limits, coverTarget: target)
                }
                return DecodedPicture(image, notes: notes)
            }
            if inBackground {
                return try startDecodingJPEGRegion(
                    bytes, limits: limits, target: target, focusX: focusX, focusY: focusY, streamed: streamed,
                    recycler: recycler)
            }
            return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) -> DecodedPicture in
                try decodeJPEGRegion(
                    buffer, limits: limits, target: target, focusX: focusX, focusY: focusY, recycler: recycler)
            }
        }
    }
}
