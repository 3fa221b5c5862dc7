import Foundation
import GraphQLBridge

/// A middleware that logs when it is entered and left, and appends its name to the `X-Trail` header.
struct RecordingMiddleware: GraphQLMiddleware {
    /// A thread-safe list of events.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [String] = []

        func append(_ event: String) { lock.withLock { storage.append(event) } }
        var events: [String] { lock.withLock { storage } }
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
