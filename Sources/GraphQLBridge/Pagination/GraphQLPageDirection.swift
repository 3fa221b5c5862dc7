/// Which load of a ``GraphQLQueryPager`` a page came from (or failed in).
public enum GraphQLPageDirection: Sendable, Hashable {
    /// The first page: the pager's initial query, by ``GraphQLQueryPager/refresh()`` or the first load.
    case first
    /// A page after the last one (``GraphQLQueryPager/loadNext()``).
    case next
    /// A page before the first one (``GraphQLQueryPager/loadPrevious()``).
    case previous
}
