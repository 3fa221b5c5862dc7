/// A live query: an `AsyncSequence` of results, from ``GraphQLHTTPClient/watch(_:fetchPolicy:errorPolicy:)``.
///
/// First the result the policy gives (with ``GraphQLWatchFetchPolicy/cacheAndServer``, the cached data, marked
/// stale if it is, then the server's), then a new result each time a record it depends on changes (a
/// mutation, another query, an optimistic write or its rollback, an eviction, `clear()`), read from the cache
/// without a request. When the cache can no longer answer (a removed record), the query is fetched again,
/// unless the policy is ``GraphQLWatchFetchPolicy/cacheOnly``. A result equal to the last one given (data,
/// staleness and errors) is not repeated; the same data gone stale is a new element, marked `isStale`. Changes that
/// land while the consumer is busy are coalesced into one read.
///
/// A query that asks for incremental delivery (`@defer`, `@stream`) gives the server's answer state by state, from
/// one request read as it arrives: first the initial payload (deferred fragments `nil`, streamed lists as far as they
/// came), then each increment merged in, each written to the cache before it is given; the complete answer last.
///
/// The sequence ends when the consuming task is cancelled, and its watcher goes away with the iterator:
/// there is nothing to cancel by hand. An error (the server failing a refetch) ends it too. On a client
/// without a cache, or for an operation without cache metadata, the sequence gives one result and ends (a query that
/// asks for incremental delivery: each state of the server's answer, then ends).
public struct GraphQLQueryWatch<Query: GraphQLQuery>: AsyncSequence, Sendable where Query.Data: Equatable {
    /// A result: from the server or from the cache (``GraphQLResult/source``).
    public typealias Element = GraphQLResult<Query.Data>
    /// Errors are always ``APIError``s.
    public typealias Failure = APIError

    let driver: WatchDriver<Query>

    /// Starts watching: each iterator is a watcher of its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(driver: driver)
    }

    /// The iterator: holds the watcher; releasing it releases the watcher.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        var driver: WatchDriver<Query>

        /// The next result; `nil` once the consuming task is cancelled or after an error.
        public mutating func next() async throws(APIError) -> GraphQLResult<Query.Data>? {
            do {
                return try await driver.next()
            } catch {
                driver.finish()
                throw error
            }
        }

        /// The next result; `nil` once the consuming task is cancelled or after an error.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError)
            -> GraphQLResult<Query.Data>?
        {
            try await next()
        }
    }
}

extension GraphQLHTTPClient {
    /// Watches a query: see ``GraphQLQueryWatch``.
    ///
    /// ```swift
    /// for try await result in client.watch(GameQuery(id: "6x45")) {
    ///     show(result.data?.game)          // again each time Game:6x45 changes in the cache
    /// }
    /// ```
    /// - Parameters:
    ///   - query: the generated query, with its variables.
    ///   - fetchPolicy: where the first result comes from; ``GraphQLWatchFetchPolicy/cacheAndServer`` by default.
    ///   - errorPolicy: as for ``execute(_:fetchPolicy:errorPolicy:)``.
    public func watch<Query: GraphQLQuery>(
        _ query: Query, fetchPolicy: GraphQLWatchFetchPolicy = .cacheAndServer,
        errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) -> GraphQLQueryWatch<Query> where Query.Data: Equatable {
        GraphQLQueryWatch(
            driver: WatchDriver(client: self, query: query, start: .policy(fetchPolicy), errorPolicy: errorPolicy))
    }

    /// An observable reference to a query (``QueryRef``), as Firebase Data Connect's generated query refs:
    /// call ``QueryRef/execute(fetchPolicy:)``, then bind to its ``QueryRef/data``.
    public func ref<Query: GraphQLQuery>(_ query: Query, errorPolicy: GraphQLErrorPolicy = .failOnAnyError)
        -> QueryRef<Query> where Query.Data: Equatable
    {
        QueryRef(client: self, query: query, errorPolicy: errorPolicy)
    }
}
