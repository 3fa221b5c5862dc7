import Foundation

extension GraphQLCache {
    /// Opens the store for `storage`. A persistent store lives in `<directory>/<namespace>.sqlite` (the
    /// namespace made file-safe); a damaged or foreign file there is moved aside and reported, and a store that
    /// cannot be opened at all falls back to memory, reported too: the cache never stops a fetch.
    static func makeStore(_ storage: Storage, namespace: String, schemaVersion: String)
        -> (any GraphQLCacheStore, [GraphQLCacheError])
    {
        let directory: URL
        let protection: FileProtection
        switch storage {
        case .memory:
            return (MemoryCacheStore(), [])
        case .persistent(let folder):
            (directory, protection) = (folder, .completeUntilFirstUserAuthentication)
        case .protectedPersistent(let folder, let chosen):
            (directory, protection) = (folder, chosen)
        }
        let fileURL = SQLiteCacheStore.fileURL(directory: directory, namespace: namespace)
        do {
            let store = try SQLiteCacheStore(fileURL: fileURL, schemaVersion: schemaVersion, protection: protection)
            return (store, store.recovered.map { [$0] } ?? [])
        } catch {
            var problem = error
            problem.message += "; the cache uses memory instead"
            return (MemoryCacheStore(), [problem])
        }
    }
}
