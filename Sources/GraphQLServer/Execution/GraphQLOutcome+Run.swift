import GraphQLParser

extension GraphQLOutcome {
    /// Runs a prepared query or mutation on `executor` and answers `{"errors"?: [...], "data": ...}`. A mutation
    /// asked for read-only (by `GET`) is not run (``refusedAsReadOnly``); a subscription is a request error that
    /// says how to ask for a stream.
    /// - Parameter root: The root object of an operation type (`query` or `mutation`).
    package static func run<Resolvers>(
        _ prepared: GraphQLRequestPreparer.PreparedOperation, readOnly: Bool, executor: GraphQLExecutor<Resolvers>,
        root: (OperationType) -> Resolvers.Object
    ) -> GraphQLOutcome {
        let kind = prepared.operation.operation
        if readOnly, kind == .mutation {
            return GraphQLOutcome(
                body: .object([("errors", .array([]))]), isRequestError: true, refusedAsReadOnly: true)
        }
        guard kind == .query || kind == .mutation else {
            return .requestError([
                GraphQLResponseError(
                    "Subscriptions are served as streams: send the request with `Accept: text/event-stream` "
                        + "(GraphQL over SSE), `Accept: multipart/mixed;subscriptionSpec=\"1.0\"` (multipart HTTP), or "
                        + "over a WebSocket with the graphql-transport-ws subprotocol.",
                    locations: [prepared.operation.location])
            ])
        }
        var executor = executor
        let data = executor.execute(prepared.operation.selectionSet, root: root(kind))
        var members: [(String, JSONValue)] = []
        if !executor.errors.isEmpty {
            members.append(("errors", .array(executor.errors.map(\.json))))
        }
        members.append(("data", data))
        return GraphQLOutcome(body: .object(members), isRequestError: false, executedOperation: kind)
    }
}

extension HTTPResponse {
    /// `{"errors": [{"message": ...}]}` with the given status and media type.
    package static func graphQLError(
        status: Int, message: String, mediaType: GraphQLMediaType, headers: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        .json(
            status: status, .object([("errors", .array([.object([("message", .string(message))])]))]),
            contentType: mediaType.rawValue, extraHeaders: headers)
    }
}
