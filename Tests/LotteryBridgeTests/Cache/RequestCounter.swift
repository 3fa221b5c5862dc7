import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Counts the requests that leave the client, by operation name: a cache hit sends none.
final class RequestCounter: GraphQLMiddleware, Sendable {
    private struct State {
        var counts: [String: Int] = [:]
    }

    private let state = Locked(State())

    func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
        async throws -> (GraphQLBridge.HTTPResponse, Data)
    {
        state.withLock { $0.counts[operationName, default: 0] += 1 }
        return try await next(request, body, operationName)
    }

    func count(_ operation: String) -> Int { state.withLock { $0.counts[operation, default: 0] } }
    var total: Int { state.withLock { $0.counts.values.reduce(0, +) } }
}
