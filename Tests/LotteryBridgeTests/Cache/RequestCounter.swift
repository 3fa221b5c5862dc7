import Foundation
import GraphQLBridge

/// Counts the requests that leave the client, by operation name: a cache hit sends none.
final class RequestCounter: GraphQLMiddleware, @unchecked Sendable {
    // @unchecked: `counts` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
        async throws -> (GraphQLBridge.HTTPResponse, Data)
    {
        lock.withLock { counts[operationName, default: 0] += 1 }
        return try await next(request, body, operationName)
    }

    func count(_ operation: String) -> Int { lock.withLock { counts[operation, default: 0] } }
    var total: Int { lock.withLock { counts.values.reduce(0, +) } }
}
