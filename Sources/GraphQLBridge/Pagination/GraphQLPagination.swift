/// How the pages of one list follow each other, for a ``GraphQLQueryPager``: the items of a page, and the query of
/// the page after it (forward) and before it (backward); `nil` where the list ends.
///
/// Three ready-made rules: ``cursor(items:pageInfo:after:before:)`` for Relay connections (`first`/`after`,
/// `last`/`before`, `pageInfo`), ``offset(items:limit:offsetOf:page:)`` for offset/limit, and the initializer for a
/// custom rule, such as a list continued below the last number it holds:
///
/// ```swift
/// let archive = GraphQLPagination<DrawsQuery, DrawsQuery.Data.Draw>(
///     items: { $0.draws },
///     next: { query, data in
///         guard data.draws.count >= 20, let last = data.draws.last else { return nil }  // a short page: the end
///         return DrawsQuery(gameId: query.gameId, last: 20, before: .some(last.number))
///     })
/// ```
public struct GraphQLPagination<Query: GraphQLQuery, Item: Sendable>: Sendable {
    /// The query of a page next to a given page (its query and data), or `nil` when the list ends there.
    public typealias Neighbour = @Sendable (_ query: Query, _ data: Query.Data) -> Query?

    let items: @Sendable (Query.Data) -> [Item]
    let next: Neighbour
    let previous: Neighbour

    /// A rule of your own.
    /// - Parameters:
    ///   - items: the items of a page's data.
    ///   - next: the query of the page after a page, `nil` at the end of the list.
    ///   - previous: the query of the page before a page, `nil` at the start (always, by default: forward only).
    public init(
        items: @escaping @Sendable (Query.Data) -> [Item], next: @escaping Neighbour,
        previous: @escaping Neighbour = { _, _ in nil }
    ) {
        self.items = items
        self.next = next
        self.previous = previous
    }

    /// A Relay connection: the next page starts `after` the page's `endCursor` while `hasNextPage`, the previous one
    /// ends `before` its `startCursor` while `hasPreviousPage`.
    /// - Parameters:
    ///   - items: the items of a page (its `edges`' nodes, or its `nodes`).
    ///   - pageInfo: the page's `pageInfo`; `nil` (the connection itself `null`) ends the list both ways.
    ///   - after: the query of the page after a cursor.
    ///   - before: the query of the page before a cursor; `nil` for a forward-only list.
    public static func cursor(
        items: @escaping @Sendable (Query.Data) -> [Item],
        pageInfo: @escaping @Sendable (Query.Data) -> GraphQLCursorPageInfo?,
        after: @escaping @Sendable (_ cursor: String) -> Query,
        before: (@Sendable (_ cursor: String) -> Query)? = nil
    ) -> GraphQLPagination {
        GraphQLPagination(
            items: items,
            next: { _, data in
                guard let info = pageInfo(data), info.hasNextPage, let cursor = info.endCursor else { return nil }
                return after(cursor)
            },
            previous: { _, data in
                guard let before, let info = pageInfo(data), info.hasPreviousPage, let cursor = info.startCursor else {
                    return nil
                }
                return before(cursor)
            })
    }

    /// Offset and limit: the next page starts after the page's items (`limit` further on) and the list ends at a page
    /// shorter than `limit`; the previous page ends where this one starts, and the list starts at offset 0. A page's
    /// data that holds more than `limit` items (the whole list a list policy keeps, as ``GraphQLQueryPager/loadCached()``
    /// shows it) goes on after its last item.
    /// - Parameters:
    ///   - items: the items of a page.
    ///   - limit: the number of items asked for each page.
    ///   - offsetOf: the offset a page's query starts at.
    ///   - page: the query of the page of `limit` items at `offset`.
    public static func offset(
        items: @escaping @Sendable (Query.Data) -> [Item], limit: Int,
        offsetOf: @escaping @Sendable (Query) -> Int,
        page: @escaping @Sendable (_ offset: Int, _ limit: Int) -> Query
    ) -> GraphQLPagination {
        GraphQLPagination(
            items: items,
            next: { query, data in
                let count = items(data).count
                guard limit > 0, count >= limit else { return nil }
                return page(offsetOf(query) + count, limit)
            },
            previous: { query, _ in
                let offset = offsetOf(query)
                guard offset > 0 else { return nil }
                let count = min(limit, offset)
                return page(offset - count, count)
            })
    }
}
