import Foundation

extension GraphQLCache {
    /// What the elements of a list a ``GraphQLQueryPager`` holds were read from, for
    /// ``readList(_:operationName:metadata:variables:responseKey:known:errorNulls:watcher:)``: the elements it need not
    /// read again unless a record they were read from changed.
    struct ListElementsKnown: Sendable {
        /// The elements held (their values as stored: a reference, a scalar).
        var elements: Set<CacheValue> = []
        /// The elements held that were read from each record.
        var elementsByRecord: [String: Set<CacheValue>] = [:]
    }

    /// What ``readList(_:operationName:metadata:variables:responseKey:known:errorNulls:watcher:)`` found.
    struct ListRead<Data: Sendable>: Sendable {
        /// The query's data with only the list's elements read (the others left out), or a miss.
        var outcome: ReadOutcome<Data>
        /// The list as stored (every element's value), when the read reached it.
        var elements: [CacheValue]?
        /// The elements read, in order, with the records each was read from.
        var reads: [CacheReader.WindowRead]
        /// The records read outside the elements (the list's own record, the query's other fields).
        var dependencies: Set<String>
        /// Nothing was read: no record the watcher depends on changed since its last read (what that read gave holds).
        var unchanged = false
    }

    /// Reads a query with a root field's list (a ``GraphQLListPolicy``'s) for a watcher that holds the list's elements
    /// read before (a ``GraphQLQueryPager``): every field of the query is read as usual, but of the list only the
    /// elements not `known`, and those a record they were read from changed since the watcher's last read (its
    /// ``CacheWatcher/takeChanges()``); a change that says no record, every element. When no record changed and
    /// elements are `known`, nothing is read (``ListRead/unchanged``). The watcher's pending change is
    /// cleared and what this read read is added to its dependencies in the same step (the elements the watcher no
    /// longer holds are its to remove: ``removeDependencies(_:of:)``). Neither the memo nor stored responses serve it.
    func readList<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        responseKey: String, known: ListElementsKnown, errorNulls: Set<ErrorNull>, watcher: CacheWatcher
    ) -> ListRead<Data> {
        // Another process's writes first: their records are among the changes this read takes.
        noticeExternalWrites()
        watcher.clearPending()
        let changes = watcher.takeChanges()
        var changed: Set<CacheValue> = []
        if !changes.all {
            for key in changes.keys { if let elements = known.elementsByRecord[key] { changed.formUnion(elements) } }
        }
        let readsAll = changes.all
        // No record read last time changed (each is a dependency): that read still holds.
        if !readsAll, changes.keys.isEmpty, !known.elements.isEmpty {
            return ListRead(
                outcome: .miss(path: "data", dependencies: RecordKeys([])), elements: nil, reads: [], dependencies: [],
                unchanged: true)
        }
        let time = currentTime()
        let problems = LoadProblems()
        var reader = recordReader(metadata: metadata, variables: variables, now: time, errorNulls: errorNulls, problems)
        reader.listWindow = CacheReader.ListWindow(responseKey: responseKey) { _, value in
            readsAll || value == .missing || !known.elements.contains(value) || changed.contains(value)
        }
        let response = store.withReadSnapshot { reader.readResponse(rootKey: CacheKey.queryRoot) }
        for problem in problems.errors { report(problem) }
        var dependencies = reader.dependencies
        watchers.addDependencies(dependencies, of: watcher.id)
        for read in reader.windowReads { dependencies.subtract(read.dependencies) }
        let outcome: ReadOutcome<Data>
        if let response {
            switch Self.decodeResponse(Data.self, operationName: operationName, body: Foundation.Data(response)) {
            case .success(let data):
                let unreliable = !unreliableKeys.isEmpty && !unreliableKeys.isDisjoint(with: reader.dependencies)
                outcome = .hit(
                    data, isStale: reader.isStale || unreliable, dependencies: RecordKeys(reader.dependencies))
            case .failure(let error):
                outcome = .undecodable(error)
            case nil:
                outcome = .miss(path: "data", dependencies: RecordKeys(reader.dependencies))
            }
        } else {
            outcome = .miss(path: reader.missingPath ?? "data", dependencies: RecordKeys(reader.dependencies))
        }
        return ListRead(
            outcome: outcome, elements: reader.windowList, reads: reader.windowReads, dependencies: dependencies)
    }

    /// Removes records from a watcher's dependencies (what it held and no longer holds).
    func removeDependencies(_ keys: Set<String>, of watcher: CacheWatcher) {
        watchers.removeDependencies(keys, of: watcher.id)
    }
}
