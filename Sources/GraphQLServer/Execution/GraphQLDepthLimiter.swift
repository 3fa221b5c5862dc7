import GraphQLParser

/// Measures how deep a document's operations nest once fragments are expanded (each field with a selection
/// set, inline fragment and fragment spread is one level), without recursion, so that the recursive validator
/// and executor never run on a document that could exhaust a thread's stack (for example a chain of thousands
/// of fragments each spreading the next).
package enum GraphQLDepthLimiter {
    /// The deepest expanded nesting accepted.
    package static let maximumDepth = 400

    /// The deepest expanded nesting of any operation of `document` (fragment cycles count once).
    package static func expandedDepth(of document: Document) -> Int {
        var fragments: [String: FragmentDefinition] = [:]
        for fragment in document.fragments where fragments[fragment.name.value] == nil {
            fragments[fragment.name.value] = fragment
        }
        // Per fragment: its own nesting and its spreads with the depth they sit at.
        var local: [String: (depth: Int, spreads: [(name: String, depth: Int)])] = [:]
        for (name, fragment) in fragments {
            local[name] = scan(fragment.selectionSet)
        }
        // Expanded depth of each fragment, by an iterative depth-first search (back edges count as 0).
        var expanded: [String: Int] = [:]
        var inProgress: Set<String> = []
        for start in fragments.keys where expanded[start] == nil {
            var stack: [(name: String, nextSpread: Int)] = [(start, 0)]
            inProgress.insert(start)
            while let top = stack.last {
                let spreads = local[top.name]?.spreads ?? []
                if top.nextSpread < spreads.count {
                    stack[stack.count - 1].nextSpread += 1
                    let target = spreads[top.nextSpread].name
                    if expanded[target] == nil, !inProgress.contains(target), fragments[target] != nil {
                        inProgress.insert(target)
                        stack.append((target, 0))
                    }
                    continue
                }
                var depth = local[top.name]?.depth ?? 0
                for spread in spreads {
                    depth = max(depth, spread.depth + (expanded[spread.name] ?? 0))
                }
                expanded[top.name] = depth
                inProgress.remove(top.name)
                stack.removeLast()
            }
        }
        var deepest = 0
        for operation in document.operations {
            let scanned = scan(operation.selectionSet)
            deepest = max(deepest, scanned.depth)
            for spread in scanned.spreads {
                deepest = max(deepest, spread.depth + (expanded[spread.name] ?? 0))
            }
        }
        return deepest
    }

    /// The nesting of a selection set (iteratively) and the fragment spreads in it with their depth
    /// (the spread itself counted).
    private static func scan(_ root: SelectionSet) -> (depth: Int, spreads: [(name: String, depth: Int)]) {
        var deepest = 0
        var spreads: [(name: String, depth: Int)] = []
        var queue: [(SelectionSet, Int)] = [(root, 1)]
        while let (selectionSet, depth) = queue.popLast() {
            deepest = max(deepest, depth)
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet { queue.append((nested, depth + 1)) }
                case .inlineFragment(let inline):
                    queue.append((inline.selectionSet, depth + 1))
                case .fragmentSpread(let spread):
                    spreads.append((spread.name.value, depth + 1))
                }
            }
        }
        return (deepest, spreads)
    }
}
