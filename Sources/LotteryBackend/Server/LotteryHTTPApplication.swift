import GraphQLServer

/// The embedded backend's application: routes a request to the REST API (`/api/v1`...) or the GraphQL
/// endpoint (`/graphql`), checking the bearer token first when one is configured; anything else is 404.
struct LotteryHTTPApplication: Sendable {
    /// The REST API.
    let rest: RESTHandler
    /// The GraphQL endpoint.
    let graphQL: GraphQLHTTPHandler
    /// The accepted bearer tokens; empty when none is required.
    let tokens: Set<String>
    /// The callers' favourite games, shared by both APIs.
    let favorites: FavoriteStore
    /// The data as the draw clock changes it (each request reads it as it is then).
    let live: LiveDataSet
    /// Subscriptions over Server-Sent Events, multipart HTTP and WebSockets.
    let realtime: RealtimeHTTPHandler<GraphQLService>

    private static let authenticate = [(name: "WWW-Authenticate", value: "Bearer realm=\"lottery\"")]
    private static let unauthorizedMessage = "missing or wrong bearer token"

    /// Creates the application for a data set.
    init(
        dataSet: LotteryDataSet, options: EmbeddedBackendOptions, live: LiveDataSet? = nil,
        hub: RealtimeHub<DataSetDraw> = RealtimeHub(topic: { $0.gameId })
    ) {
        let favorites = FavoriteStore()
        let live = live ?? LiveDataSet(dataSet)
        rest = RESTHandler(dataSet: dataSet, favorites: favorites, failWrites: options.failMutations)
        let service = GraphQLService(
            dataSet: dataSet, longAsString: options.longAsString, planted: options.plantedDifferences,
            favorites: favorites, failMutations: options.failMutations, live: live,
            incremental: options.incrementalDelivery != nil)
        graphQL = GraphQLHTTPHandler(
            service: service, cacheMaxAge: options.cacheMaxAge,
            persistedQueries: PersistedQueryStore(mode: options.persistedQueries),
            incrementalDelivery: options.incrementalDelivery)
        tokens = options.acceptedTokens
        self.favorites = favorites
        self.live = live
        realtime = RealtimeHTTPHandler(
            service: service, hub: hub,
            options: RealtimeOptions(
                tokens: tokens, realm: "lottery", heartbeatInterval: options.heartbeatInterval,
                acknowledgesWebSockets: options.acknowledgesWebSockets,
                webSocketInitTimeout: options.webSocketInitTimeout))
    }

    /// Answers one request.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        if path == "/graphql" || path == "/graphql/" {
            if let kind = RealtimeRequestKind(request),
                let response = realtime.respond(
                    to: request, kind: kind, authorized: isAuthorized(request), caller: caller(of: request))
            {
                return response
            }
            let mediaType = GraphQLMediaType.negotiate(accept: request.header("Accept"))
            guard isAuthorized(request) else {
                return GraphQLHTTPHandler.errorResponse(
                    status: 401, message: LotteryHTTPApplication.unauthorizedMessage, mediaType: mediaType,
                    headers: LotteryHTTPApplication.authenticate)
            }
            return graphQL.respond(to: request, mediaType: mediaType, caller: caller(of: request))
        }
        if path.hasPrefix("/api/v1/") || path == "/api/v1" {
            guard isAuthorized(request) else {
                return RESTError.unauthorized(LotteryHTTPApplication.unauthorizedMessage)
                    .response(extraHeaders: LotteryHTTPApplication.authenticate)
            }
            var rest = self.rest
            rest.dataSet = live.current
            var segments = path.dropFirst("/api/v1/".count).split(separator: "/", omittingEmptySubsequences: false)
                .map { HTTPRequest.percentDecode($0, plusIsSpace: false) ?? String($0) }
            if segments.last == "" { segments.removeLast() }
            let isFavoritePath = segments.count == 3 && segments[0] == "games" && segments[2] == "favorite"
            if isFavoritePath {
                guard request.method == "PUT" || request.method == "DELETE" else {
                    return RESTError.badRequest("method \(request.method) is not allowed on a favourite: PUT or DELETE")
                        .response(extraHeaders: [("Allow", "PUT, DELETE")])
                }
                return rest.writeFavorite(
                    gameId: segments[1], favorite: request.method == "PUT", caller: caller(of: request),
                    method: request.method)
            }
            guard request.method == "GET" else {
                return RESTError.badRequest(
                    "method \(request.method) is not allowed: the REST API is read-only (GET) "
                        + "except PUT / DELETE /games/{game_id}/favorite"
                ).response(extraHeaders: [("Allow", "GET, HEAD")])
            }
            return rest.respond(segments: segments, request: request, caller: caller(of: request))
        }
        return RESTError.notFound("no route \(path)")
            .response()
    }

    private func isAuthorized(_ request: HTTPRequest) -> Bool {
        guard !tokens.isEmpty else { return true }
        return caller(of: request).map { tokens.contains($0) } ?? false
    }

    /// Whose favourites a request reads and writes: its bearer token, or `nil` (the one shared set) when the
    /// server requires no token.
    private func caller(of request: HTTPRequest) -> String? {
        guard !tokens.isEmpty, let header = request.header("Authorization"), header.hasPrefix("Bearer ") else {
            return nil
        }
        return String(header.dropFirst("Bearer ".count))
    }
}
