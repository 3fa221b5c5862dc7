import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// The endpoint the client tests use with ``MockTransport``: `https://api.example/graphql`.
let testEndpoint: URL = {
    var components = URLComponents()
    components.scheme = "https"
    components.host = "api.example"
    components.path = "/graphql"
    return components.url ?? URL(fileURLWithPath: "/graphql")
}()

/// A client over `transport` with the given middlewares.
func makeClient(
    _ transport: MockTransport, middlewares: [any GraphQLMiddleware] = [], timeout: Duration = .seconds(30)
) -> GraphQLHTTPClient {
    GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, middlewares: middlewares, timeout: timeout)
}

/// The ``APIError`` that executing `operation` throws; records an issue and returns `nil` when it succeeds.
func executionError<Operation: GraphQLOperation>(
    _ client: GraphQLHTTPClient, _ operation: Operation, errorPolicy: GraphQLErrorPolicy = .failOnAnyError,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> APIError? {
    do {
        let result = try await client.execute(operation, errorPolicy: errorPolicy)
        Issue.record(
            "expected an APIError, got data \(String(describing: result.data))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}
