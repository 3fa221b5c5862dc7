import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Records every request that leaves the client (the last middleware, so it sees what the transport sends): its
/// method, URL and body, whether it carries a document or a persisted-query id alone, and its size.
package final class WireRecorder: GraphQLMiddleware, @unchecked Sendable {
    /// One request.
    package struct Entry: Sendable {
        package var method: String
        package var url: URL
        package var body: Data
        package var operationName: String

        /// The JSON body (or, for a `GET`, the URL's parameters as one).
        package var json: JSONValue? {
            if method == "GET" {
                guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems else {
                    return nil
                }
                var members = JSONObject()
                for item in items {
                    guard let value = item.value else { continue }
                    members[item.name] =
                        ["variables", "extensions"].contains(item.name)
                        ? (try? JSONValue(parsing: Data(value.utf8))) ?? .string(value) : .string(value)
                }
                return .object(members)
            }
            return try? JSONValue(parsing: body)
        }

        /// Whether the request carries a document.
        package var hasDocument: Bool { json?["query"] != nil }
        /// The persisted-query id the request carries, if any.
        package var hash: String? { json?["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue }
        /// "GET id", "POST id", "POST document+id", "POST document".
        package var shape: String {
            method + " " + (hasDocument ? (hash == nil ? "document" : "document+id") : (hash == nil ? "nothing" : "id"))
        }
    }
    private struct State {
        var entries: [Entry] = []
    }

    private let state = Locked(State())

    /// A recorder with nothing recorded.
    package init() {}

    package func intercept(_ request: GraphQLBridge.HTTPRequest, body: Data, operationName: String, next: Next)
        async throws -> (GraphQLBridge.HTTPResponse, Data)
    {
        state.withLock { state in
            state.entries.append(
                Entry(method: request.method, url: request.url, body: body, operationName: operationName))
        }
        return try await next(request, body, operationName)
    }

    /// Every request so far.
    package var requests: [Entry] { state.withLock { $0.entries } }
    /// The shapes of every request so far.
    package var shapes: [String] { requests.map(\.shape) }

    /// Forgets the requests so far.
    package func reset() { state.withLock { $0.entries.removeAll() } }
}
