import Foundation

/// Sends `Authorization: Bearer <token>` with every request; the token is asked for on each request,
/// so a refreshed token is used as soon as it is there. A `nil` token sends no header.
public struct BearerTokenMiddleware: GraphQLMiddleware {
    private let token: @Sendable () async throws -> String?

    /// A middleware that asks `token` for the current token before each request.
    public init(token: @escaping @Sendable () async throws -> String?) { self.token = token }

    /// A middleware with a fixed token.
    public init(token: String) { self.token = { token } }

    /// Sets the header, then passes the request on.
    public func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        var request = request
        if let value = try await token() { request.headers["Authorization"] = "Bearer \(value)" }
        return try await next(request, body, operationName)
    }
}
