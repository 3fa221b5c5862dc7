import Foundation
import GraphQLBridge
import GraphQLBridgeTesting

extension GraphQLHTTPClient {
    /// A client answered by `transport`, with a memory cache whose fields stay fresh an hour (longer than any test):
    /// what a test reads back from the cache is what its answers wrote, never an expiry.
    static func withMemoryCache(_ transport: MockTransport) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/paging.test/graphql"), transport: transport,
            cache: GraphQLCache(maxAge: .seconds(3600)))
    }
}
