import GraphQLParser

/// Two sets of fields with the same response name that cannot be merged, and why.
struct FieldConflict {
    let responseName: String
    let reason: String
    let fields1: [IndexedField]
    let fields2: [IndexedField]
}
