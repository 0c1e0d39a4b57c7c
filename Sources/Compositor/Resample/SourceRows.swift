/// The rows one resampling reads: every row of an image, or a streamed picture's rows
/// passing through a ring (row y in the image's row y % ring, each there until the
/// resampler has read it: see `DecodedPicture.ringRows`).
struct SourceRows: Sendable {
    let image: Image
    /// The picture's rows: the image's, or more when it is a ring.
    let height: Int
    let ring: Int?

    init(_ image: Image) {
        self.init(image, height: image.height, ring: nil)
    }

    init(_ image: Image, height: Int, ring: Int?) {
        precondition(ring.map { $0 == image.height } ?? (height == image.height), "rows and ring disagree")
        self.image = image
        self.height = height
        self.ring = ring
    }

    var width: Int { image.width }

    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
        image.row(ring.map { y % $0 } ?? y)
    }
}
