import Foundation

extension GraphQLCache {
    /// Runs `body` with a ``GraphQLCacheTransaction``, then applies its edits at once: the writes and field
    /// evictions in one store transaction (a new store version: an answer to a request made before it does not
    /// overwrite them, in this process or another on the same file, which is notified as of any write), the
    /// evicted objects removed, the memoized results that read them forgotten and each of their watchers signalled
    /// once. When `body` throws, nothing is applied.
    ///
    /// ```swift
    /// try await cache.withinReadWriteTransaction { transaction in
    ///     let query = GameQuery(id: "6x45")
    ///     guard let game = try transaction.read(query)?.game else { return }
    ///     let renamed = GameQuery.Data.Game(id: game.id, name: game.name + " (new)", drawsCount: game.drawsCount)
    ///     try transaction.write(GameQuery.Data(game: renamed), for: query)
    /// }
    /// ```
    /// - Throws: what `body` throws, or a ``GraphQLCacheError`` when the store could not write (what it held for
    ///   those records is then stale).
    public func withinReadWriteTransaction<T: Sendable>(
        _ body: (GraphQLCacheTransaction) throws -> T
    ) throws -> T {
        noticeExternalWrites()
        let transaction = GraphQLCacheTransaction(store: store, time: currentTime(), maxAge: maxAge)
        let result = try body(transaction)
        try apply(transaction)
        return result
    }

    /// Removes what no cached query reaches from the query root (``removeUnreachableRecords()``); returns how many
    /// records it removed.
    @discardableResult
    public func collectGarbage() -> Int {
        removeUnreachableRecords()
    }

    /// Writes a transaction's edits: one merge (newer than any answer in flight), then the removals; one signal.
    private func apply(_ transaction: GraphQLCacheTransaction) throws(GraphQLCacheError) {
        let writes = transaction.writes
        let removals = transaction.removals
        guard !writes.isEmpty || !removals.isEmpty else { return }
        var changed: Set<String> = []
        defer {
            syncGeneration()
            if !changed.isEmpty { invalidate(changed) }
        }
        if !writes.isEmpty {
            do throws(GraphQLCacheError) {
                let merged = try store.merge(writes, startedAt: nil, response: nil)
                changed.formUnion(merged.valueChanged)
                counters.recordsWritten += merged.changed.count
                unreliableKeys.subtract(writes.keys)
            } catch {
                unreliableKeys.formUnion(writes.keys)
                changed.formUnion(writes.keys)
                report(error)
                throw error
            }
        }
        if !removals.isEmpty {
            try store.remove(keys: Array(removals))
            changed.formUnion(removals)
        }
        trimIfNeeded(keeping: Array(writes.keys))
    }
}
