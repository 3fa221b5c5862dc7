import Foundation

extension GraphQLCache {
    /// How many live queries (``GraphQLHTTPClient/watch(_:fetchPolicy:errorPolicy:)`` sequences and
    /// ``QueryRef``s) are watching this cache. A watcher goes away with its sequence or its ref.
    public var watcherCount: Int { watchers.liveCount }

    /// Removes the records with these keys (`Game:6x45`), as Apollo's `removeObject(for:)`: every query that
    /// read them stops being served from the cache, and its watchers read again (and refetch, unless their
    /// policy forbids the network).
    public func removeRecords(forKeys keys: [String]) throws(GraphQLCacheError) {
        try store.remove(keys: keys)
        changed(Set(keys))
    }

    /// The live watchers (tests hold weak references to them).
    func liveWatchers() -> [CacheWatcher] { watchers.live }

    /// A new watcher, registered with no dependencies; released (and forgotten) with its last reference.
    /// `collectsChanges`: it keeps the keys of the records signalled changed (``CacheWatcher/takeChanges()``).
    func makeWatcher(collectsChanges: Bool = false) -> CacheWatcher {
        let watcher = CacheWatcher(id: watchers.nextID(), collectsChanges: collectsChanges) { [weak self] id in
            guard let self else { return }
            Task { await self.forgetWatcher(id) }
        }
        watchers.register(watcher)
        return watcher
    }

    /// Reads an operation's result for a watcher: clears its pending change (it is about to see the current
    /// state) and records the records the result depends on, in one step, so that no change falls between
    /// the read and the registration. `errorNulls`: where the server's last answer had errors (read as `null` there);
    /// the read gives those it reached, whose errors the watcher shows. `kept`: records the watcher depends on as well
    /// (what the answer it shows is made of, when it shows that answer and not this read).
    func readForWatcher<Data: Decodable & Sendable>(
        _ type: Data.Type, operationName: String, metadata: GraphQLCacheMetadata, variables: [String: JSONValue],
        queryKey: String, errorNulls: Set<ErrorNull>, watcher: CacheWatcher, inPlaceOfFailure: Bool = false,
        alsoDependingOn kept: Set<String> = []
    ) -> WatcherRead<Data> {
        watcher.clearPending()
        var errorNullsRead: Set<ErrorNull> = []
        let outcome = read(
            type, operationName: operationName, metadata: metadata, variables: variables, queryKey: queryKey,
            errorNulls: errorNulls, errorNullsRead: &errorNullsRead, inPlaceOfFailure: inPlaceOfFailure)
        switch outcome {
        case .hit(_, _, let dependencies), .miss(_, let dependencies):
            watchers.setDependencies(kept.union(dependencies.keys), of: watcher.id)
        case .undecodable:
            break
        }
        return WatcherRead(outcome: outcome, errorNullsRead: errorNullsRead)
    }

    /// What a watcher's read found, and which of its error nulls it read as `null`.
    struct WatcherRead<Data: Sendable>: Sendable {
        var outcome: ReadOutcome<Data>
        var errorNullsRead: Set<ErrorNull>
    }

    /// How many live watchers wait for a change with none pending, and how many are live: a test that drives watches
    /// waits until every one waits (they are at rest) rather than for a while.
    @_spi(Testing) public var watcherActivity: (waiting: Int, live: Int) {
        let live = watchers.live
        return (live.filter(\.isWaiting).count, live.count)
    }

    private func forgetWatcher(_ id: UInt64) {
        watchers.remove(id)
    }
}
