import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The legacy app's REST client: fetches games, draws and images from `/api/v1` and decodes them into the
/// legacy models.
///
/// Every call throws only `LegacyAPIError`. Completion-handler forms of each call are in
/// `LegacyAPIClient+Completion.swift`; envelope decoding without the network is `decodeEnvelope(_:from:)`.
public struct LegacyAPIClient: Sendable {
    /// The REST API root, including `/api/v1`, for example `http://127.0.0.1:8080/api/v1`.
    public let baseURL: URL
    /// The bearer token sent as `Authorization: Bearer <token>`, if any.
    public let token: String?
    /// The session that performs the requests.
    public let session: URLSession
    /// The timeout of each request, in seconds.
    public let timeout: TimeInterval
    /// Called once for every HTTP response received, with its size, latency and body (for benchmarks and the
    /// comparison tool), in the task that made the request, before the body is decoded.
    public let metrics: (@Sendable (LegacyRequestMetrics) -> Void)?
    /// The answers a test gave in place of the server (`LegacyAPIClient+Overrides.swift`).
    let overrides: LegacyAPIOverrides

    /// The contract's bounds for the `limit` of `draws(gameId:limit:before:)`.
    public static let drawsLimitRange = 1...100

    /// Creates a client.
    ///
    /// - Parameters:
    ///   - baseURL: The REST API root, including `/api/v1`.
    ///   - token: A bearer token to send with every request, or `nil` to send none.
    ///   - session: The session that performs the requests.
    ///   - timeout: The timeout of each request, in seconds.
    ///   - metrics: Called with the size and latency of every HTTP response received.
    public init(
        baseURL: URL,
        token: String? = nil,
        session: URLSession = .shared,
        timeout: TimeInterval = 30,
        metrics: (@Sendable (LegacyRequestMetrics) -> Void)? = nil
    ) {
        self.baseURL = baseURL
        self.token = token
        self.session = session
        self.timeout = timeout
        self.metrics = metrics
        self.overrides = LegacyAPIOverrides(isUnimplemented: false)
    }

    /// A client whose answers come from `overrides` first.
    init(baseURL: URL, overrides: LegacyAPIOverrides) {
        self.baseURL = baseURL
        self.token = nil
        self.session = .shared
        self.timeout = 30
        self.metrics = nil
        self.overrides = overrides
    }

    // MARK: Endpoints

    /// `GET /games?type=T&active=A`: the games, ordered by id.
    ///
    /// - Parameters:
    ///   - type: Only games of this type; `nil` for all types. `.unknown` cannot be expressed as a REST filter
    ///     and throws `LegacyAPIError.invalidRequest` (fetch all types and filter the result instead).
    ///   - activeOnly: `true` for active games only (`active=1`), `false` for all games (`active=0`).
    public func games(type: GameType? = nil, activeOnly: Bool = true) async throws(LegacyAPIError) -> [GameInfo] {
        if let answer = try overridden(.games(type: type, activeOnly: activeOnly), as: [GameInfo].self) {
            return answer
        }
        var query: [URLQueryItem] = []
        if let type {
            guard let code = type.code else {
                throw .invalidRequest(
                    message: "cannot filter games by GameType.unknown, which has no REST game_type code; "
                        + "pass type: nil and keep the games whose type is .unknown"
                )
            }
            query.append(URLQueryItem(name: "type", value: String(code)))
        }
        query.append(URLQueryItem(name: "active", value: activeOnly ? "1" : "0"))
        return try await send([GameInfo].self, path: ["games"], query: query).value
    }

    /// `GET /games/{id}`: one game with its logo and its next and last draws.
    public func game(id: String) async throws(LegacyAPIError) -> GameInfo {
        if let answer = try overridden(.game(id: id), as: GameInfo.self) { return answer }
        return try await send(GameInfo.self, path: ["games", id]).value
    }

    /// `GET /games/{gameId}/draws?limit=N&before=D`: the game's draws, newest first.
    ///
    /// - Parameters:
    ///   - gameId: The game's id.
    ///   - limit: How many draws, 1...100 (others throw `LegacyAPIError.invalidRequest`).
    ///   - before: Only draws with a smaller number; `nil` for the newest.
    public func draws(gameId: String, limit: Int = 10, before: Int64? = nil) async throws(LegacyAPIError) -> [DrawInfo]
    {
        if let answer = try overridden(.draws(gameId: gameId, limit: limit, before: before), as: [DrawInfo].self) {
            return answer
        }
        guard Self.drawsLimitRange.contains(limit) else {
            throw .invalidRequest(
                message: "limit \(limit) is out of range: the REST API accepts \(Self.drawsLimitRange) draws per page"
            )
        }
        var query = [URLQueryItem(name: "limit", value: String(limit))]
        if let before {
            query.append(URLQueryItem(name: "before", value: String(before)))
        }
        return try await send([DrawInfo].self, path: ["games", gameId, "draws"], query: query).value
    }

    /// `GET /games/{gameId}/draws/{number}`: one draw.
    public func draw(gameId: String, number: Int64) async throws(LegacyAPIError) -> DrawInfo {
        if let answer = try overridden(.draw(gameId: gameId, number: number), as: DrawInfo.self) { return answer }
        return try await send(DrawInfo.self, path: ["games", gameId, "draws", String(number)]).value
    }

    /// `GET /images/{id}`: one image.
    public func image(id: String) async throws(LegacyAPIError) -> ImageInfo {
        if let answer = try overridden(.image(id: id), as: ImageInfo.self) { return answer }
        return try await send(ImageInfo.self, path: ["images", id]).value
    }

    // MARK: Lower level

    /// Sends `GET <baseURL>/<path...>?<query>` and decodes the envelope's `result` as `T`, returning it with the
    /// response's size and latency.
    ///
    /// - Parameters:
    ///   - type: The type of the envelope's `result`.
    ///   - path: Path components after `baseURL`, each percent-encoded (a `/` in an id stays inside its
    ///     component). Empty, `"."` and `".."` components throw `LegacyAPIError.invalidRequest`.
    ///   - query: Query items, encoded by `URLComponents`.
    ///   - method: The HTTP method: `GET` by default; the writes use `PUT` and `DELETE`, without a body.
    public func send<T: Decodable & Sendable>(
        _ type: T.Type = T.self,
        path: [String],
        query: [URLQueryItem] = [],
        method: String = "GET"
    ) async throws(LegacyAPIError) -> LegacyAPIResponse<T> {
        guard !overrides.isUnimplemented else {
            throw .unimplemented(
                request: "\(method) /\(path.joined(separator: "/"))",
                advice: "LegacyAPIClient.unimplemented() has no server: call an endpoint method "
                    + "(game(id:), draws(gameId:limit:before:), ...) and override its request")
        }
        let request = try makeRequest(path: path, query: query, method: method)
        guard !Task.isCancelled else {
            throw .cancelled
        }
        let clock = ContinuousClock()
        let start = clock.now
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw Self.transportError(error, request: request)
        }
        let duration = start.duration(to: clock.now)
        guard !Task.isCancelled else {
            throw .cancelled
        }
        let url = request.url ?? baseURL
        guard let http = response as? HTTPURLResponse else {
            throw .invalidResponse(httpStatus: nil, bodyExcerpt: Self.excerpt(of: data))
        }
        metrics?(
            LegacyRequestMetrics(
                url: url, httpStatus: http.statusCode, byteCount: data.count, duration: duration, body: data))
        let value = try Self.decodeEnvelope(T.self, from: data, httpStatus: http.statusCode)
        return LegacyAPIResponse(
            value: value,
            httpStatus: http.statusCode,
            byteCount: data.count,
            duration: duration,
            url: url
        )
    }

    /// The request for `path` and `query`, with the headers every call sends, as a `method` request (`GET` by
    /// default).
    public func makeRequest(
        path: [String], query: [URLQueryItem] = [], method: String = "GET"
    ) throws(LegacyAPIError) -> URLRequest {
        var encodedPath = ""
        for component in path {
            guard !component.isEmpty, component != ".", component != ".." else {
                throw .invalidRequest(
                    message: "path component \(String(reflecting: component)) is not a valid id: "
                        + "ids must be non-empty and not \".\" or \"..\""
                )
            }
            guard let encoded = component.addingPercentEncoding(withAllowedCharacters: Self.unreserved) else {
                throw .invalidRequest(message: "path component \(String(reflecting: component)) cannot be encoded")
            }
            encodedPath += "/" + encoded
        }
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: true) else {
            throw .invalidRequest(message: "base URL \(baseURL.absoluteString) cannot be split into components")
        }
        var basePath = components.percentEncodedPath
        while basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        components.percentEncodedPath = basePath + encodedPath
        components.queryItems = query.isEmpty ? nil : query
        guard let url = components.url else {
            throw .invalidRequest(message: "cannot build a URL from base \(baseURL.absoluteString) and path \(path)")
        }
        var request = URLRequest(url: url, cachePolicy: .useProtocolCachePolicy, timeoutInterval: timeout)
        request.httpMethod = method
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token {
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        return request
    }

    /// RFC 3986 unreserved characters: everything else in a path component is percent-encoded.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    )

    private static func transportError(_ error: any Error, request: URLRequest) -> LegacyAPIError {
        if error is CancellationError {
            return .cancelled
        }
        let target = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "?")"
        if let urlError = error as? URLError {
            if urlError.code == .cancelled {
                return .cancelled
            }
            return .transport(
                message: "\(target): URLError \(urlError.code.rawValue) (\(urlError.localizedDescription))"
            )
        }
        return .transport(message: "\(target): \(error)")
    }
}
