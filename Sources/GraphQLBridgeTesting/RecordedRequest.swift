import Foundation
import GraphQLBridge

/// A request ``MockTransport`` received, with its body decoded for assertions.
///
/// ```swift
/// let request = try #require(transport.lastRequest)
/// #expect(request.operationName == "Game")
/// #expect(request.variables?["id"] == .string("6x45"))
/// #expect(request.request.headers["Authorization"] == "Bearer secret")
/// ```
public struct RecordedRequest: Sendable {
    /// The request as the transport got it (after every middleware).
    public let request: HTTPRequest
    /// The raw body.
    public let body: Data
    /// The operation name the client passed to the transport (for logs and metrics).
    public let transportOperationName: String
    /// The body decoded as JSON; `nil` when it is not JSON. For a `GET` without a body, the URL's query parameters
    /// as the same object (`query`, `operationName`, and `variables` and `extensions` decoded from their JSON text).
    public let json: JSONValue?

    /// Records a request and decodes its body (or, for a `GET`, its URL's query parameters).
    public init(request: HTTPRequest, body: Data, transportOperationName: String) {
        self.request = request
        self.body = body
        self.transportOperationName = transportOperationName
        if body.isEmpty, request.method == "GET" {
            self.json = Self.parameters(of: request.url)
        } else {
            self.json = try? JSONDecoder().decode(JSONValue.self, from: body)
        }
    }

    /// The GraphQL parameters of a `GET` URL as a JSON object; `nil` when it has none.
    static func parameters(of url: URL) -> JSONValue? {
        guard let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems, !items.isEmpty else {
            return nil
        }
        var members = JSONObject()
        for item in items {
            guard let value = item.value else { continue }
            switch item.name {
            case "query", "operationName": members[item.name] = .string(value)
            case "variables", "extensions":
                members[item.name] = (try? JSONValue(parsing: Data(value.utf8))) ?? .string(value)
            default: break
            }
        }
        return .object(members)
    }

    /// The GraphQL request as a JSON body: the body, or for a `GET` its URL's parameters as one.
    public var graphQLBody: Data {
        guard body.isEmpty, let json else { return body }
        return Data(json.jsonText.utf8)
    }

    /// The body's `query` member: the GraphQL document.
    public var query: String? { json?["query"]?.stringValue }

    /// The body's `operationName` member.
    public var operationName: String? { json?["operationName"]?.stringValue }

    /// The body's `variables` member; `nil` when absent.
    public var variables: JSONValue? { json?["variables"] }

    /// The body's `extensions` member; `nil` when absent.
    public var extensions: JSONValue? { json?["extensions"] }

    /// The persisted-query id the request carries (`extensions.persistedQuery.sha256Hash`); `nil` when none.
    public var persistedQueryHash: String? { extensions?["persistedQuery"]?["sha256Hash"]?.stringValue }

    /// The bytes the request puts on the wire beyond the connection's fixed cost: its URL and its body (header
    /// fields aside).
    public var size: Int { request.url.absoluteString.utf8.count + body.count }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// A request header field (names compare case-insensitively).
    public func header(_ name: String) -> String? { request.headers[name] }
}
