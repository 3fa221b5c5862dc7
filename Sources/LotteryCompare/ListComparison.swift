import GraphQLMigration

/// Compares one list query's answers from both APIs as a list: membership, order, duplicates, and
/// each element's fields at its list path (`games[3].title`).
///
/// An element's index in a path is its index in REST's list (GraphQL's for an element only GraphQL
/// lists). Ignore patterns apply to the element's own paths (`title`, `lastDraw.videoURL`), as they
/// do to an entity.
enum ListComparison {
    /// What the list comparison found.
    struct Result {
        var differences: [FieldDifference]
        var ignored: [IgnoredFieldDifference]
    }

    static func compare<Model>(
        name: String, rest: [Model], graphQL: [Model], id: (Model) -> String, options: FieldDiffOptions
    ) -> Result {
        let restIDs = rest.map(id)
        let graphQLIDs = graphQL.map(id)
        var entries: [(path: String, rest: [String], graphQL: [String])] = []
        var entryIndex: [String: Int] = [:]
        func add(_ path: String, rest restText: String?, graphQL graphQLText: String?) {
            let index: Int
            if let existing = entryIndex[path] {
                index = existing
            } else {
                index = entries.count
                entryIndex[path] = index
                entries.append((path, [], []))
            }
            if let restText { entries[index].rest.append(restText) }
            if let graphQLText { entries[index].graphQL.append(graphQLText) }
        }

        let restFirst = firstIndices(restIDs)
        let graphQLFirst = firstIndices(graphQLIDs)
        for (index, element) in restIDs.enumerated() {
            if let first = restFirst[element], first != index {
                add("\(name)[\(index)]", rest: "\(element) (a duplicate of \(name)[\(first)])", graphQL: nil)
            } else if graphQLFirst[element] == nil {
                add("\(name)[\(index)]", rest: "\(element) (not in GraphQL's list)", graphQL: nil)
            }
        }
        for (index, element) in graphQLIDs.enumerated() {
            if let first = graphQLFirst[element], first != index {
                add("\(name)[\(index)]", rest: nil, graphQL: "\(element) (a duplicate of \(name)[\(first)])")
            } else if restFirst[element] == nil {
                add("\(name)[\(index)]", rest: nil, graphQL: "\(element) (not in REST's list)")
            }
        }

        let restOrder = unique(restIDs).filter { graphQLFirst[$0] != nil }
        let graphQLOrder = unique(graphQLIDs).filter { restFirst[$0] != nil }
        if restOrder != graphQLOrder {
            add(
                name, rest: "order " + restOrder.joined(separator: ", "),
                graphQL: "order " + graphQLOrder.joined(separator: ", "))
        }

        var differences = entries.map { entry in
            FieldDifference(
                path: entry.path,
                lhs: entry.rest.isEmpty ? "<absent>" : entry.rest.joined(separator: "; "),
                rhs: entry.graphQL.isEmpty ? "<absent>" : entry.graphQL.joined(separator: "; "))
        }
        var ignored: [IgnoredFieldDifference] = []
        for (element, index) in restFirst.sorted(by: { $0.value < $1.value }) {
            guard let graphQLIndex = graphQLFirst[element] else { continue }
            let result = FieldDiff.compare(rest[index], graphQL[graphQLIndex], options: options)
            let prefix = "\(name)[\(index)]"
            differences += result.differences.map { prefixed($0, with: prefix) }
            ignored += result.ignored.map {
                IgnoredFieldDifference(pattern: $0.pattern, difference: prefixed($0.difference, with: prefix))
            }
        }
        return Result(differences: differences, ignored: ignored)
    }

    /// The difference with its path under `prefix` (`title` under `games[3]` is `games[3].title`).
    static func prefixed(_ difference: FieldDifference, with prefix: String) -> FieldDifference {
        var copy = difference
        if copy.path.isEmpty {
            copy.path = prefix
        } else if copy.path.hasPrefix("[") {
            copy.path = prefix + copy.path
        } else {
            copy.path = prefix + "." + copy.path
        }
        return copy
    }

    private static func firstIndices(_ ids: [String]) -> [String: Int] {
        var first: [String: Int] = [:]
        for (index, element) in ids.enumerated() where first[element] == nil { first[element] = index }
        return first
    }

    private static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
