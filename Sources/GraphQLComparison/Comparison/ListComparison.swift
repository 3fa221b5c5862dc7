import GraphQLMigration

/// Compares one list query's answers from both APIs as a list: membership, order, duplicates, and each element's
/// fields at its list path (`games[3].title`).
///
/// An element's index in a path is its index in REST's list (GraphQL's for an element only GraphQL lists). Ignore
/// patterns and rules apply to the element's own paths (`title`, `lastDraw.videoURL`), as they do to an entity; an
/// unordered pattern that matches the list's name (`--unordered games`) skips the order check (a different order is
/// then an absorbed difference).
enum ListComparison {
    static func compare<Element, ElementID: Hashable>(
        name: String, rest: [Element], graphQL: [Element], id: (Element) -> ElementID, options: FieldDiffOptions
    ) -> FieldDiffResult {
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
        func text(_ element: ElementID) -> String { String(describing: element) }

        let restFirst = firstIndices(restIDs)
        let graphQLFirst = firstIndices(graphQLIDs)
        for (index, element) in restIDs.enumerated() {
            if let first = restFirst[element], first != index {
                add("\(name)[\(index)]", rest: "\(text(element)) (a duplicate of \(name)[\(first)])", graphQL: nil)
            } else if graphQLFirst[element] == nil {
                add("\(name)[\(index)]", rest: "\(text(element)) (not in GraphQL's list)", graphQL: nil)
            }
        }
        for (index, element) in graphQLIDs.enumerated() {
            if let first = graphQLFirst[element], first != index {
                add("\(name)[\(index)]", rest: nil, graphQL: "\(text(element)) (a duplicate of \(name)[\(first)])")
            } else if restFirst[element] == nil {
                add("\(name)[\(index)]", rest: nil, graphQL: "\(text(element)) (not in REST's list)")
            }
        }

        var absorbed: [AbsorbedFieldDifference] = []
        let restOrder = unique(restIDs).filter { graphQLFirst[$0] != nil }.map(text)
        let graphQLOrder = unique(graphQLIDs).filter { restFirst[$0] != nil }.map(text)
        if restOrder != graphQLOrder {
            let restText = "order " + restOrder.joined(separator: ", ")
            let graphQLText = "order " + graphQLOrder.joined(separator: ", ")
            if let pattern = options.unordered.first(where: { $0.matches([.property(name)]) }) {
                absorbed.append(
                    AbsorbedFieldDifference(
                        rule: .unordered(pattern),
                        difference: FieldDifference(path: name, lhs: restText, rhs: graphQLText)))
            } else {
                add(name, rest: restText, graphQL: graphQLText)
            }
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
            // A pattern written as the report spells the field (`games[*].title`, `games[2].title`) hides it too.
            for difference in result.differences.map({ prefixed($0, with: prefix) }) {
                if let pattern = listPattern(hiding: difference.path, among: options.ignoring) {
                    ignored.append(IgnoredFieldDifference(pattern: pattern, difference: difference))
                } else {
                    differences.append(difference)
                }
            }
            ignored += result.ignored.map {
                IgnoredFieldDifference(pattern: $0.pattern, difference: prefixed($0.difference, with: prefix))
            }
            absorbed += result.absorbed.map {
                AbsorbedFieldDifference(rule: $0.rule, difference: prefixed($0.difference, with: prefix))
            }
        }
        return FieldDiffResult(differences: differences, ignored: ignored, absorbed: absorbed)
    }

    /// The first of `patterns` that matches `path` or one of its ancestors below the list (`games[*].title` hides
    /// `games[2].title.en`; an ignored field hides what it holds, as for an entity).
    static func listPattern(hiding path: String, among patterns: [FieldPathPattern]) -> FieldPathPattern? {
        let segments = FieldPathSegment.parse(path)
        guard segments.count > 1 else { return nil }
        return patterns.first { pattern in
            (2...segments.count).contains { pattern.matches(Array(segments.prefix($0))) }
        }
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

    private static func firstIndices<ElementID: Hashable>(_ ids: [ElementID]) -> [ElementID: Int] {
        var first: [ElementID: Int] = [:]
        for (index, element) in ids.enumerated() where first[element] == nil { first[element] = index }
        return first
    }

    private static func unique<ElementID: Hashable>(_ ids: [ElementID]) -> [ElementID] {
        var seen: Set<ElementID> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
