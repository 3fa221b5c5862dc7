import GraphQLBridgeSupport

/// The ``CacheTypeFacts`` of one operation's metadata, made once per type and server lifetime rather than once per
/// response: an operation's ``GraphQLCacheMetadata`` is a static value, and what it says of a type does not change.
/// Kept by the metadata (copies of it share one memo); bounded, since a server may give many lifetimes.
final class CacheTypeFactsMemo: Sendable {
    private struct Key: Hashable {
        var typeName: String?
        var serverMaxAge: Duration?
    }

    /// The most facts kept: beyond it, all are dropped and made again as needed.
    static let limit = 256

    private let known = Locked<[Key: CacheTypeFacts]>([:])

    init() {}

    /// The facts of `typeName` under the server's lifetime `serverMaxAge`, made by `make` the first time.
    func facts(of typeName: String?, serverMaxAge: Duration?, make: () -> CacheTypeFacts) -> CacheTypeFacts {
        let key = Key(typeName: typeName, serverMaxAge: serverMaxAge)
        if let found = known.withLock({ $0[key] }) { return found }
        let facts = make()
        known.withLock { known in
            if known.count >= Self.limit { known.removeAll() }
            known[key] = facts
        }
        return facts
    }
}
