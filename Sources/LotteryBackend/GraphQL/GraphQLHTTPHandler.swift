import GraphQLServer

/// The GraphQL endpoint over HTTP (`POST /graphql`, and `GET /graphql` for queries), per the GraphQL-over-HTTP draft
/// as the contract uses it: a JSON body `{"query", "operationName", "variables", "extensions"}` (or the same as URL
/// query parameters), the response media type from `Accept`, request errors as 400 with
/// `application/graphql-response+json` and 200 with `application/json`. Persisted queries (an id in
/// `extensions.persistedQuery` in place of the document) as ``PersistedQueryStore`` says.
struct GraphQLHTTPHandler: Sendable {
    /// The executor.
    let service: GraphQLService
    /// When set, executed queries (never mutations, never request errors) are answered with
    /// `Cache-Control: max-age=<cacheMaxAge>`.
    var cacheMaxAge: Int? = nil
    /// The persisted-query protocol, its stored documents and the counts of what the endpoint received.
    var persistedQueries = PersistedQueryStore(mode: .disabled)
    /// When set, queries with `@defer` or `@stream` sent with `Accept: multipart/mixed` are answered incrementally.
    var incrementalDelivery: IncrementalDeliveryOption? = nil

    /// Answers a request (authorization already checked).
    /// - Parameter caller: Whose favourites the request reads and writes (its bearer token, or `nil`).
    func respond(to request: HTTPRequest, mediaType: GraphQLMediaType, caller: String? = nil) -> HTTPResponse {
        func errors(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
            GraphQLHTTPHandler.errorResponse(status: status, message: message, mediaType: mediaType, headers: headers)
        }
        persistedQueries.count { counts in
            counts.requests += 1
            if request.method == "GET" { counts.gets += 1 }
            if request.method == "POST" { counts.posts += 1 }
            counts.bytesReceived += Self.byteCount(of: request)
        }
        let parameters: GraphQLRequestParameters
        switch GraphQLRequestParameters.read(request) {
        case .success(let read): parameters = read
        case .failure(let problem): return errors(problem.status, problem.message, headers: problem.headers)
        }
        let query: String
        switch persistedQueries.resolve(query: parameters.query, persistedQuery: parameters.persistedQuery) {
        case .document(let document): query = document
        case .invalid(let message): return errors(400, message)
        case .refused(let message, let code):
            // 200, as Apollo's servers answer it: the client sends the document next (or reports the id).
            let error = GraphQLResponseError(message, extensions: [("code", .string(code))])
            return .json(status: 200, .object([("errors", .array([error.json]))]), contentType: mediaType.rawValue)
        }
        if let incrementalDelivery,
            let format = GraphQLIncrementalFormat.negotiate(
                accept: request.header("Accept"),
                preferred: incrementalDelivery.format == .apollo2022 ? .apollo2022 : .current),
            let payloads = service.runIncrementally(
                query: query, operationName: parameters.operationName, variables: parameters.variables,
                caller: caller, readOnly: request.method == "GET", format: format)
        {
            return .incremental(payloads, format: format, delay: incrementalDelivery.delay)
        }
        let outcome = service.run(
            query: query, operationName: parameters.operationName, variables: parameters.variables, caller: caller,
            readOnly: request.method == "GET")
        if outcome.refusedAsReadOnly {
            return errors(405, "mutations are POST only: POST this request", headers: [("Allow", "POST")])
        }
        let status = outcome.isRequestError && mediaType == .graphQLResponseJSON ? 400 : 200
        var headers: [(name: String, value: String)] = []
        if let cacheMaxAge, outcome.executedOperation == .query {
            headers.append(("Cache-Control", "max-age=\(cacheMaxAge)"))
        }
        return .json(status: status, outcome.body, contentType: mediaType.rawValue, extraHeaders: headers)
    }

    /// The bytes of a request as received: request line, header fields, empty line and body.
    static func byteCount(of request: HTTPRequest) -> Int {
        var count = request.method.utf8.count + 1 + request.target.utf8.count + " HTTP/1.1\r\n".utf8.count + 2
        for (name, value) in request.headers { count += name.utf8.count + 2 + value.utf8.count + 2 }
        return count + request.body.count
    }

    /// `{"errors": [{"message": ...}]}` with the given status and media type.
    static func errorResponse(
        status: Int, message: String, mediaType: GraphQLMediaType, headers: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        .graphQLError(status: status, message: message, mediaType: mediaType, headers: headers)
    }
}
