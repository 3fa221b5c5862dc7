/// The fields (as their occurrences in the document) and the fragments a type case view holds.
struct ViewContents {
    var occurrences: Set<FieldOccurrence> = []
    var fragments: Set<String> = []

    init(occurrences: Set<FieldOccurrence> = [], fragments: Set<String> = []) {
        self.occurrences = occurrences
        self.fragments = fragments
    }

    /// The contents of a collected selection set.
    init(_ collected: CollectedSelections) {
        self.occurrences = Set(collected.occurrences.values.joined())
        self.fragments = Set(collected.fragments.map(\.name))
    }

    /// Whether everything `other` holds is held here.
    func contains(_ other: ViewContents) -> Bool {
        other.occurrences.isSubset(of: occurrences) && other.fragments.isSubset(of: fragments)
    }

    mutating func formUnion(_ other: ViewContents) {
        occurrences.formUnion(other.occurrences)
        fragments.formUnion(other.fragments)
    }
}
