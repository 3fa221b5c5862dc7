/// Where a watched query's first result comes from (``GraphQLHTTPClient/watch(_:fetchPolicy:errorPolicy:)``).
/// Later results come from the cache, each time a record the result depends on changes.
public enum GraphQLWatchFetchPolicy: Sendable, Hashable {
    /// The cached result at once when the cache has every field (marked stale if one has outlived its
    /// lifetime), then the server's. The default for watching: a screen shows what it has, then fresh data.
    case cacheAndServer
    /// The cached result when every field is there and fresh; otherwise the server's
    /// (``GraphQLFetchPolicy/preferCache``).
    case preferCache
    /// The cached result, even if stale; the network is never used: a miss, first or later (a removed record),
    /// ends the sequence with ``APIError/cacheMiss(operation:path:)``.
    case cacheOnly
    /// The server's result (``GraphQLFetchPolicy/serverOnly``).
    case serverOnly
    /// The server's result; when it cannot be reached, the cached one marked stale
    /// (``GraphQLFetchPolicy/serverFirst``).
    case serverFirst

    /// The policy for a one-time fetch when there is no cache to watch.
    var oneShotPolicy: GraphQLFetchPolicy {
        switch self {
        case .cacheAndServer, .serverOnly: return .serverOnly
        case .preferCache: return .preferCache
        case .cacheOnly: return .cacheOnly
        case .serverFirst: return .serverFirst
        }
    }
}
