/// A page that could not be loaded: which page (its query, with the variables that say where it starts), in which
/// direction, and why. The pages loaded before it stay as they were.
public struct GraphQLPageError<Query: GraphQLQuery>: Error, Sendable {
    /// The page's query.
    public let query: Query
    /// The load that failed.
    public let direction: GraphQLPageDirection
    /// Why: the client's error for the page's request.
    public let error: APIError

    /// Creates the error of one page.
    /// - Parameters:
    ///   - query: the page's query.
    ///   - direction: the load that failed.
    ///   - error: the client's error.
    public init(query: Query, direction: GraphQLPageDirection, error: APIError) {
        self.query = query
        self.direction = direction
        self.error = error
    }
}
