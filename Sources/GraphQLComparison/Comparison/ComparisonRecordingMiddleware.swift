import Foundation
import GraphQLBridge
import GraphQLMigration

/// Tells a running comparison (``ComparisonContext``) about each GraphQL response: its body is
/// counted in the GraphQL bytes of the report and, with `--record DIR`, saved as the entity's GraphQL fixture. Outside
/// a comparison's read it only passes the request on.
///
/// ```swift
/// let graphQL = GraphQLClient(endpoint: url, token: token, middlewares: [ComparisonRecordingMiddleware()])
/// ```
///
/// Put it last among the middlewares, so that it sees the response as the transport received it.
public struct ComparisonRecordingMiddleware: GraphQLMiddleware {
    /// Creates the middleware.
    public init() {}

    /// Passes the request on and reports the response's body to the comparison in progress, if any.
    public func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        let (response, responseBody) = try await next(request, body, operationName)
        if ComparisonContext.isReading {
            ComparisonContext.received(
                .graphql, body: responseBody, url: request.url, status: response.status, operation: operationName)
        }
        return (response, responseBody)
    }
}
