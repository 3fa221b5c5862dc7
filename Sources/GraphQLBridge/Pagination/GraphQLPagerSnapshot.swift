/// What a ``GraphQLQueryPager`` shows at one moment, as ``GraphQLQueryPager/updates()`` gives it: the whole list (every
/// page loaded, in order, each as the cache holds it now), whether it goes on, and what is loading or failed.
public struct GraphQLPagerSnapshot<Query: GraphQLQuery, Item: Sendable>: Sendable where Query.Data: Equatable {
    /// The items of every page loaded, in order.
    public let items: [Item]
    /// The pages loaded, in order.
    public let pages: [GraphQLPage<Query>]
    /// Whether there is a page after the last one (before the first load: `true`).
    public let hasNextPage: Bool
    /// Whether there is a page before the first one.
    public let hasPreviousPage: Bool
    /// Whether a next page is loading.
    public let isLoadingNext: Bool
    /// Whether a previous page is loading.
    public let isLoadingPrevious: Bool
    /// Whether the first page is loading (``GraphQLQueryPager/refresh()`` or the first load).
    public let isRefreshing: Bool
    /// The last load's error, cleared by the next load that succeeds.
    public let error: GraphQLPageError<Query>?
}
