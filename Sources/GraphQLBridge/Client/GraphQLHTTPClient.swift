import Foundation

/// Executes generated operations over GraphQL over HTTP: encodes the request, runs it through the
/// middlewares and the transport, and decodes the response with the chosen error policy.
///
/// ```swift
/// let client = GraphQLHTTPClient(
///     endpoint: URL(string: "https://api.example/graphql")!,
///     middlewares: [BearerTokenMiddleware(token: { await auth.token })])
/// let result = try await client.execute(GameQuery(id: "6x45"), errorPolicy: .returnPartialData)
/// ```
///
/// Requests are `POST` with `Content-Type: application/json` and
/// `Accept: application/graphql-response+json, application/json;q=0.9`, as the GraphQL-over-HTTP draft
/// says; a 4xx response of the GraphQL media type is read as a GraphQL response (request errors).
public struct GraphQLHTTPClient: Sendable {
    /// The `Accept` header the client sends.
    public static let acceptHeader = "application/graphql-response+json, application/json;q=0.9"

    /// The GraphQL endpoint.
    public let endpoint: URL
    /// How long the transport may wait for the server.
    public let timeout: Duration
    private let transport: any GraphQLTransport
    private let middlewares: [any GraphQLMiddleware]

    /// Creates a client.
    /// - Parameters:
    ///   - endpoint: the GraphQL endpoint, such as `https://api.example/graphql`.
    ///   - transport: what sends requests; a ``URLSessionTransport`` by default.
    ///   - middlewares: applied in order, the first one outermost.
    ///   - timeout: the idle timeout of each request.
    public init(
        endpoint: URL, transport: any GraphQLTransport = URLSessionTransport(),
        middlewares: [any GraphQLMiddleware] = [], timeout: Duration = .seconds(30)
    ) {
        self.endpoint = endpoint
        self.transport = transport
        self.middlewares = middlewares
        self.timeout = timeout
    }

    /// Executes `operation` and decodes its result.
    /// - Parameter errorPolicy: whether GraphQL errors beside data fail the call (the default) or are
    ///   returned with the partial data.
    /// - Throws: ``APIError``, always.
    public func execute<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) async throws(APIError) -> GraphQLResult<Operation.Data> {
        let name = Operation.operationName
        let body: Data
        do {
            body = try GraphQLHTTPClient.variablesEncoder().encode(
                RequestBody(query: Operation.document, operationName: name, variables: operation.variables))
        } catch {
            throw .encoding(operation: name, reason: "\(error)")
        }
        var request = HTTPRequest(method: "POST", url: endpoint, timeout: timeout)
        request.headers["Content-Type"] = "application/json"
        request.headers["Accept"] = GraphQLHTTPClient.acceptHeader

        let response: HTTPResponse
        let responseBody: Data
        do {
            (response, responseBody) = try await send(request, body: body, operationName: name)
        } catch {
            throw GraphQLHTTPClient.translate(error, operation: name)
        }
        return try GraphQLResponseDecoder.decode(
            Operation.Data.self, operation: name, response: response, body: responseBody, errorPolicy: errorPolicy)
    }

    /// The encoder of request bodies: a `Date` anywhere in the variables (hand-written ones included) is sent as
    /// a ``DateTime`` (RFC 3339 in UTC), not as Foundation's default seconds since 2001.
    static func variablesEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(DateTimeScalar.format(date))
        }
        return encoder
    }

    /// Executes `operation` and calls `completion` with the result, on an arbitrary thread.
    /// - Returns: the task doing the work; cancel it to cancel the request (`completion` then gets
    ///   ``APIError/cancelled(operation:)``).
    @discardableResult
    public func execute<Operation: GraphQLOperation>(
        _ operation: Operation, errorPolicy: GraphQLErrorPolicy = .failOnAnyError,
        completion: @escaping @Sendable (Result<GraphQLResult<Operation.Data>, APIError>) -> Void
    ) -> Task<Void, Never> {
        Task {
            do throws(APIError) {
                completion(.success(try await execute(operation, errorPolicy: errorPolicy)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    private func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        let transport = self.transport
        var next: GraphQLMiddleware.Next = { request, body, name in
            try await transport.send(request, body: body, operationName: name)
        }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body, name in
                try await middleware.intercept(request, body: body, operationName: name, next: inner)
            }
        }
        try Task.checkCancellation()
        return try await next(request, body, operationName)
    }

    static func translate(_ error: any Error, operation: String) -> APIError {
        if let apiError = error as? APIError { return apiError }
        if error is CancellationError { return .cancelled(operation: operation) }
        if let urlError = error as? URLError { return translate(TransportError(urlError), operation: operation) }
        if let transportError = error as? TransportError {
            switch transportError.kind {
            case .cancelled: return .cancelled(operation: operation)
            case .timedOut: return .timedOut(operation: operation, message: transportError.message)
            case .responseTooLarge(let limit): return .responseTooLarge(operation: operation, limit: limit)
            case .connection, .other: return .transport(operation: operation, message: transportError.message)
            }
        }
        if Task.isCancelled { return .cancelled(operation: operation) }
        return .transport(operation: operation, message: "\(error)")
    }
}

/// The JSON body of a GraphQL-over-HTTP request.
struct RequestBody<Variables: Encodable>: Encodable {
    var query: String
    var operationName: String
    var variables: Variables
}
