import GraphQLParser

/// The arguments of a field or directive reduced to comparison keys, for OverlappingFieldsCanBeMerged: two
/// fields have the same arguments when they have as many arguments and each one's value has the same key as
/// the other's argument of that name.
struct ArgumentKeys {
    /// The keys in argument order.
    let ordered: [(name: String, key: String)]
    /// The keys by argument name (the last of duplicates, as graphql-core's dictionary keeps).
    let byName: [String: String]

    init(_ arguments: [Argument]) {
        let ordered = arguments.map { (name: $0.name.value, key: ValueKey.of($0.value)) }
        var byName: [String: String] = [:]
        for entry in ordered { byName[entry.name] = entry.key }
        self.ordered = ordered
        self.byName = byName
    }

    /// Whether two argument lists are the same (graphql-core's `compare_arguments`).
    static func same(_ lhs: ArgumentKeys?, _ rhs: ArgumentKeys?) -> Bool {
        let left = lhs?.ordered ?? []
        let right = rhs?.ordered ?? []
        if left.isEmpty { return right.isEmpty }
        guard let rhs, left.count == right.count else { return false }
        for entry in left {
            guard let other = rhs.byName[entry.name], other == entry.key else { return false }
        }
        return true
    }
}
