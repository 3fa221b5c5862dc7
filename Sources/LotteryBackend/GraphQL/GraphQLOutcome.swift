import GraphQLParser

/// The result of one GraphQL request: the response body, and whether it is a request error (no `data`
/// member: a syntax, validation or variable error), which the HTTP layer maps to 400 for
/// `application/graphql-response+json`.
struct GraphQLOutcome: Sendable {
    /// `{"errors": [...]}` or `{"errors"?: [...], "data": ...}`.
    let body: JSONValue
    /// Whether the request failed before execution.
    let isRequestError: Bool
    /// The kind of operation that was executed; `nil` for a request error.
    var executedOperation: OperationType? = nil
    /// Whether the request asked for a mutation by `GET` (read-only), which was not run.
    var refusedAsReadOnly = false

    /// A request error with these errors.
    static func requestError(_ errors: [GraphQLResponseError]) -> GraphQLOutcome {
        GraphQLOutcome(body: .object([("errors", .array(errors.map(\.json)))]), isRequestError: true)
    }
}
