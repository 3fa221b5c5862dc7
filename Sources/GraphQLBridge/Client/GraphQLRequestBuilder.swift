import Foundation
import GraphQLBridgeSupport

/// Builds the HTTP requests of an operation: a `POST` with the document (the default), or the persisted-query forms
/// (``PersistedQueries``): the id alone by `POST` or by `GET`, and the `POST` with the document and the id that
/// registers an automatic persisted query.
struct GraphQLRequestBuilder: Sendable {
    /// The GraphQL endpoint.
    let endpoint: URL
    /// Each request's idle timeout.
    let timeout: Duration
    /// What is sent in place of the document.
    let persistedQueries: PersistedQueries
    /// The `Accept` header: ``GraphQLHTTPClient/incrementalAcceptHeader`` for an operation with `@defer`/`@stream`.
    var accept = GraphQLHTTPClient.acceptHeader
    /// The operation's ``GraphQLOperation/variablesJSON``, when the caller read it already (`nil`: read here).
    var variablesJSON: [String: JSONValue]?

    /// The requests for one execution of `operation`.
    /// - Throws: ``APIError/encoding(operation:reason:)`` when the variables cannot be encoded.
    func plan<Operation: GraphQLOperation>(for operation: Operation) throws(APIError) -> GraphQLRequestPlan {
        let name = Operation.operationName
        guard persistedQueries.mode != .disabled else {
            return GraphQLRequestPlan(
                first: try documentOnly(operation), withDocument: nil, mode: .disabled, operationIdentifier: "")
        }
        let identifier = Operation.operationIdentifier
        let variables = try variablesText(operation)
        let extensions = Self.extensionsText(identifier: identifier)
        let quotedName = JSONStringWriter.quoted(name)
        let hashOnly =
            "{\"operationName\":" + quotedName + ",\"variables\":" + variables + ",\"extensions\":"
            + extensions + "}"
        var first = GraphQLRequestPlan.Exchange(request: post(), body: Data(hashOnly.utf8))
        if persistedQueries.useGETForQueries, Operation.operationType == .query,
            let url = getURL(operationName: name, variables: variables, extensions: extensions)
        {
            first = .init(request: get(url, operationName: name), body: Data())
        }
        var withDocument: GraphQLRequestPlan.Exchange?
        var plain: GraphQLRequestPlan.Exchange?
        if persistedQueries.mode == .automatic {
            let full =
                "{\"query\":" + JSONStringWriter.quoted(Operation.document) + ",\"operationName\":" + quotedName
                + ",\"variables\":" + variables + ",\"extensions\":" + extensions + "}"
            withDocument = .init(request: post(), body: Data(full.utf8))
            plain = try documentOnly(operation)
        }
        return GraphQLRequestPlan(
            first: first, withDocument: withDocument, documentOnly: plain, mode: persistedQueries.mode,
            operationIdentifier: identifier)
    }

    /// The `POST` with the document and no persisted-query extension.
    private func documentOnly<Operation: GraphQLOperation>(_ operation: Operation) throws(APIError)
        -> GraphQLRequestPlan.Exchange
    {
        let body: Data
        if let variables = variablesJSON ?? operation.variablesJSON {
            body = OperationTypeCache.shared.requestBody(Operation.self, variables: variables)
        } else {
            do {
                body = try GraphQLHTTPClient.sharedVariablesEncoder.encode(
                    RequestBody(
                        query: Operation.document, operationName: Operation.operationName,
                        variables: operation.variables))
            } catch {
                throw .encoding(operation: Operation.operationName, reason: "\(error)")
            }
        }
        return .init(request: post(), body: body)
    }

    /// The body of a registered-only subscription (SSE, multipart, and the WebSocket `subscribe` payload): the id
    /// alone, as a query's hash-only `POST` carries it.
    static func hashOnlyBody(operationName: String, variables: [String: JSONValue], identifier: String) -> Data {
        let text =
            "{\"operationName\":" + JSONStringWriter.quoted(operationName) + ",\"variables\":"
            + JSONValue.objectText(variables) + ",\"extensions\":"
            + extensionsText(identifier: identifier) + "}"
        return Data(text.utf8)
    }

    /// `{"persistedQuery":{"version":1,"sha256Hash":"<id>"}}`.
    static func extensionsText(identifier: String) -> String {
        "{\"persistedQuery\":{\"version\":1,\"sha256Hash\":\"" + identifier + "\"}}"
    }

    /// The variables as compact JSON text (`{}` for none).
    private func variablesText<Operation: GraphQLOperation>(_ operation: Operation) throws(APIError) -> String {
        if let variables = variablesJSON ?? operation.variablesJSON { return JSONValue.objectText(variables) }
        do {
            return String(
                decoding: try GraphQLHTTPClient.sharedVariablesEncoder.encode(operation.variables), as: UTF8.self)
        } catch {
            throw .encoding(operation: Operation.operationName, reason: "\(error)")
        }
    }

    /// A `POST` of a JSON body. (The headers of the two usual `Accept` values are made once: each request would
    /// otherwise look every name up again to set it.)
    private func post() -> HTTPRequest {
        let headers: HTTPHeaders
        if accept == GraphQLHTTPClient.acceptHeader {
            headers = Self.postHeaders
        } else if accept == GraphQLHTTPClient.incrementalAcceptHeader {
            headers = Self.incrementalPostHeaders
        } else {
            headers = ["Content-Type": "application/json", "Accept": accept]
        }
        return HTTPRequest(method: "POST", url: endpoint, headers: headers, timeout: timeout)
    }

    /// A `POST`'s headers with the default `Accept`.
    private static let postHeaders: HTTPHeaders = [
        "Content-Type": "application/json", "Accept": GraphQLHTTPClient.acceptHeader,
    ]

    /// A `POST`'s headers for an operation with `@defer`/`@stream`.
    private static let incrementalPostHeaders: HTTPHeaders = [
        "Content-Type": "application/json", "Accept": GraphQLHTTPClient.incrementalAcceptHeader,
    ]

    /// A `GET` of `url`. `X-Apollo-Operation-Name` is a header no browser sends on its own, so servers that guard
    /// against cross-site requests (Apollo Server's CSRF prevention) accept the `GET`.
    private func get(_ url: URL, operationName: String) -> HTTPRequest {
        var request = HTTPRequest(method: "GET", url: url, timeout: timeout)
        request.headers["Accept"] = accept
        request.headers["X-Apollo-Operation-Name"] = operationName
        return request
    }

    /// The endpoint with `operationName`, `variables` (when there are any) and `extensions` as query parameters;
    /// `nil` when the URL would be longer than ``PersistedQueries/maximumURLLength``.
    func getURL(operationName: String, variables: String, extensions: String) -> URL? {
        var parameters = [("operationName", operationName)]
        if variables != "{}" { parameters.append(("variables", variables)) }
        parameters.append(("extensions", extensions))
        let query = parameters.map { Self.percentEncoded($0.0) + "=" + Self.percentEncoded($0.1) }
            .joined(separator: "&")
        var text = endpoint.absoluteString
        if let fragment = text.firstIndex(of: "#") { text = String(text[..<fragment]) }
        text += (text.contains("?") ? "&" : "?") + query
        guard text.utf8.count <= persistedQueries.maximumURLLength else { return nil }
        return URL(string: text)
    }

    /// `text` with every byte but RFC 3986's unreserved characters percent-encoded (so `+`, `&`, `=` and `#` in
    /// JSON arrive as written, whatever the server's query parser makes of a `+`).
    static func percentEncoded(_ text: String) -> String {
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
