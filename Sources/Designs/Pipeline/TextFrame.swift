/// The part of a canvas a design keeps its text in. A picture spanning several monitors
/// is one canvas with seams in it; its text goes inside one monitor's rectangle, so no
/// seam or gap between screens cuts a word.
public struct TextFrame: Sendable, Equatable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}
