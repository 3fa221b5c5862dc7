/// What the embedded backend's GraphQL endpoint has received since it started
/// (``EmbeddedLotteryServer/graphQLRequestCounts``), so tests can see what a client sent.
public struct GraphQLRequestCounts: Sendable, Hashable {
    /// Requests to `/graphql` that passed authorization.
    public var requests = 0
    /// Of them, `GET`s.
    public var gets = 0
    /// Of them, `POST`s.
    public var posts = 0
    /// Requests with a persisted-query id and no document (`extensions.persistedQuery` without `query`).
    public var idOnly = 0
    /// Requests with a document (`query`).
    public var withDocument = 0
    /// Requests whose document came from the persisted-query store or the trusted list (by id).
    public var persistedHits = 0
    /// Answers `PersistedQueryNotFound`.
    public var notFound = 0
    /// Answers `PersistedQueryNotInList`.
    public var notInList = 0
    /// Documents stored by automatic persisted queries.
    public var registered = 0
    /// The bytes of the requests as received: request line, header fields and body.
    public var bytesReceived = 0

    /// Creates zero counts.
    public init() {}
}
