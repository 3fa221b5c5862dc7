/// The result of one GraphQL request: the response body, and whether it is a request error (no `data`
/// member: a syntax, validation or variable error), which the HTTP layer maps to 400 for
/// `application/graphql-response+json`.
struct GraphQLOutcome: Sendable {
    /// `{"errors": [...]}` or `{"errors"?: [...], "data": ...}`.
    let body: JSONValue
    /// Whether the request failed before execution.
    let isRequestError: Bool

    /// A request error with these errors.
    static func requestError(_ errors: [GraphQLResponseError]) -> GraphQLOutcome {
        GraphQLOutcome(body: .object([("errors", .array(errors.map(\.json)))]), isRequestError: true)
    }
}
