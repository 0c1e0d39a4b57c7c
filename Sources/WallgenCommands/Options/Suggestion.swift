/// Edit distance counting a swap of two neighbours as one edit (optimal string
/// alignment), so `sesaon` is one step from `season`, as a person's typo is.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + [Int](repeating: 0, count: b.count)
        for j in 1...b.count {
            let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], beforePrevious[j - 2] + 1)
            }
        }
        beforePrevious = previous
        previous = current
    }
    return previous[b.count]
}

/// The candidate closest to `word`, if it is close enough to be a likely typo: at most
/// one edit in three characters (and one for short words), so `base` does not
/// suggest `date`.
func closest(to word: String, in candidates: [String]) -> String? {
    // British spellings (colour) are met as their declared American ones, and a word is
    // also held against each ending of a hyphenated name: `colour` finds `text-color`.
    let asked = word.lowercased().replacing("colour", with: "color")
    let scored = candidates.map { candidate in
        let name = candidate.lowercased()
        let endings = name.indices.filter { name[$0] == "-" }.map { String(name[name.index(after: $0)...]) }
        return (candidate, ([name] + endings).map { editDistance(asked, $0) }.min()!)
    }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    return best.1 <= max(1, word.count / 3) ? best.0 : nil
}
