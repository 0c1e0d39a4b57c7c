/// An element that paints every pixel from some row down to the canvas's bottom without
/// reading what was under it there (a lake or a sheet of ice below its horizon): what
/// elements painted before it put in those rows is never seen.
protocol Covering: Element {
    /// The first pixel row painted over whole, to the bottom; nil when none is (a river,
    /// a pond, a surface that stops short of the bottom).
    func firstCoveredRow(on canvas: Canvas) -> Int?
}

/// An element that reads pixels of rows other than the one it paints (a reflection): what
/// was painted before it must be there, so elements before it leave out no rows for the
/// sake of elements after it.
protocol ReadsOtherRows: Element {}

/// A surface laid from its horizon down and reflecting what stands above it (water, ice),
/// outlined by an optional mask. Its edge's coverage is `clamp01(d / pixelSize + 0.5)` at
/// `d` below the horizon, and it reads the rows above the horizon for its reflection.
protocol SurfaceBelowHorizon: Covering, ReadsOtherRows {
    var horizonY: Float { get }
    var bottom: Float { get }
    var mask: ((Vec2) -> Float)? { get }
}

extension SurfaceBelowHorizon {
    /// With no outline and reaching the bottom, it paints every pixel whole from the row a
    /// pixel and a half below the horizon (where its edge's coverage is 1, with a pixel to
    /// spare for rounding).
    func firstCoveredRow(on canvas: Canvas) -> Int? {
        guard mask == nil, bottom >= Canvas.designSize.y else { return nil }
        return Int((horizonY * canvas.scale).rounded(.up)) + 1
    }
}

/// How far down each of a scene's elements paints: an element leaves out the rows a later
/// one paints over whole (the mountains' feet below a lake's horizon), unless something
/// between them reads those rows. It never changes a pixel of the picture; it only spares
/// the work that would be painted over (a quarter of a lake scene's time).
///
/// Made by a dry run of the scene: the scene lists its elements as it does when it paints,
/// the canvas records them and paints nothing.
struct CoverPlan {
    /// Per element drawn by the scene itself (not those elements draw), in order: the row
    /// below which it need not paint.
    private let rowsEnd: [Int]
    /// The index of the scene's closing grain, when it is the last thing laid on an unlit
    /// canvas: it is left to the quantiser (`ScenePainter.quantize`), which multiplies each
    /// pixel by it as it reads it, the same arithmetic in one pass over the canvas rather
    /// than two. Under the real sky the lights are drawn after it, and it is drawn.
    let grainLeftToQuantizer: Int?

    init(scene: Scene, canvas: Canvas) {
        let recorder = CoverRecorder()
        canvas.coverRecorder = recorder
        canvas.rowsEnd = 0  // nothing is painted during the dry run
        scene.paint(on: canvas)
        canvas.coverRecorder = nil
        canvas.rowsEnd = canvas.height
        var ends = [Int](repeating: canvas.height, count: recorder.elements.count)
        var end = canvas.height
        for (index, element) in recorder.elements.enumerated().reversed() {
            ends[index] = end
            if element is ReadsOtherRows { end = canvas.height }
            if let covering = element as? Covering, let row = covering.firstCoveredRow(on: canvas) {
                end = min(end, max(row, 0))
            }
        }
        rowsEnd = ends
        let last = recorder.elements.count - 1
        grainLeftToQuantizer = canvas.lighting == nil && recorder.elements.last is Grain ? last : nil
    }

    /// The row below which the scene's `index`th element need not paint.
    func rowsEnd(ofElement index: Int, canvasHeight: Int) -> Int {
        index < rowsEnd.count ? rowsEnd[index] : canvasHeight
    }
}

/// The elements a scene draws during `CoverPlan`'s dry run.
final class CoverRecorder {
    var elements: [Element] = []
}
