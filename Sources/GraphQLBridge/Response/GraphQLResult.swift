/// A GraphQL response: the decoded `data` (possibly partial), the `errors`, and the `extensions`.
public struct GraphQLResult<Data: Sendable>: Sendable {
    /// The decoded data; `nil` when the server sent `null` or no `data`.
    public var data: Data?
    /// The errors the server sent with the data (field errors); empty when there were none.
    public var errors: [GraphQLError]
    /// The server's `extensions`, if any, their members named by their Unicode scalars (``JSONObject``).
    public var extensions: JSONObject
    /// The HTTP response head.
    public var httpResponse: HTTPResponse
    /// The size of the response body in bytes (0 for a result from the cache).
    public var byteCount: Int
    /// Whether the server or the cache answered.
    public var source: GraphQLResultSource = .server
    /// Whether a result from the cache holds a field older than its lifetime (always `true` for the cache's
    /// answer when the server could not be reached under ``GraphQLFetchPolicy/serverFirst``).
    public var isStale = false
    /// Whether more of this answer is on its way: a state of an incrementally delivered answer (`@defer`, `@stream`)
    /// before its last, as a watch or a query ref shows it (deferred fragments `nil`, streamed lists as far as they
    /// came). `false` for a complete answer and for a result from the cache.
    public var hasNext = false

    /// Creates a result.
    @inline(__always)
    public init(
        data: Data?, errors: [GraphQLError] = [], extensions: JSONObject = [:],
        httpResponse: HTTPResponse = HTTPResponse(status: 200), byteCount: Int = 0
    ) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.httpResponse = httpResponse
        self.byteCount = byteCount
    }

    /// Creates a result whose extensions are a dictionary.
    @_disfavoredOverload
    public init(
        data: Data?, errors: [GraphQLError] = [], extensions: [String: JSONValue],
        httpResponse: HTTPResponse = HTTPResponse(status: 200), byteCount: Int = 0
    ) {
        self.init(
            data: data, errors: errors, extensions: JSONObject(extensions), httpResponse: httpResponse,
            byteCount: byteCount)
    }

    /// Whether the data is partial: some fields are `null` because of the errors.
    public var isPartial: Bool { data != nil && !errors.isEmpty }
}

/// What the client does with GraphQL errors in a response that also has data.
public enum GraphQLErrorPolicy: Sendable, Hashable {
    /// Any error fails the call with ``APIError/graphQL(operation:status:errors:)``, even when there is
    /// partial data.
    case failOnAnyError
    /// Partial data is returned with its errors in ``GraphQLResult/errors``; only a response without data
    /// fails.
    case returnPartialData
}
