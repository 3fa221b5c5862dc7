import Foundation
import GraphQLBridge
import GraphQLBridgeTesting

/// Test doubles: an unimplemented client that fails on every request the test did not expect, and per-request
/// overrides (``GraphQLBridgeTesting/OverridableClient``'s `override(_:with:)` and `override(matching:with:)`) that
/// answer with legacy models or an `APIError` through the same async and completion-handler calls as the live client
/// (`fetch(requestType:)`, `gameInfo(gameId:)`, ...), so a screen cannot tell.
///
/// ```swift
/// let client = GraphQLClient.unimplemented()
///     .override(.gameInfo(gameId: "6x45"), with: game)
///     .override(matching: { if case .draws = $0 { true } else { false } }, with: [DrawInfo]())
///     .override(.image("logo-6x45"), with: APIError.notFound(operation: "Image", path: "image"))
/// let game = try await client.gameInfo(gameId: "6x45")   // the override
/// _ = try? await client.gameInfo(gameId: "5x36")          // fails: APIError.unimplemented naming the request
/// #expect(client.unimplementedRequests == [.gameInfo(gameId: "5x36")])
/// ```
///
/// The most recent override that matches a request answers it. On a live client (`init(endpoint:...)`) an
/// override answers just its requests and the others go to the server. The machinery is GraphQLBridgeTesting's
/// ``GraphQLBridgeTesting/RequestOverrides``, which any app's request enum can use.
extension GraphQLClient: OverridableClient {
    /// A client with no server: every request fails with `APIError.unimplemented`, which names the request with its
    /// parameters and the override to add, until an override answers it. The requests are recorded (`requests`,
    /// `unimplementedRequests`).
    public static func unimplemented(errorPolicy: GraphQLErrorPolicy = .returnPartialData) -> GraphQLClient {
        let name = "GraphQLClient.unimplemented()"
        let runtime = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/unimplemented/graphql"),
            transport: UnimplementedTransport(testDouble: name))
        return GraphQLClient(
            client: runtime, errorPolicy: errorPolicy,
            overrides: RequestOverrides(unimplemented: true, testDouble: name))
    }
}

extension GraphQLRequest: OverridableRequest {}
