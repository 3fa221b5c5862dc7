import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Records each request's `Accept` and each answer's `Content-Type` as the transport gave them (before the client
/// merges an incrementally delivered answer).
package final class ContentTypeRecorder: GraphQLMiddleware, Sendable {
    /// One exchange.
    package struct Entry: Sendable, Hashable {
        package var accept: String
        package var contentType: String
        package var byteCount: Int
    }

    private let entries = Locked<[Entry]>([])

    /// A recorder with nothing recorded.
    package init() {}

    /// What was recorded, in order.
    package var recorded: [Entry] { entries.withLock { $0 } }

    package func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        let (response, answer) = try await next(request, body, operationName)
        let entry = Entry(
            accept: request.headers["Accept"] ?? "", contentType: response.headers["Content-Type"] ?? "",
            byteCount: answer.count)
        entries.withLock { $0.append(entry) }
        return (response, answer)
    }
}
