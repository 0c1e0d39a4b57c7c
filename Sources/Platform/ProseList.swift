extension Array where Element == String {
    /// The items as a sentence lists them: "a", "a and b", "a, b and c".
    public func joinedAsProse() -> String {
        count > 1 ? dropLast().joined(separator: ", ") + " and " + self[count - 1] : joined()
    }
}
