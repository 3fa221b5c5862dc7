/// A Relay connection's `pageInfo`: whether there are pages after and before, and the cursors that continue the list
/// (for ``GraphQLPagination/cursor(items:pageInfo:after:before:)``).
public struct GraphQLCursorPageInfo: Sendable, Hashable {
    /// Whether the server has items after this page.
    public var hasNextPage: Bool
    /// Whether the server has items before this page.
    public var hasPreviousPage: Bool
    /// The cursor of the page's first item (the `before` of the previous page).
    public var startCursor: String?
    /// The cursor of the page's last item (the `after` of the next page).
    public var endCursor: String?

    /// Creates a page info.
    /// - Parameters:
    ///   - hasNextPage: whether the server has items after this page.
    ///   - hasPreviousPage: whether the server has items before this page.
    ///   - startCursor: the cursor of the page's first item.
    ///   - endCursor: the cursor of the page's last item.
    public init(hasNextPage: Bool, hasPreviousPage: Bool = false, startCursor: String? = nil, endCursor: String?) {
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.startCursor = startCursor
        self.endCursor = endCursor
    }
}
