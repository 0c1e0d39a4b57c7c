import Platform

/// Finishes a canvas band by band while its picture is still being scaled: draws the
/// text and shapes over the picture as soon as every row they touch is composited, and
/// says which rows nothing more will be drawn on (`Renderer.renderTimed`'s
/// `rowsFinished`), so an encoder can take them while the picture still decodes.
///
/// Bands arrive from the resampler's threads (`composited`), in order while the picture
/// decodes and in any order after. Once every overlay's rows and inks are known, the
/// overlays are drawn band by band: each band of composited rows gets every overlay's
/// part in it, in the scene's order, and is finished. Every pixel then gets the same
/// blends in the same order as from whole overlays drawn one after another, and no row
/// waits for an overlay further down (a card's layers run bottom-up: its last line of
/// text is the first overlay). Until then they are drawn whole, one at a time, in the
/// scene's order, each by whichever thread completes its rows: overlays may overlap one
/// another, never the rows still being composited. The rows above the composited ones and
/// above every overlay not yet drawn are finished. An overlay whose rows are not known yet
/// holds every row from the top: text still being prepared, or a paint that looks at the
/// canvas (`TextPaint.contrasting`, a wallpaper's label), until its turn comes and the rows
/// under its ink are composited; its paint is chosen then, from the same pixels as after
/// the whole canvas, and with its shadow its rows are known.
final class RowFinisher: @unchecked Sendable {
    enum Overlay {
        /// The text layer at this index in the scene, prepared by `TextPreparedAhead`.
        case text(layer: Int, TextLayer)
        case shape(CoverageMask, PremultipliedPixel)
    }

    private let overlays: [Overlay]
    private let textAhead: TextPreparedAhead?
    private let canvasHeight: Int
    private let rowsFinished: @Sendable (Image, Int) -> Void
    private let lock = Lock()
    // Guarded by `lock`.
    /// Every row above this one is composited.
    private var compositedRows = 0
    /// Bands composited below a gap, by their first row: their ends.
    private var compositedAhead: [Int: Int] = [:]
    /// The first overlay not yet drawn (whole, or band by band).
    private var nextOverlay = 0
    /// Once the overlays are drawn band by band: the overlays from `nextOverlay` on are
    /// drawn on every row above this one. Nil while they are drawn whole.
    private var bandsDrawnTo: Int?
    private var isDrawing = false
    /// Text whose paint was chosen over the canvas, by overlay: prepared with its inks.
    private var resolved: [Int: TextPainter.Prepared] = [:]
    /// The largest row reported finished.
    private var reportedRows = 0

    init(
        overlays: [Overlay], textAhead: TextPreparedAhead?, canvasHeight: Int,
        rowsFinished: @escaping @Sendable (Image, Int) -> Void
    ) {
        self.overlays = overlays
        self.textAhead = textAhead
        self.canvasHeight = canvasHeight
        self.rowsFinished = rowsFinished
    }

    /// Whether every layer of `scene` in `layers` can be drawn band by band: text and
    /// shapes can; a picture, a solid or a gradient covers the whole canvas.
    static func drawsByBands(_ scene: Scene, _ layers: Range<Int>) -> Bool {
        layers.allSatisfy { index in
            switch scene.layers[index] {
            case .text, .shape: true
            default: false
            }
        }
    }

    /// The overlays for the layers of `scene` in `layers`, which `drawsByBands` allows.
    static func overlays(of scene: Scene, _ layers: Range<Int>) -> [Overlay] {
        layers.map { index in
            switch scene.layers[index] {
            case .text(let text): .text(layer: index, text)
            case .shape(let shape): .shape(shape.mask, shape.color.premultiplied)
            default: preconditionFailure("only text and shapes are drawn band by band")
            }
        }
    }

    /// `rows` of `canvas` are composited: draws the overlays that now can be, and
    /// reports the rows finished.
    func composited(_ rows: Range<Int>, of canvas: Image) {
        lock.withLock {
            compositedAhead[rows.lowerBound] = rows.upperBound
            while let end = compositedAhead.removeValue(forKey: compositedRows) { compositedRows = end }
        }
        while true {
            switch lock.withLock({ nextStep() }) {
            case .draw(let index, let prepared):
                draw(overlays[index], prepared: prepared, on: canvas)
                lock.withLock {
                    nextOverlay += 1
                    isDrawing = false
                }
            case .drawBand(let rows, let overlays):
                for (overlay, prepared) in overlays { draw(overlay, prepared: prepared, on: canvas, rows: rows) }
                lock.withLock {
                    bandsDrawnTo = rows.upperBound
                    isDrawing = false
                }
            case .choosePaint(let index, let prepared):
                guard case .text(_, let text) = overlays[index] else { preconditionFailure("only text has a paint") }
                var painted = prepared
                painted.inks = TextPainter.inks(of: prepared, paint: text.paint, over: canvas)
                lock.withLock {
                    resolved[index] = painted
                    isDrawing = false
                }
            case .report(let rows):
                rowsFinished(canvas, rows)
            case .wait:
                return
            }
        }
    }

    /// Every row is composited (or the picture failed) and no `composited` call is
    /// running: draws the overlays not drawn yet, waiting for their text. The rows not
    /// reported yet are finished once this returns. A text layer's error is thrown here,
    /// where drawing it would have.
    func finish(on canvas: Image) throws(FontError) {
        if let drawnTo = bandsDrawnTo {
            let rows = drawnTo..<canvasHeight
            for index in nextOverlay..<overlays.count {
                draw(overlays[index], prepared: prepared(index), on: canvas, rows: rows)
            }
            nextOverlay = overlays.count
            return
        }
        for index in nextOverlay..<overlays.count {
            let overlay = overlays[index]
            var prepared: TextPainter.Prepared? = resolved[index]
            if prepared == nil, case .text(let layer, let text) = overlay {
                prepared =
                    if let textAhead {
                        try textAhead.prepared(layer: layer)
                    } else {
                        try TextPainter.prepare(text, canvasWidth: canvas.width, canvasHeight: canvas.height)
                    }
            }
            draw(overlay, prepared: prepared, on: canvas)
        }
        nextOverlay = overlays.count
    }

    private enum Step {
        case draw(Int, TextPainter.Prepared?)
        /// Every overlay from `nextOverlay` on, drawn on these composited rows alone.
        case drawBand(Range<Int>, [(Overlay, TextPainter.Prepared?)])
        /// Text whose paint looks at the canvas under its ink, now composited and final.
        case choosePaint(Int, TextPainter.Prepared)
        case report(Int)
        case wait
    }

    /// What a thread should do next (called under `lock`).
    private func nextStep() -> Step {
        if bandsDrawnTo == nil, !isDrawing, nextOverlay < overlays.count,
            (nextOverlay..<overlays.count).allSatisfy({ span(of: $0) != nil })
        {
            // Every overlay left has its rows and inks: from here on, band by band. None of
            // them touches a row reported already, so the bands start there.
            bandsDrawnTo = reportedRows
        }
        if let drawnTo = bandsDrawnTo {
            if !isDrawing, compositedRows > drawnTo {
                isDrawing = true
                return .drawBand(
                    drawnTo..<compositedRows, (nextOverlay..<overlays.count).map { (overlays[$0], prepared($0)) })
            }
            guard drawnTo > reportedRows else { return .wait }
            reportedRows = drawnTo
            return .report(drawnTo)
        }
        if !isDrawing, nextOverlay < overlays.count, let rows = span(of: nextOverlay),
            rows.isEmpty || rows.upperBound <= compositedRows
        {
            isDrawing = true
            return .draw(nextOverlay, prepared(nextOverlay))
        }
        if !isDrawing, nextOverlay < overlays.count, resolved[nextOverlay] == nil,
            let unpainted = prepared(nextOverlay), unpainted.inks == nil,
            TextPainter.rowsUnderInk(of: unpainted, canvasHeight: canvasHeight).upperBound <= compositedRows
        {
            isDrawing = true
            return .choosePaint(nextOverlay, unpainted)
        }
        var finished = compositedRows
        for index in nextOverlay..<overlays.count {
            guard let rows = span(of: index) else { return .wait }
            if !rows.isEmpty { finished = min(finished, rows.lowerBound) }
        }
        guard finished > reportedRows else { return .wait }
        reportedRows = finished
        return .report(finished)
    }

    /// The prepared text of overlay `index`, if it is text and ready (with its paint
    /// chosen, if that was done here).
    private func prepared(_ index: Int) -> TextPainter.Prepared? {
        if let painted = resolved[index] { return painted }
        guard case .text(let layer, _) = overlays[index],
            case .success(let prepared)? = textAhead?.preparedIfDone(layer: layer)
        else { return nil }
        return prepared
    }

    /// The rows overlay `index` will draw on, when known before drawing it.
    private func span(of index: Int) -> Range<Int>? {
        switch overlays[index] {
        case .shape(let mask, _):
            return mask.canvasRows(within: canvasHeight)
        case .text(let layer, _):
            if let painted = resolved[index], let inks = painted.inks {
                return TextPainter.rows(of: painted, inks: inks, canvasHeight: canvasHeight)
            }
            guard case .success(let prepared)? = textAhead?.preparedIfDone(layer: layer) else { return nil }
            guard let prepared else { return 0..<0 }  // too small to draw: draws nothing
            guard let inks = prepared.inks else { return nil }  // the paint looks at the canvas first
            return TextPainter.rows(of: prepared, inks: inks, canvasHeight: canvasHeight)
        }
    }

    private func draw(_ overlay: Overlay, prepared: TextPainter.Prepared?, on canvas: Image) {
        switch overlay {
        case .shape(let mask, let color): mask.blend(color: color, onto: canvas)
        case .text(_, let text): TextPainter.draw(prepared, paint: text.paint, on: canvas)
        }
    }

    /// Draws the overlay's part on `rows`, its inks known (text too small to draw: nothing).
    private func draw(_ overlay: Overlay, prepared: TextPainter.Prepared?, on canvas: Image, rows: Range<Int>) {
        switch overlay {
        case .shape(let mask, let color): mask.blend(color: color, onto: canvas, rows: rows)
        case .text:
            guard let prepared else { return }
            guard let inks = prepared.inks else { preconditionFailure("bands are drawn once every ink is known") }
            TextPainter.draw(prepared, inks: inks, on: canvas, rows: rows)
        }
    }
}
