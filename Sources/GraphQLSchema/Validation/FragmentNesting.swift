/// How deeply selection sets nest when fragments are spread: graphql-core aborts validation ("Validation
/// aborted.") when an operation or fragment would nest more than 200 levels deep through its fragments, before
/// its rules recurse that deep. This keeps the validator's recursion bounded too.
struct FragmentNesting {
    /// graphql-core's `MAX_NESTING_DEPTH`.
    static let maxDepth = 200

    private let context: ValidationContext
    private var fragmentDepths: [String: Int] = [:]

    init(context: ValidationContext) {
        self.context = context
        var nestings: [String: (Int, [(String, Int)])] = [:]
        var order: [String] = []
        for fragment in context.fragments {
            guard let name = fragment.fragment?.name.value else { continue }
            if nestings[name] == nil { order.append(name) }
            nestings[name] = Self.nesting(fragment.selectionSet)
        }
        for root in order where fragmentDepths[root] == nil {
            var path: [(String, Int)] = [(root, 0)]
            var onPath: Set<String> = [root]
            while let (name, next) = path.last {
                let spreads = nestings[name]?.1 ?? []
                var index = next
                var pushed = false
                while index < spreads.count {
                    let spread = spreads[index].0
                    index += 1
                    if nestings[spread] != nil && fragmentDepths[spread] == nil && !onPath.contains(spread) {
                        path[path.count - 1].1 = index
                        path.append((spread, 0))
                        onPath.insert(spread)
                        pushed = true
                        break
                    }
                }
                if pushed { continue }
                path.removeLast()
                onPath.remove(name)
                if let nesting = nestings[name] { fragmentDepths[name] = depth(nesting) }
            }
        }
    }

    /// The depth of a selection set, and its spreads with the depth they are at (graphql-core's
    /// `get_selection_nesting`).
    private static func nesting(_ selectionSet: IndexedSelectionSet) -> (Int, [(String, Int)]) {
        var maxDepth = 0
        var spreads: [(String, Int)] = []
        var stack = [(selectionSet, 1)]
        while let (set, depth) = stack.popLast() {
            maxDepth = max(maxDepth, depth)
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append((spread.name.value, depth))
                case .field(let field): if let nested = field.selectionSet { stack.append((nested, depth + 1)) }
                case .inlineFragment(let fragment): stack.append((fragment.selectionSet, depth + 1))
                }
            }
        }
        return (maxDepth, spreads)
    }

    private func depth(_ nesting: (Int, [(String, Int)])) -> Int {
        var depth = nesting.0
        for (spread, spreadDepth) in nesting.1 {
            depth = max(depth, spreadDepth + (fragmentDepths[spread] ?? 0))
        }
        return depth
    }

    /// Whether walking the definition would nest too deeply.
    func isTooDeep(_ definition: IndexedDefinition) -> Bool {
        switch definition.kind {
        case .operation: depth(Self.nesting(definition.selectionSet)) > Self.maxDepth
        case .fragment(let fragment): (fragmentDepths[fragment.name.value] ?? 0) > Self.maxDepth
        }
    }
}
