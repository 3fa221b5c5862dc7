import GraphQLBridgeSupport
import GraphQLMigration

/// Finds out whether each ignore pattern and rule of a run matches some path of the values compared, and which
/// paths there are, to name the closest ones when a pattern matches none (`--ignore lastDraw.videoUrl`, wrong case:
/// "did you mean lastDraw.videoURL?").
///
/// Values are walked only while some pattern has not matched yet, so a run whose patterns all match pays for the
/// first few entities only. The paths kept for suggestions are bounded.
final class FieldPathCatalog: Sendable {
    /// A pattern to check.
    struct Entry: Sendable {
        /// How the command line wrote it (`--ignore lastDraw.videoUrl`).
        let label: String
        let pattern: FieldPathPattern
        /// Whether a list's own name matches it (`--unordered games`), beside its elements' paths.
        let appliesToListNames: Bool
    }

    struct State: Sendable {
        var matched: [Bool]
        /// Path shapes seen (indices as `[*]`), each with the first model it was seen in.
        var shapes: [String: String] = [:]
    }

    static let maximumShapes = 5_000
    static let maximumDepth = 16

    let entries: [Entry]
    private let state: Locked<State>

    init(entries: [Entry]) {
        self.entries = entries
        self.state = Locked(State(matched: Array(repeating: false, count: entries.count)))
    }

    /// Whether some pattern has not matched yet.
    var isLooking: Bool { state.withLock { $0.matched.contains(false) } }

    /// Walks `values` (entities, or a list's elements) of `model`; `listName` is a list's name in paths.
    func observe(_ values: [Any], model: String, listName: String?) {
        let unmatched = state.withLock { state in state.matched.indices.filter { !state.matched[$0] } }
        guard !unmatched.isEmpty else { return }
        var found: Set<Int> = []
        var shapes: Set<String> = []
        if let listName {
            for index in unmatched
            where entries[index].appliesToListNames && entries[index].pattern.matches([.property(listName)]) {
                found.insert(index)
            }
        }
        let entries = self.entries
        var walker = FieldPathVisitor(maximumDepth: Self.maximumDepth) { path in
            for index in unmatched where !found.contains(index) && entries[index].pattern.matches(path) {
                found.insert(index)
            }
            if shapes.count < Self.maximumShapes { shapes.insert(Self.shape(of: path)) }
        }
        for value in values { walker.visit(value) }
        state.withLock { state in
            for index in found { state.matched[index] = true }
            for shape in shapes where state.shapes.count < Self.maximumShapes && state.shapes[shape] == nil {
                state.shapes[shape] = model
            }
        }
    }

    /// For each pattern that matched no path: a warning naming the closest paths seen.
    func warnings() -> [Int: String] {
        let (matched, shapes) = state.withLock { ($0.matched, $0.shapes) }
        var result: [Int: String] = [:]
        for (index, entry) in entries.enumerated() where !matched[index] {
            let closest = Self.closest(to: entry.pattern.pattern, among: Array(shapes.keys), count: 3)
            var text = "\(entry.label) matches no path of the values compared"
            if closest.isEmpty {
                text += " (no values were compared)"
            } else {
                text += "; the closest: " + closest.map { "\($0) (\(shapes[$0] ?? ""))" }.joined(separator: ", ")
            }
            result[index] = text
        }
        return result
    }

    /// The path with its array indices as `[*]`.
    static func shape(of path: [FieldPathSegment]) -> String {
        FieldPathSegment.render(
            path.map { segment in
                if case .subscript(let key) = segment, !key.isEmpty, key.allSatisfy(\.isNumber) {
                    return .subscript("*")
                }
                return segment
            })
    }

    /// The path with its array indices as `[*]`, from its text.
    static func shape(of path: String) -> String {
        shape(of: FieldPathSegment.parse(path))
    }

    /// The `count` paths nearest to `text` by edit distance, case ignored (ties by case-sensitive distance, then
    /// alphabetically).
    static func closest(to text: String, among candidates: [String], count: Int) -> [String] {
        let lowered = Array(text.lowercased())
        let exact = Array(text)
        let scored = candidates.map { candidate in
            (
                candidate: candidate, folded: EditDistance.between(lowered, Array(candidate.lowercased())),
                exact: EditDistance.between(exact, Array(candidate))
            )
        }
        return scored.sorted {
            ($0.folded, $0.exact, $0.candidate) < ($1.folded, $1.exact, $1.candidate)
        }.prefix(count).map(\.candidate)
    }
}
