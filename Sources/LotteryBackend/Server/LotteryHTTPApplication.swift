/// The embedded backend's application: routes a request to the REST API (`/api/v1`...) or the GraphQL
/// endpoint (`/graphql`), checking the bearer token first when one is configured; anything else is 404.
struct LotteryHTTPApplication: Sendable {
    /// The REST API.
    let rest: RESTHandler
    /// The GraphQL endpoint.
    let graphQL: GraphQLHTTPHandler
    /// The required bearer token, if any.
    let token: String?

    private static let authenticate = [(name: "WWW-Authenticate", value: "Bearer realm=\"lottery\"")]
    private static let unauthorizedMessage = "missing or wrong bearer token"

    /// Creates the application for a data set.
    init(dataSet: LotteryDataSet, options: EmbeddedBackendOptions) {
        rest = RESTHandler(dataSet: dataSet)
        graphQL = GraphQLHTTPHandler(
            service: GraphQLService(
                dataSet: dataSet, longAsString: options.longAsString, planted: options.plantedDifferences))
        token = options.token
    }

    /// Answers one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path == "/graphql" || path == "/graphql/" {
            let mediaType = GraphQLMediaType.negotiate(accept: request.header("Accept"))
            guard isAuthorized(request) else {
                return GraphQLHTTPHandler.errorResponse(
                    status: 401, message: LotteryHTTPApplication.unauthorizedMessage, mediaType: mediaType,
                    headers: LotteryHTTPApplication.authenticate)
            }
            return graphQL.respond(to: request, mediaType: mediaType)
        }
        if path.hasPrefix("/api/v1/") || path == "/api/v1" {
            guard isAuthorized(request) else {
                return RESTError.unauthorized(LotteryHTTPApplication.unauthorizedMessage)
                    .response(extraHeaders: LotteryHTTPApplication.authenticate)
            }
            guard request.method == "GET" else {
                return RESTError.badRequest(
                    "method \(request.method) is not allowed: the REST API is read-only (GET)"
                ).response(extraHeaders: [("Allow", "GET, HEAD")])
            }
            var segments = path.dropFirst("/api/v1/".count).split(separator: "/", omittingEmptySubsequences: false)
                .map { HTTPRequest.percentDecode($0, plusIsSpace: false) ?? String($0) }
            if segments.last == "" { segments.removeLast() }
            return rest.respond(segments: segments, request: request)
        }
        return RESTError.notFound("no route \(path)")
            .response()
    }

    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard let token else { return true }
        return request.header("Authorization") == "Bearer \(token)"
    }
}
