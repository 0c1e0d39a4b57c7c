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
        var timings = RenderTimings()
        let clock = ContinuousClock()
        guard scene.width > 0, scene.height > 0 else {
            return (Image(width: scene.width, height: scene.height), timings, 0..<scene.height)
        }
        let leading = scene.sharedLayerCount
        if let background {
            precondition(background.width == scene.width && background.height == scene.height, "background size")
        }

        // The canvas is made when first needed. If that is a fused pass with a picture
        // that fills the canvas, the pass writes into the picture itself (each row is
        // read into the accumulator before it is written back): one canvas-sized buffer
        // fewer at the busiest moment, 12 MB for a phone wallpaper and 33 MB at 4K.
        var canvas: Image? = background.map { shared in
            let started = clock.now
            defer { timings.composite += clock.now - started }
            // Every pixel is copied over, so recycled memory needs no clearing.
            let copy = Image(width: shared.width, height: shared.height, recycling: recycler)
            copy.pixels.update(from: shared.pixels, count: shared.bytesPerRow * shared.height)
            return copy
        }
        func target() -> Image {
            if let canvas { return canvas }
            let made = Image(width: scene.width, height: scene.height)
            canvas = made
            return made
        }
        // nil until there is a background to differ from.
        var changed: Range<Int>? = background == nil ? nil : 0..<0
        func drawn(on rows: Range<Int>) { changed = changed?.spanning(rows) }
        var pending: [AreaCompositor.Operation] = []
        func flush() {
            guard !pending.isEmpty else { return }
            // Whole-canvas layers change every row.
            drawn(on: 0..<scene.height)
            let started = clock.now
            let blank = canvas == nil
            if blank { canvas = Self.canvasSizedPicture(in: pending, width: scene.width, height: scene.height) }
            AreaCompositor(operations: pending, dithers: dithers).apply(
                to: target(), startBlank: blank, workers: workers)
            timings.composite += clock.now - started
            pending.removeAll()
        }

        func handOutBackground() {
            guard let keepBackground, leading > 0 else { return }
            flush()
            keepBackground(target().copy())
            changed = 0..<0
        }
        let layers = background == nil ? scene.layers[...] : scene.layers.dropFirst(leading)
        let textAhead = TextPreparedAhead.start(for: scene)
        // Layers already composited with the picture before them (see `.picture` below).
        var compositedThrough = -1
        // By index, not `zip(layers.indices, layers)`: that Zip2Sequence's metadata is made
        // at run time, with a search through the binary's conformances, on every card.
        for index in layers.indices {
            let layer = layers[index]
            if background == nil && index == leading { handOutBackground() }
            if index <= compositedThrough { continue }
            switch layer {
            case .solid(let color):
                pending.append(Self.operation(solid: color))
            case .picture(let picture):
                let started = clock.now
                // A picture that will be the canvas (no picture before it, nothing drawn
                // yet) is composited with the solids and gradients around it band by band,
                // as the resampler makes the bands, on its threads: while the picture still
                // decodes, on the core the decoder leaves over (`Resampler`'s `finishing`).
                if canvas == nil && !pending.contains(where: \.isPicture) {
                    let stop = background == nil && keepBackground != nil ? leading : nil
                    let following = Self.areaLayers(after: index, in: scene, before: stop)
                    let before = pending
                    let after = following.map { Self.operation($0, in: scene) }
                    let opacity = Float(picture.opacity)
                    let dithers = dithers
                    compositedThrough = index + following.count
                    // While the picture decodes, the text and shapes over it are drawn
                    // band by band too, and the finished rows handed on.
                    let finisher = rowsFinished.flatMap { rowsFinished -> RowFinisher? in
                        guard background == nil, keepBackground == nil, picture.picture.progress?.isDecoding == true,
                            let overlays = RowFinisher.overlays(of: scene, compositedThrough + 1..<scene.layers.count)
                        else { return nil }
                        return RowFinisher(
                            overlays: overlays, textAhead: textAhead, canvasHeight: scene.height,
                            rowsFinished: rowsFinished)
                    }
                    let reusesPages =
                        !keepsPixels && finisher != nil
                        && Self.isOpaque(under: before, picture: picture, opacity: opacity)
                    canvas = fit(picture, width: scene.width, height: scene.height, reusingPages: reusesPages) {
                        image, rows in
                        AreaCompositor(
                            operations: before + [.picture(image, opacity: opacity)] + after, dithers: dithers
                        )
                        .apply(to: image, rows: rows, startBlank: true)
                        finisher?.composited(rows, of: image)
                    }
                    pending.removeAll()
                    drawn(on: 0..<scene.height)
                    if let finisher {
                        try finisher.finish(on: target())
                        compositedThrough = scene.layers.count - 1
                    }
                } else {
                    let fitted = fit(picture, width: scene.width, height: scene.height)
                    pending.append(.picture(fitted, opacity: Float(picture.opacity)))
                }
                timings.scale += clock.now - started
            case .gradient(let gradient):
                pending.append(Self.operation(gradient, in: scene))
            case .text(let text):
                flush()
                let started = clock.now
                if let textAhead {
                    drawn(on: TextPainter.draw(try textAhead.prepared(layer: index), paint: text.paint, on: target()))
                } else {
                    drawn(on: try TextPainter.draw(text, on: target()))
                }
                timings.text += clock.now - started
            case .shape(let shape):
                flush()
                shape.mask.blend(color: shape.color.premultiplied, onto: target())
                drawn(on: shape.mask.canvasRows(within: scene.height))
            }
        }
        flush()
        if background == nil && leading == scene.layers.count { handOutBackground() }
        return (target(), timings, changed ?? 0..<scene.height)
    }

    /// The solids and gradients right after layer `index`, up to the next layer of
    /// another kind or `stop` (the first layer a handed-out background must not hold).
    private static func areaLayers(after index: Int, in scene: Scene, before stop: Int?) -> [Layer] {
        var layers: [Layer] = []
        var next = index + 1
        while next < scene.layers.count, next != stop {
            switch scene.layers[next] {
            case .solid, .gradient: layers.append(scene.layers[next])
            default: return layers
            }
            next += 1
        }
        return layers
    }

    private static func operation(_ layer: Layer, in scene: Scene) -> AreaCompositor.Operation {
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
    private static func canvasSizedPicture(in operations: [AreaCompositor.Operation], width: Int, height: Int) -> Image?
    {
        for case .picture(let image, _) in operations where image.width == width && image.height == height {
            return image
        }
        return nil
    }

    /// The picture cover-fitted to the canvas. The crop is worked out on the whole
    /// picture, then moved into the part that was decoded.
    private func fit(
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
