/// Where a query's result comes from, when the client has a ``GraphQLCache`` (as in Firebase Data Connect).
public enum GraphQLFetchPolicy: Sendable, Hashable {
    /// From the cache when every selected field is there and fresh (younger than its lifetime); otherwise
    /// from the server, and the result is written to the cache. The default.
    case preferCache
    /// From the cache, even if stale; a field the cache does not have fails with
    /// ``APIError/cacheMiss(operation:path:)`` naming it, and no request is sent.
    case cacheOnly
    /// From the server, always; the result is written to the cache.
    case serverOnly
    /// From the server; when it cannot be reached (a transport failure or a timeout), from the cache,
    /// marked stale (offline mode).
    case serverFirst
}

/// Where a ``GraphQLResult`` came from.
public enum GraphQLResultSource: String, Sendable, Hashable {
    /// The server answered.
    case server
    /// The cache answered, without a request.
    case cache
}
