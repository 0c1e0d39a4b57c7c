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
        self.image = image
        self.fullWidth = fullWidth
        self.fullHeight = fullHeight
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.progress = progress
    }

    /// Waits until every row is decoded; throws if decoding failed part-way. A picture
    /// that was still arriving must be finished before anything drawn from it is used.
    public func finish() throws(ImageDecodingError) {
        try progress?.finish()
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
    public static func decodePicture(
        _ bytes: [UInt8], limits: DecodeLimits = .standard, width: Int, height: Int, focusX: Double = 0.5,
        focusY: Double = 0.5, inBackground: Bool = false, recycler: ImageRecycler? = nil
    ) throws(ImageDecodingError) -> DecodedPicture {
        let target = (width: width, height: height)
        let isPlainJPEG = bytes.withUnsafeBufferPointer { buffer in
            ImageFormat(sniffing: buffer) == .jpeg && (ExifOrientation.read(jpeg: buffer) ?? .normal) == .normal
        }
        // Turned photos and other formats are decoded whole: their crop would be in other
        // coordinates, or their libraries decode whole pictures only.
        guard isPlainJPEG, width > 0, height > 0 else {
            let (image, notes) = try decodeNoting(bytes, limits: limits, coverTarget: target)
            return DecodedPicture(image, notes: notes)
        }
        if inBackground {
            return try startDecodingJPEGRegion(
                bytes, limits: limits, target: target, focusX: focusX, focusY: focusY, recycler: recycler)
        }
        return try bytes.withUnsafeBufferPointer { (buffer) throws(ImageDecodingError) -> DecodedPicture in
            try decodeJPEGRegion(
                buffer, limits: limits, target: target, focusX: focusX, focusY: focusY, recycler: recycler)
        }
    }
}
