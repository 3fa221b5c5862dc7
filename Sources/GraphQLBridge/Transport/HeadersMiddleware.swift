import Foundation

/// Adds fixed header fields to every request (e.g. `X-Client-Version`), replacing fields of the same name.
public struct HeadersMiddleware: GraphQLMiddleware {
    /// The fields to set.
    public var headers: HTTPHeaders

    /// Creates the middleware.
    public init(_ headers: HTTPHeaders) { self.headers = headers }

    /// Sets the fields, then passes the request on.
    public func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        var request = request
        for (name, value) in headers { request.headers[name] = value }
        return try await next(request, body, operationName)
    }
}
