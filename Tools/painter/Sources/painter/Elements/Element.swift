/// One paintable piece of a picture (a sky, a ridge, a tree, a snowfall).
///
/// Elements are plain value types with their parameters as properties, so a
/// scene is a readable list of them and new pictures are mostly new
/// parameter choices rather than new code.
protocol Element {
    func draw(on canvas: Canvas)
}

extension Canvas {
    /// Paints elements in order, back to front.
    func draw(_ elements: [Element]) {
        for e in elements { e.draw(on: self) }
    }

    func draw(_ element: Element) { element.draw(on: self) }
}
