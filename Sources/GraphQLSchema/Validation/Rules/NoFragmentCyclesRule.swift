import GraphQLParser

/// Fragments do not spread themselves, directly or through other fragments.
final class NoFragmentCyclesRule: ValidationRule {
    let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndex: [String: Int] = [:]
    init(_ context: ValidationContext) { self.context = context }

    func enterFragment(_ fragment: IndexedDefinition) {
        detectCycles(fragment)
    }

    private func detectCycles(_ fragment: IndexedDefinition) {
        guard let name = fragment.fragment?.name.value, !visited.contains(name) else { return }
        visited.insert(name)
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        if spreads.isEmpty { return }
        spreadPathIndex[name] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            let cycleIndex = spreadPathIndex[spreadName]
            spreadPath.append(spread)
            if let cycleIndex {
                let cycle = spreadPath[cycleIndex...]
                let via = cycle.dropLast().map { "'\($0.name.value)'" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment '\(spreadName)' within itself" + (via.isEmpty ? "." : " via \(via)."),
                    cycle.map(\.location))
            } else if let spreadFragment = context.fragment(named: spreadName) {
                detectCycles(spreadFragment)
            }
            spreadPath.removeLast()
        }
        spreadPathIndex[name] = nil
    }
}
