/// The edit distance of two words, for "did you mean" and "the closest paths" (`package` access: the command line's
/// and the comparison's suggestions).
package enum EditDistance {
    /// Levenshtein distance: insertions, deletions and substitutions; with `transpositions`, two neighbours swapped
    /// count as one edit too (`valdiate` is one edit from `validate`).
    package static func between(_ lhs: [Character], _ rhs: [Character], transpositions: Bool = false) -> Int {
        guard !lhs.isEmpty else { return rhs.count }
        guard !rhs.isEmpty else { return lhs.count }
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = previous
        for i in 1...lhs.count {
            current[0] = i
            for j in 1...rhs.count {
                let cost = lhs[i - 1] == rhs[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if transpositions, i > 1, j > 1, lhs[i - 1] == rhs[j - 2], lhs[i - 2] == rhs[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }
}
