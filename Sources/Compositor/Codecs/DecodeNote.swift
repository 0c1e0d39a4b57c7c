/// Something a person should know about how their picture was read, although it was
/// read: the caller prints it as a note and carries on.
public enum DecodeNote: Sendable, Equatable, CustomStringConvertible {
    /// An animated WebP: only its first frame (as drawn on its canvas) is used.
    case firstFrameOfAnimation(frames: Int)

    public var description: String {
        switch self {
        case .firstFrameOfAnimation(let frames):
            "it is an animated WebP of \(frames) frames; only the first frame is used"
        }
    }
}
