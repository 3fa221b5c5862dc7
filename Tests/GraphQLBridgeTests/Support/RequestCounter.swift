import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Counts the requests that leave the client, by operation name: a cache hit sends none.
final class RequestCounter: GraphQLMiddleware, Sendable {
    private let counts = Locked<[String: Int]>([:])

    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        counts.withLock { $0[operationName, default: 0] += 1 }
        return try await next(request, body, operationName)
    }

    func count(_ operation: String) -> Int { counts.withLock { $0[operation, default: 0] } }
    var total: Int { counts.withLock { $0.values.reduce(0, +) } }
}
