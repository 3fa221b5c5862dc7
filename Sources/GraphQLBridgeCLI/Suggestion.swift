import GraphQLBridgeSupport

/// "Did you mean ...?" for a mistyped command or option: the closest known spelling, when it is close enough to be
/// what was meant (at most two edits, and fewer than half the word's letters).
package enum Suggestion {
    /// The closest of `candidates` to `word`, or `nil` when none is close.
    package static func closest(to word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = EditDistance.between(typed, Array(candidate.lowercased()), transpositions: true)
            if distance <= min(2, max(1, typed.count / 2)), distance < best?.distance ?? Int.max {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `" (did you mean 'X'?)"`, or nothing.
    package static func hint(for word: String, among candidates: some Sequence<String>) -> String {
        closest(to: word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }
}
