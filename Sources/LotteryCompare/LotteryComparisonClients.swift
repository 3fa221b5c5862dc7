import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import GraphQLComparison
import GraphQLMigration
import LegacyModels
import LotteryBridge

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The lottery app's two clients as a comparison uses them: each reports every response it receives to the
/// comparison in progress (REST through `LegacyAPIClient`'s metrics callback, GraphQL through
/// `ComparisonRecordingMiddleware`), for the bytes per API and `--record`. No client cache: every read goes to the
/// server.
public final class LotteryComparisonClients: Sendable {
    /// The REST client.
    public let rest: LegacyAPIClient
    /// The GraphQL client.
    public let graphQL: GraphQLClient
    private let session: URLSession

    /// Clients for a backend.
    /// - Parameters:
    ///   - restURL: the REST base including `/api/v1`.
    ///   - graphQLURL: the GraphQL endpoint.
    ///   - token: sent as `Authorization: Bearer` to both APIs.
    ///   - timeout: the timeout of each request.
    public init(restURL: URL, graphQLURL: URL, token: String? = nil, timeout: Duration = .seconds(30)) {
        session = URLSession(configuration: .ephemeral)
        rest = LegacyAPIClient(
            baseURL: restURL, token: token, session: session,
            timeout: timeout.timeInterval,
            metrics: { metrics in
                ComparisonContext.received(
                    .rest, body: metrics.body, url: metrics.url, status: metrics.httpStatus)
            })
        graphQL = GraphQLClient(
            endpoint: graphQLURL, token: token, middlewares: [ComparisonRecordingMiddleware()], timeout: timeout)
    }

    /// Lets the session's requests finish and releases it.
    public func finish() {
        session.finishTasksAndInvalidate()
    }
}
