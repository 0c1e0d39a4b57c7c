extension Range where Bound == Int {
    /// The canvas rows of something `height` rows tall whose first row is canvas row
    /// `top` (a mask, colour glyphs), clipped to a canvas `canvasHeight` rows tall.
    static func canvasRows(top: Int, height: Int, canvasHeight: Int) -> Range<Int> {
        let first = Swift.min(Swift.max(0, top), canvasHeight)
        return first..<Swift.min(Swift.max(first, top + height), canvasHeight)
    }

    /// The smallest range holding both this one and `other`; an empty one adds nothing
    /// (rows drawn on, gathered from layers that may have drawn on none).
    func spanning(_ other: Range<Int>) -> Range<Int> {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
