/// One paintable piece of a picture (a sky, a ridge, a tree, a snowfall).
///
/// Elements are plain value types with their parameters as properties, so a
/// scene is a readable list of them and new pictures are mostly new
/// parameter choices rather than new code.
protocol Element {
    func draw(on canvas: Canvas)
}

/// Things scattered over ground (grass, flowers, reeds, dew): a scene that scatters
/// them across the whole grid means the whole ground, so on a canvas wider than the
/// grid they are scattered over the parts past its sides too, as densely, from seeds
/// of their own (those within the grid stay where they are).
protocol GroundCover: Element {
    var area: Rect { get set }
    /// How many are scattered over `area`.
    var amount: Int { get set }
    var seed: UInt64 { get set }
}

extension Canvas {
    /// Paints elements in order, back to front.
    func draw(_ elements: [Element]) {
        for e in elements { draw(e) }
    }

    /// Paints `element`. An element the scene draws itself paints only down to where its
    /// `CoverPlan` says a later element paints over everything; the elements it draws in
    /// turn (a sun's glow) paint as far as it does.
    func draw(_ element: Element) {
        guard elementDepth == 0 else { return drawWithWings(element) }
        if let recorder = coverRecorder { return recorder.elements.append(element) }
        let index = elementsDrawn
        elementsDrawn += 1
        if index == coverPlan?.grainLeftToQuantizer, let grain = element as? Grain {
            grainLeft = grain
            return
        }
        rowsEnd = coverPlan?.rowsEnd(ofElement: index, canvasHeight: height) ?? height
        elementDepth += 1
        defer {
            elementDepth -= 1
            rowsEnd = height
        }
        drawWithWings(element)
    }

    private func drawWithWings(_ element: Element) {
        var element = element
        // Under the real sky, shaded by the Sun's or the Moon's light where it stands.
        if let light = lighting?.shapingLight, let shaded = element as? any ShadedByLight {
            element = shaded.shaded(by: light)
        }
        element.draw(on: self)
        if let cover = element as? GroundCover { drawWings(of: cover) }
    }

    /// The parts of a wider canvas past the grid's sides, covered as `cover` covers the grid.
    private func drawWings(of cover: GroundCover) {
        let grid = Canvas.designSize.x
        let width = cover.area.maxX - cover.area.minX
        guard cover.area.minX <= 0, cover.area.maxX >= grid, width > 0 else { return }
        let wings = [
            (minX: bounds.minX, maxX: cover.area.minX, salt: UInt64(0x5EED_1EF7)),
            (minX: cover.area.maxX, maxX: bounds.maxX, salt: UInt64(0x5EED_0416)),
        ]
        for wing in wings where wing.maxX > wing.minX {
            var part = cover
            part.area = Rect(minX: wing.minX, minY: cover.area.minY, maxX: wing.maxX, maxY: cover.area.maxY)
            part.amount = Int((Float(cover.amount) * (wing.maxX - wing.minX) / width).rounded(.up))
            part.seed = cover.seed ^ wing.salt
            part.draw(on: self)
        }
    }
}
