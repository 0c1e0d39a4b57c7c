extension Range where Bound == Int {
    /// The smallest range holding both this one and `other`; an empty one adds nothing
    /// (rows drawn on, gathered from layers that may have drawn on none).
    func spanning(_ other: Range<Int>) -> Range<Int> {
        if other.isEmpty { return self }
        if isEmpty { return other }
        return Swift.min(lowerBound, other.lowerBound)..<Swift.max(upperBound, other.upperBound)
    }
}
