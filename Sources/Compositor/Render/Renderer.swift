/// Time spent in each stage of one render.
public struct RenderTimings: Sendable {
    public var scale: Duration = .zero
    public var composite: Duration = .zero
    public var text: Duration = .zero
}

/// Turns a `Scene` into pixels.
///
/// Pictures are cover-scaled to the canvas first. Then each run of whole-canvas layers
/// (solid, picture, gradient) is composited in one fused pass per row, and text layers
/// are blended over only the pixels their glyphs touch.
public struct Renderer: Sendable {
    /// Threads one render may use.
    public var workers: Int
    /// Dither whole-canvas layers when quantising them, so smooth shades show no 8-bit
    /// bands. Off rounds instead: PNGs about a tenth smaller, at the risk of faint bands.
    public var dithers: Bool
    /// Where scaled pictures get their memory, for renders in a batch (see
    /// `ImageRecycler`); nil makes each one fresh.
    public var recycler: ImageRecycler?

    public init(workers: Int = Parallel.availableCores, dithers: Bool = true, recycler: ImageRecycler? = nil) {
        self.workers = max(1, workers)
        self.dithers = dithers
        self.recycler = recycler
    }

    public func render(_ scene: Scene) throws(FontError) -> Image {
        try renderTimed(scene).image
    }

    /// Renders `scene` and says where the time went, and which rows may differ from its
    /// background.
    ///
    /// Its background, the leading layers other renders may share (those that cover the
    /// whole canvas, and any the design marks as repeated: `Scene.sharedLayerCount`): given
    /// as `background` (what those layers composite to, as `keepBackground` handed it out),
    /// they are not drawn again and the rest is drawn over a copy of it, the same pixels
    /// as drawing them all; otherwise `keepBackground`, when given, receives a copy of the
    /// canvas as soon as they are drawn, before anything else is.
    ///
    /// `changedRows` spans every row drawn on after the background (given, or handed to
    /// `keepBackground`): the rows outside it are the background's, pixel for pixel, so an
    /// encoder may reuse what it made of them (`PNGBandSharing`). Without a background it
    /// is the whole canvas.
    ///
    /// `rowsFinished`, when given, is called with the canvas and a row above which nothing
    /// more will be drawn, as rows are finished, from any thread (`PNGRowStream` takes
    /// them); the calls are not ordered, and rows not given by the time this returns are
    /// finished then (the stream's `finish` takes them, on every core). Rows finish
    /// early when the scene is a picture still decoding, with solids and gradients around
    /// it and text and shapes over it, and no background is given or kept (`RowFinisher`).
    ///
    /// Without `keepsPixels` (the caller reads only the image's size afterwards, and
    /// `rowsFinished` is the rows' last reader), a canvas finished early whose result is
    /// known opaque passes its pages down as `rowsFinished`'s reader releases its rows
    /// (`CanvasPageReuse`): rows above what it released then read as zero.
    public func renderTimed(
        _ scene: Scene, background: Image? = nil, keepBackground: ((Image) -> Void)? = nil,
        rowsFinished: (@Sendable (Image, Int) -> Void)? = nil, keepsPixels: Bool = true
    ) throws(FontError) -> (image: Image, timings: RenderTimings, changedRows: Range<Int>) {
        guard scene.width > 0, scene.height > 0 else {
            return (Image(width: scene.width, height: scene.height), RenderTimings(), 0..<scene.height)
        }
        if let background {
            precondition(background.width == scene.width && background.height == scene.height, "background size")
        }
        let plan = RenderPlan(
            scene,
            RenderPlan.Request(
                hasBackground: background != nil, keepsBackground: keepBackground != nil,
                takesFinishedRows: rowsFinished != nil, keepsPixels: keepsPixels))
        var run = RenderRun(renderer: self, scene: scene, background: background)
        for step in plan.steps {
            switch step {
            case .composite(let layers): run.composite(layers)
            case .pictureCanvas(let picture, let before, let after, let finishing, let reusesPages):
                try run.pictureCanvas(
                    picture, before: before, after: after, finishing: finishing.map { ($0, rowsFinished!) },
                    reusesPages: reusesPages)
            case .text(let layer): try run.text(layer)
            case .shape(let layer): run.shape(layer)
            case .handOutBackground:
                keepBackground?(run.target().copy())
                run.changed = 0..<0
            }
        }
        return (run.target(), run.timings, run.changed ?? 0..<scene.height)
    }

    /// One render carrying out its plan's steps: the canvas (made when first needed),
    /// the rows drawn since the background, and where the time went.
    private struct RenderRun {
        let renderer: Renderer
        let scene: Scene
        let textAhead: TextPreparedAhead?
        let clock = ContinuousClock()
        var timings = RenderTimings()
        var canvas: Image?
        /// nil until there is a background to differ from.
        var changed: Range<Int>?

        init(renderer: Renderer, scene: Scene, background: Image?) {
            self.renderer = renderer
            self.scene = scene
            textAhead = TextPreparedAhead.start(for: scene)
            changed = background == nil ? nil : 0..<0
            guard let background else { return }
            let started = clock.now
            // Every pixel is copied over, so recycled memory needs no clearing.
            let copy = Image(width: background.width, height: background.height, recycling: renderer.recycler)
            copy.pixels.update(from: background.pixels, count: background.bytesPerRow * background.height)
            canvas = copy
            timings.composite += clock.now - started
        }

        /// The canvas, made blank if nothing was drawn yet.
        mutating func target() -> Image {
            if let canvas { return canvas }
            let made = Image(width: scene.width, height: scene.height)
            canvas = made
            return made
        }

        mutating func drawn(on rows: Range<Int>) { changed = changed?.spanning(rows) }

        /// Whole-canvas layers composited in one pass: they change every row. The canvas,
        /// when there is none yet, is the first canvas-sized picture among them.
        mutating func composite(_ layers: [Int]) {
            let fitting = clock.now
            let operations = layers.map { index -> AreaCompositor.Operation in
                guard case .picture(let picture) = scene.layers[index] else {
                    return Renderer.operation(scene.layers[index], in: scene)
                }
                return .picture(
                    renderer.fit(picture, width: scene.width, height: scene.height), opacity: Float(picture.opacity))
            }
            timings.scale += clock.now - fitting
            drawn(on: 0..<scene.height)
            let started = clock.now
            let blank = canvas == nil
            if blank {
                canvas = Renderer.canvasSizedPicture(in: operations, width: scene.width, height: scene.height)
            }
            AreaCompositor(operations: operations, dithers: renderer.dithers).apply(
                to: target(), startBlank: blank, workers: renderer.workers)
            timings.composite += clock.now - started
        }

        /// The picture made the canvas band by band, as the resampler makes the bands on its
        /// threads (while the picture still decodes, on the core the decoder leaves over:
        /// `Resampler`'s `finishing`); with `finishing`, the text and shapes over it drawn
        /// band by band too, and the finished rows handed on.
        mutating func pictureCanvas(
            _ index: Int, before: [Int], after: [Int],
            finishing: (layers: Range<Int>, rowsFinished: @Sendable (Image, Int) -> Void)?, reusesPages: Bool
        ) throws(FontError) {
            guard case .picture(let picture) = scene.layers[index] else { preconditionFailure("a picture layer") }
            let started = clock.now
            let scene = scene
            let under = before.map { Renderer.operation(scene.layers[$0], in: scene) }
            let over = after.map { Renderer.operation(scene.layers[$0], in: scene) }
            let opacity = Float(picture.opacity)
            let dithers = renderer.dithers
            let finisher = finishing.map { finishing in
                RowFinisher(
                    overlays: RowFinisher.overlays(of: scene, finishing.layers), textAhead: textAhead,
                    canvasHeight: scene.height, rowsFinished: finishing.rowsFinished)
            }
            canvas = renderer.fit(picture, width: scene.width, height: scene.height, reusingPages: reusesPages) {
                image, rows in
                AreaCompositor(operations: under + [.picture(image, opacity: opacity)] + over, dithers: dithers)
                    .apply(to: image, rows: rows, startBlank: true)
                finisher?.composited(rows, of: image)
            }
            drawn(on: 0..<scene.height)
            if let finisher { try finisher.finish(on: target()) }
            timings.scale += clock.now - started
        }

        mutating func text(_ index: Int) throws(FontError) {
            guard case .text(let text) = scene.layers[index] else { preconditionFailure("a text layer") }
            let started = clock.now
            if let textAhead {
                drawn(on: TextPainter.draw(try textAhead.prepared(layer: index), paint: text.paint, on: target()))
            } else {
                drawn(on: try TextPainter.draw(text, on: target()))
            }
            timings.text += clock.now - started
        }

        mutating func shape(_ index: Int) {
            guard case .shape(let shape) = scene.layers[index] else { preconditionFailure("a shape layer") }
            shape.mask.blend(color: shape.color.premultiplied, onto: target())
            drawn(on: shape.mask.canvasRows(within: scene.height))
        }
    }

    static func operation(_ layer: Layer, in scene: Scene) -> AreaCompositor.Operation {
        switch layer {
        case .solid(let color): return operation(solid: color)
        case .gradient(let gradient): return operation(gradient, in: scene)
        default: preconditionFailure("only solids and gradients composite in one pass")
        }
    }

    private static func operation(solid color: Color) -> AreaCompositor.Operation {
        .solid(unitPremultiplied(color))
    }

    private static func operation(_ gradient: LinearGradient, in scene: Scene) -> AreaCompositor.Operation {
        let color = unitStraight(gradient.color)
        switch gradient.axis {
        case .horizontal:
            let alphas = gradient.alphas(count: scene.width)
            return .horizontalGradient(color: color, alphas: alphas, painted: AreaCompositor.paintedSpans(of: alphas))
        case .vertical:
            // Held over the dither's runs of rows, so both change on the same rows.
            let alphas = gradient.alphas(count: scene.height, heldOver: DitherPattern.rowsPerRun)
            return .verticalGradient(color: color, alphas: alphas)
        }
    }

    /// Whether a canvas that starts from `before` and then `picture` at `opacity` is
    /// opaque: its first layer is an opaque solid, or it is the picture itself, whole and
    /// with opaque pixels. Whatever source-over draws over an opaque canvas leaves it so.
    static func isOpaque(
        under before: [AreaCompositor.Operation], picture: PictureLayer, opacity: Float
    ) -> Bool {
        switch before.first {
        case .solid(let color)?: color.w == 1
        case nil: opacity == 1 && picture.picture.progress?.rowsAreOpaque == true
        default: false
        }
    }

    /// The first picture among `operations` that is exactly canvas-sized, if any.
    static func canvasSizedPicture(in operations: [AreaCompositor.Operation], width: Int, height: Int) -> Image? {
        for case .picture(let image, _) in operations where image.width == width && image.height == height {
            return image
        }
        return nil
    }

    /// The picture cover-fitted to the canvas. The crop is worked out on the whole
    /// picture, then moved into the part that was decoded.
    func fit(
        _ layer: PictureLayer, width: Int, height: Int, reusingPages: Bool = false,
        finishing: (@Sendable (Image, Range<Int>) -> Void)? = nil
    ) -> Image {
        let picture = layer.picture
        let crop = CoverGeometry.crop(
            sourceWidth: picture.fullWidth, sourceHeight: picture.fullHeight, targetWidth: width,
            targetHeight: height, focusX: layer.focusX, focusY: layer.focusY)
        let local = SourceRect(
            x: crop.x - Double(picture.offsetX), y: crop.y - Double(picture.offsetY), width: crop.width,
            height: crop.height)
        return Resampler.resample(
            picture, crop: local, width: width, height: height, workers: workers, recycler: recycler,
            reusingPages: reusingPages, finishing: finishing)
    }

    private static func unitPremultiplied(_ color: Color) -> SIMD4<Float> {
        let alpha = Float(color.alpha) / 255
        return SIMD4(
            Float(color.red) / 255 * alpha, Float(color.green) / 255 * alpha, Float(color.blue) / 255 * alpha, alpha)
    }

    /// The colour at alpha 1; gradient alphas (which include the colour's alpha) scale it.
    private static func unitStraight(_ color: Color) -> SIMD4<Float> {
        SIMD4(Float(color.red) / 255, Float(color.green) / 255, Float(color.blue) / 255, 1)
    }
}
