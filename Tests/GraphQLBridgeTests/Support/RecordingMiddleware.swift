import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// A middleware that logs when it is entered and left, and appends its name to the `X-Trail` header.
struct RecordingMiddleware: GraphQLMiddleware {
    /// A thread-safe list of events.
    final class Log: @unchecked Sendable {
        private struct State {
            var storage: [String] = []
        }

        private let state = Locked(State())

        func append(_ event: String) { state.withLock { $0.storage.append(event) } }
        var events: [String] { state.withLock { $0.storage } }
    }

    let name: String
    let log: Log

    func intercept(_ request: HTTPRequest, body: Data, operationName: String, next: Next) async throws
        -> (HTTPResponse, Data)
    {
        log.append("\(name)>")
        var request = request
        request.headers["X-Trail"] = (request.headers["X-Trail"].map { $0 + "," } ?? "") + name
        let (response, data) = try await next(request, body, operationName)
        log.append("<\(name)")
        var tagged = response
        tagged.headers["X-Response-Trail"] = (response.headers["X-Response-Trail"].map { $0 + "," } ?? "") + name
        return (tagged, data)
    }
}
