import Foundation

extension GraphQLCache {
    /// Opens the store for `storage`; a persistent store that cannot be opened falls back to memory, and the
    /// problem is reported.
    static func makeStore(_ storage: Storage, namespace: String, schemaVersion: String)
        -> (any GraphQLCacheStore, [GraphQLCacheError])
    {
        switch storage {
        case .memory:
            return (MemoryCacheStore(), [])
        case .persistent:
            // The SQLite store lands with the persistent-storage work; until then a persistent cache is in memory
            // and says so.
            return (
                MemoryCacheStore(),
                [GraphQLCacheError(kind: .open, message: "persistent storage is not available yet; using memory")]
            )
        }
    }
}
