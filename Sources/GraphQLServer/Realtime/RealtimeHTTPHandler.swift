/// Subscriptions at `/graphql` over the three transports of the contract: GraphQL over Server-Sent Events
/// (distinct connections), multipart HTTP (Apollo Router's protocol) and `graphql-transport-ws` over a WebSocket.
/// Each subscription takes its connection over (``ConnectionHandover``) and is served on the connection's thread.
/// The application supplies its ``RealtimeService``, the hub its events are published to, and its options.
package struct RealtimeHTTPHandler<Service: RealtimeService>: Sendable {
    /// The executor.
    package let service: Service
    /// The subscriptions and connections.
    package let hub: RealtimeHub<Service.Event>
    /// The behaviour (tokens, heartbeats, the WebSocket's acknowledgement and initialisation timeout).
    package let options: RealtimeOptions
    /// The document an HTTP stream's JSON body runs (by default its `query` string; an application may read a
    /// persisted query's id), or the answer refusing it.
    package let document: @Sendable (_ body: JSONValue) -> RealtimeDocument

    /// The multipart boundary of subscription streams.
    package static var boundary: String { "graphql" }

    /// A handler for an application's service and hub.
    package init(
        service: Service, hub: RealtimeHub<Service.Event>, options: RealtimeOptions,
        document: @escaping @Sendable (_ body: JSONValue) -> RealtimeDocument = Self.queryDocument
    ) {
        self.service = service
        self.hub = hub
        self.options = options
        self.document = document
    }

    /// The body's `query` string; a 400 answer when it has none.
    package static func queryDocument(_ body: JSONValue) -> RealtimeDocument {
        guard case .string(let query)? = body["query"] else {
            return .response(.graphQLError(status: 400, message: "the request has no query string", mediaType: .json))
        }
        return .query(query)
    }

    /// The answer to a realtime request; `nil` when it is a query or a mutation sent with a streaming `Accept`
    /// (the plain endpoint answers it).
    /// - Parameters:
    ///   - authorized: whether the request's `Authorization` header carries an accepted token (a WebSocket may
    ///     bring it in `connection_init` instead).
    ///   - caller: the header's bearer token, if any.
    package func respond(to request: HTTPRequest, kind: RealtimeRequestKind, authorized: Bool, caller: String?)
        -> HTTPResponse?
    {
        if kind == .webSocket { return upgrade(request, headerToken: caller) }
        let transport: RealtimeTransport = kind == .serverSentEvents ? .serverSentEvents : .multipartHTTP
        hub.record(RealtimeConnectionAttempt(transport: transport, bearerToken: caller, accepted: authorized))
        guard authorized else {
            return .graphQLError(
                status: 401, message: "missing or wrong bearer token", mediaType: .json,
                headers: [("WWW-Authenticate", "Bearer realm=\"\(options.realm)\"")])
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return badRequest("the request body is not JSON: \(error)")
        }
        let query: String
        switch document(body) {
        case .query(let text): query = text
        case .response(let response): return response
        }
        var variables: [(String, JSONValue)]?
        switch body["variables"] ?? .null {
        case .null: variables = nil
        case .object(let members): variables = members
        default: return badRequest("variables must be a JSON object")
        }
        let operationName = body["operationName"]?.stringValue
        switch service.prepareStream(query: query, operationName: operationName, variables: variables, caller: caller) {
        case .failure(let outcome):
            return .json(status: 400, outcome.body)
        case .operation:
            return nil
        case .subscription(let subscription):
            let session = HTTPStreamSession<Service>(
                format: kind == .serverSentEvents ? .serverSentEvents : .multipart, subscription: subscription,
                service: service, hub: hub, heartbeat: options.heartbeatInterval)
            let contentType =
                kind == .serverSentEvents
                ? "text/event-stream; charset=utf-8"
                : "multipart/mixed;boundary=\"\(Self.boundary)\";subscriptionSpec=\"1.0\""
            var response = HTTPResponse(status: 200)
            response.handover = ConnectionHandover(
                head: ConnectionHandover.head(
                    status: 200, reason: "OK",
                    headers: [
                        ("Content-Type", contentType), ("Cache-Control", "no-cache"), ("Transfer-Encoding", "chunked"),
                        ("Connection", "close"),
                    ]),
                session: { descriptor, _ in session.run(descriptor: descriptor) })
            return response
        }
    }

    private func badRequest(_ message: String) -> HTTPResponse {
        .graphQLError(status: 400, message: message, mediaType: .json)
    }

    /// The WebSocket upgrade: the handshake checked (RFC 6455), then the `graphql-transport-ws` session.
    private func upgrade(_ request: HTTPRequest, headerToken: String?) -> HTTPResponse {
        let connection = request.header("Connection")?.lowercased() ?? ""
        guard connection.split(separator: ",").contains(where: { $0.trimmingOWS() == "upgrade" }),
            request.header("Sec-WebSocket-Version") == "13",
            let key = request.header("Sec-WebSocket-Key"), !key.isEmpty
        else {
            return HTTPResponse(
                status: 400, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Sec-WebSocket-Version", "13")],
                body: Array("a WebSocket upgrade needs Connection: Upgrade, Sec-WebSocket-Version: 13 and a key\n".utf8)
            )
        }
        let offered = (request.header("Sec-WebSocket-Protocol") ?? "").split(separator: ",").map { $0.trimmingOWS() }
        let speaksProtocol = offered.contains(WebSocketSession<Service>.subprotocol)
        var headers: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", WebSocketSession<Service>.acceptValue(for: key)),
        ]
        if speaksProtocol { headers.append(("Sec-WebSocket-Protocol", WebSocketSession<Service>.subprotocol)) }
        let session = WebSocketSession(
            service: service, hub: hub, headerToken: headerToken, speaksProtocol: speaksProtocol, options: options)
        var response = HTTPResponse(status: 101)
        response.handover = ConnectionHandover(
            head: ConnectionHandover.head(status: 101, reason: "Switching Protocols", headers: headers),
            session: { descriptor, received in session.run(descriptor: descriptor, received: received) })
        return response
    }
}
