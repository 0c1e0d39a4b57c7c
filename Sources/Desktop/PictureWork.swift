/// The pixel work applying a wallpaper needs, done by the caller: the Desktop library
/// knows paths and commands, never pixels (the command line supplies this through the
/// Compositor's decoders and encoders).
public protocol PictureWork: Sendable {
    /// The bytes of the file at `path`, refusing what is not a regular file or too large.
    /// `role` names the file in errors (`picture`, `--dark`, `--monitor DP-1`).
    func read(_ path: String, role: String) throws(DesktopError) -> [UInt8]

    /// The format of `bytes`, once they are known to decode: `.notAPicture` naming `path`
    /// otherwise.
    func format(of bytes: [UInt8], path: String) throws(DesktopError) -> PictureFormat

    /// The picture as PNG bytes, for a setter that cannot read its format.
    func png(of bytes: [UInt8], path: String) throws(DesktopError) -> [UInt8]

    /// One PNG of `width` x `height` with each picture cover-fitted into its rectangle
    /// (black where no rectangle reaches): several monitors' pictures as one.
    func composite(_ tiles: [CompositeTile], width: Int, height: Int) throws(DesktopError) -> [UInt8]
}

/// One picture of a composite and the rectangle of the canvas it fills.
public struct CompositeTile: Sendable {
    public let bytes: [UInt8]
    public let path: String
    public let rect: PixelRect

    public init(bytes: [UInt8], path: String, rect: PixelRect) {
        self.bytes = bytes
        self.path = path
        self.rect = rect
    }
}
