/// The GraphQL endpoint over HTTP (`POST /graphql`), per the GraphQL-over-HTTP draft as the contract uses it:
/// a JSON body `{"query", "operationName", "variables"}`, the response media type from `Accept`, request
/// errors as 400 with `application/graphql-response+json` and 200 with `application/json`.
struct GraphQLHTTPHandler: Sendable {
    /// The executor.
    let service: GraphQLService
    /// When set, executed queries (never mutations, never request errors) are answered with
    /// `Cache-Control: max-age=<cacheMaxAge>`.
    var cacheMaxAge: Int? = nil

    /// Answers a request (authorization already checked).
    /// - Parameter caller: Whose favourites the request reads and writes (its bearer token, or `nil`).
    func respond(to request: HTTPRequest, mediaType: GraphQLMediaType, caller: String? = nil) -> HTTPResponse {
        func errors(_ status: Int, _ message: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
            GraphQLHTTPHandler.errorResponse(status: status, message: message, mediaType: mediaType, headers: headers)
        }
        guard request.method == "POST" else {
            return errors(
                405, "method \(request.method) is not supported: POST a GraphQL request", headers: [("Allow", "POST")])
        }
        let contentType = (request.header("Content-Type") ?? "").split(separator: ";").first.map {
            $0.trimmingOWS().lowercased()
        }
        guard contentType == nil || contentType == "application/json" || contentType == "" else {
            return errors(415, "Content-Type must be application/json, got '\(contentType ?? "")'")
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return errors(400, "the request body is not JSON: \(error)")
        }
        guard case .object = body else { return errors(400, "the request body must be a JSON object") }
        guard case .string(let query) = body["query"] ?? .null,
            query.contains(where: { !$0.isWhitespace })
        else { return errors(400, "the request has no query string") }
        var variables: [(String, JSONValue)]?
        switch body["variables"] ?? .null {
        case .null: variables = nil
        case .object(let members): variables = members
        default: return errors(400, "variables must be a JSON object")
        }
        var operationName: String?
        switch body["operationName"] ?? .null {
        case .null: operationName = nil
        case .string(let name): operationName = name
        default: return errors(400, "operationName must be a string")
        }
        let outcome = service.run(query: query, operationName: operationName, variables: variables, caller: caller)
        let status = outcome.isRequestError && mediaType == .graphQLResponseJSON ? 400 : 200
        var headers: [(name: String, value: String)] = []
        if let cacheMaxAge, outcome.executedOperation == .query {
            headers.append(("Cache-Control", "max-age=\(cacheMaxAge)"))
        }
        return .json(status: status, outcome.body, contentType: mediaType.rawValue, extraHeaders: headers)
    }

    /// `{"errors": [{"message": ...}]}` with the given status and media type.
    static func errorResponse(
        status: Int, message: String, mediaType: GraphQLMediaType, headers: [(name: String, value: String)] = []
    ) -> HTTPResponse {
        .json(
            status: status, .object([("errors", .array([.object([("message", .string(message))])]))]),
            contentType: mediaType.rawValue, extraHeaders: headers)
    }
}
