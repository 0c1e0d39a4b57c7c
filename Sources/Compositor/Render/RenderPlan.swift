/// What a render does, step by step, worked out from the scene before any pixel is
/// touched; `Renderer` then carries the steps out. Layers are named by their index in
/// the scene.
///
/// The rules: runs of whole-canvas layers (solids, gradients, pictures) are composited
/// in one fused pass per row; text and shapes are drawn over only the rows they touch,
/// after what is under them is composited. A picture that will be the canvas (nothing
/// drawn yet, no other picture waiting) is fitted band by band, each band composited
/// with the solids and gradients under and over it as it is made; and when the caller
/// takes rows as they finish and the picture is still decoding, the text and shapes over
/// it are drawn band by band too (`RowFinisher`). The leading layers other renders share
/// are handed out as soon as they are drawn, or, given as a background, not drawn again.
struct RenderPlan: Equatable {
    enum Step: Equatable {
        /// Solids, gradients and pictures (each cover-fitted first) composited in one pass.
        case composite([Int])
        /// `picture` becomes the canvas, band by band, with `before` composited under each
        /// band and `after` over it; `finishing` are the text and shape layers then drawn
        /// over each band as it is done (the rest of the scene), rows handed on as they
        /// finish. `reusesPages`: the canvas is known opaque and no one reads its pixels
        /// afterwards, so its pages go down as the rows' reader releases them.
        case pictureCanvas(picture: Int, before: [Int], after: [Int], finishing: Range<Int>?, reusesPages: Bool)
        case text(Int)
        case shape(Int)
        /// The canvas as drawn so far goes to the caller's `keepBackground`.
        case handOutBackground
    }

    /// What the caller gives and asks for, as far as it shapes the plan.
    struct Request: Equatable {
        /// The shared leading layers are given already drawn.
        var hasBackground = false
        /// The caller keeps the shared leading layers' canvas (`keepBackground`).
        var keepsBackground = false
        /// The caller takes rows as they finish (`rowsFinished`).
        var takesFinishedRows = false
        /// The caller reads the canvas's pixels afterwards.
        var keepsPixels = true
    }

    let steps: [Step]

    init(_ scene: Scene, _ request: Request) {
        let leading = scene.sharedLayerCount
        let handsOut = !request.hasBackground && request.keepsBackground && leading > 0
        var steps: [Step] = []
        var pending: [Int] = []
        var pendingHasPicture = false
        var canvasMade = request.hasBackground
        func flush() {
            guard !pending.isEmpty else { return }
            steps.append(.composite(pending))
            pending.removeAll()
            pendingHasPicture = false
            canvasMade = true
        }
        func handOutBackground() {
            flush()
            steps.append(.handOutBackground)
            canvasMade = true
        }
        var index = request.hasBackground ? leading : 0
        while index < scene.layers.count {
            if handsOut && index == leading { handOutBackground() }
            switch scene.layers[index] {
            case .solid, .gradient:
                pending.append(index)
            case .picture(let picture):
                if canvasMade || pendingHasPicture {
                    pending.append(index)
                    pendingHasPicture = true
                    break
                }
                let after = Self.areaLayers(after: index, in: scene, before: handsOut ? leading : nil)
                let last = index + after.count
                let finishing = Self.finishing(scene, after: last, picture: picture, request)
                let reusesPages =
                    !request.keepsPixels && finishing != nil
                    && Renderer.isOpaque(
                        under: pending.prefix(1).map { Renderer.operation(scene.layers[$0], in: scene) },
                        picture: picture, opacity: Float(picture.opacity))
                steps.append(
                    .pictureCanvas(
                        picture: index, before: pending, after: after, finishing: finishing, reusesPages: reusesPages))
                pending.removeAll()
                canvasMade = true
                index = finishing?.upperBound ?? last + 1
                continue
            case .text:
                flush()
                steps.append(.text(index))
                canvasMade = true
            case .shape:
                flush()
                steps.append(.shape(index))
                canvasMade = true
            }
            index += 1
        }
        flush()
        if handsOut && leading == scene.layers.count { handOutBackground() }
        self.steps = steps
    }

    /// The solids and gradients right after layer `index`, up to the next layer of
    /// another kind or `stop` (the first layer a handed-out background must not hold).
    private static func areaLayers(after index: Int, in scene: Scene, before stop: Int?) -> [Int] {
        var layers: [Int] = []
        var next = index + 1
        while next < scene.layers.count, next != stop {
            switch scene.layers[next] {
            case .solid, .gradient: layers.append(next)
            default: return layers
            }
            next += 1
        }
        return layers
    }

    /// The layers after `last` drawn band by band over a picture still decoding: all the
    /// rest of the scene, when they are text and shapes only and the caller takes rows as
    /// they finish (and neither gives nor keeps a background).
    private static func finishing(_ scene: Scene, after last: Int, picture: PictureLayer, _ request: Request)
        -> Range<Int>?
    {
        let rest = last + 1..<scene.layers.count
        guard request.takesFinishedRows, !request.hasBackground, !request.keepsBackground,
            picture.picture.progress?.isDecoding == true, RowFinisher.drawsByBands(scene, rest)
        else { return nil }
        return rest
    }
}
