/// One page of a ``GraphQLQueryPager``: the query that loaded it and its data as the cache holds it now (an item
/// changed by a mutation, a subscription event or a cache edit is changed here too).
public struct GraphQLPage<Query: GraphQLQuery>: Sendable where Query.Data: Equatable {
    /// The page's query, with the variables that say where it starts.
    public let query: Query
    /// The page's data: the server's answer, then the cache's reads as its records change.
    public internal(set) var data: Query.Data
    /// Whether the data has outlived its lifetime in the cache.
    public internal(set) var isStale: Bool
    /// The page's number in its pager, unique in the pager's life (a page's follower finds it by it).
    let id: UInt64
}
