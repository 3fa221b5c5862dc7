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
    /// The body decoded as JSON; `nil` when it is not JSON.
    public let json: JSONValue?

    /// Records a request and decodes its body.
    public init(request: HTTPRequest, body: Data, transportOperationName: String) {
        self.request = request
        self.body = body
        self.transportOperationName = transportOperationName
        self.json = try? JSONDecoder().decode(JSONValue.self, from: body)
    }

    /// The body's `query` member: the GraphQL document.
    public var query: String? { json?["query"]?.stringValue }

    /// The body's `operationName` member.
    public var operationName: String? { json?["operationName"]?.stringValue }

    /// The body's `variables` member; `nil` when absent.
    public var variables: JSONValue? { json?["variables"] }

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// A request header field (names compare case-insensitively).
    public func header(_ name: String) -> String? { request.headers[name] }
}
