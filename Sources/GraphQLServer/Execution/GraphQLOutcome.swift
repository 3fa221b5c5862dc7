import GraphQLParser

/// The result of one GraphQL request: the response body, and whether it is a request error (no `data`
/// member: a syntax, validation or variable error), which the HTTP layer maps to 400 for
/// `application/graphql-response+json`.
package struct GraphQLOutcome: Sendable {
    /// `{"errors": [...]}` or `{"errors"?: [...], "data": ...}`.
    package let body: JSONValue
    /// Whether the request failed before execution.
    package let isRequestError: Bool
    /// The kind of operation that was executed; `nil` for a request error.
    package var executedOperation: OperationType? = nil
    /// Whether the request asked for a mutation by `GET` (read-only), which was not run.
    package var refusedAsReadOnly = false

    /// Creates an outcome.
    package init(
        body: JSONValue, isRequestError: Bool, executedOperation: OperationType? = nil, refusedAsReadOnly: Bool = false
    ) {
        self.body = body
        self.isRequestError = isRequestError
        self.executedOperation = executedOperation
        self.refusedAsReadOnly = refusedAsReadOnly
    }

    /// A request error with these errors.
    package static func requestError(_ errors: [GraphQLResponseError]) -> GraphQLOutcome {
        GraphQLOutcome(body: .object([("errors", .array(errors.map(\.json)))]), isRequestError: true)
    }
}
