/// An app's model fetched through GraphQL (by ``GraphQLRequestClient``), with what else the response said: its
/// warnings, size, source and staleness.
public struct GraphQLBridgeResponse<Value: Sendable>: Sendable {
    /// The model.
    public var value: Value
    /// GraphQL errors that came with the data (the fields they name are `nil` in `value`).
    public var warnings: [GraphQLError]
    /// The response body's size in bytes (0 from the cache).
    public var byteCount: Int
    /// Whether the server or the client cache answered.
    public var source: GraphQLResultSource
    /// Whether the cache's answer holds data older than its lifetime (see ``GraphQLCache``).
    public var isStale: Bool

    /// Creates a response.
    public init(
        value: Value, warnings: [GraphQLError] = [], byteCount: Int = 0, source: GraphQLResultSource = .server,
        isStale: Bool = false
    ) {
        self.value = value
        self.warnings = warnings
        self.byteCount = byteCount
        self.source = source
        self.isStale = isStale
    }
}
