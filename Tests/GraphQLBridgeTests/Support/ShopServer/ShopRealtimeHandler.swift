import GraphQLServer

/// ``ShopServer``'s subscriptions (LotteryBackend's `RealtimeHTTPHandler`, over ShopAPI), at `/graphql` over three
/// transports: GraphQL over Server-Sent Events
/// (distinct connections), multipart HTTP (Apollo Router's protocol) and `graphql-transport-ws` over a WebSocket.
/// Each subscription takes its connection over (``ConnectionHandover``) and is served on the connection's thread.
struct ShopRealtimeHandler: Sendable {
    /// The executor.
    let execution: ShopExecution
    /// The subscriptions and connections.
    let hub: ShopRealtimeHub
    /// The behaviour (tokens, heartbeats, the WebSocket's acknowledgement and initialisation timeout).
    let options: ShopServer.Options
    /// The document a request runs: its `query`, or the one its persisted-query id names.
    let documents: @Sendable (_ query: String?, _ persistedQuery: JSONValue?) -> Result<String, ShopServer.Refusal>

    /// The answer to a realtime request; `nil` when it is a query or a mutation sent with a streaming `Accept`
    /// (the plain endpoint answers it).
    /// - Parameters:
    ///   - authorized: whether the request's `Authorization` header carries an accepted token (a WebSocket may
    ///     bring it in `connection_init` instead).
    ///   - caller: the header's bearer token, if any.
    func respond(to request: HTTPRequest, kind: ShopRealtimeHub.Transport, authorized: Bool, caller: String?)
        -> HTTPResponse?
    {
        if kind == .webSocket { return upgrade(request, headerToken: caller) }
        hub.record(ShopRealtimeHub.ConnectionRecord(transport: kind, bearerToken: caller, accepted: authorized))
        guard authorized else {
            return .graphQLError(
                status: 401, message: "missing or wrong bearer token", mediaType: .json,
                headers: [("WWW-Authenticate", "Bearer realm=\"shop\"")])
        }
        let body: JSONValue
        do {
            body = try JSONParser.parse(request.body)
        } catch {
            return badRequest("the request body is not JSON: \(error)")
        }
        let query: String
        switch documents(body["query"]?.stringValue, body["extensions"]?["persistedQuery"]) {
        case .success(let document): query = document
        case .failure(.invalid(let message)): return badRequest(message)
        case .failure(.refused(let message, let code)):
            // 200 with the error, as a server answers a persisted query it refuses: the client reports it.
            let error = GraphQLResponseError(message, extensions: [("code", .string(code))])
            return .json(status: 200, .object([("errors", .array([error.json]))]))
        }
        var variables: [(String, JSONValue)]?
        switch body["variables"] ?? .null {
        case .null: variables = nil
        case .object(let members): variables = members
        default: return badRequest("variables must be a JSON object")
        }
        let operationName = body["operationName"]?.stringValue
        switch execution.prepareStream(query: query, operationName: operationName, variables: variables) {
        case .failure(let outcome):
            return .json(status: 400, outcome.body)
        case .operation:
            return nil
        case .subscription(let subscription):
            let session = ShopHTTPStreamSession(
                format: kind == .serverSentEvents ? .serverSentEvents : .multipart, subscription: subscription,
                execution: execution, hub: hub, heartbeat: options.heartbeatInterval)
            let contentType =
                kind == .serverSentEvents
                ? "text/event-stream; charset=utf-8"
                : "multipart/mixed;boundary=\"\(ShopServer.boundary)\";subscriptionSpec=\"1.0\""
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
        let speaksProtocol = offered.contains(ShopWebSocketSession.subprotocol)
        var headers: [(name: String, value: String)] = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Accept", ShopWebSocketSession.acceptValue(for: key)),
        ]
        if speaksProtocol { headers.append(("Sec-WebSocket-Protocol", ShopWebSocketSession.subprotocol)) }
        let session = ShopWebSocketSession(
            execution: execution, hub: hub, tokens: options.tokens, headerToken: headerToken,
            speaksProtocol: speaksProtocol, options: options)
        var response = HTTPResponse(status: 101)
        response.handover = ConnectionHandover(
            head: ConnectionHandover.head(status: 101, reason: "Switching Protocols", headers: headers),
            session: { descriptor, received in session.run(descriptor: descriptor, received: received) })
        return response
    }
}

extension ShopRealtimeHub.Transport {
    /// The transport `request` asks for: `GET` with `Upgrade: websocket`, `POST` with `Accept: text/event-stream`
    /// or `multipart/mixed`; `nil` for a plain GraphQL request.
    init?(_ request: HTTPRequest) {
        if request.method == "GET",
            request.header("Upgrade")?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingOWS() == "websocket"
            }) == true
        {
            self = .webSocket
            return
        }
        guard request.method == "POST", let accept = request.header("Accept")?.lowercased() else { return nil }
        let types = accept.split(separator: ",").map { $0.split(separator: ";").first.map { $0.trimmingOWS() } ?? "" }
        for type in types {
            if type == "text/event-stream" {
                self = .serverSentEvents
                return
            }
            if type == "multipart/mixed" {
                self = .multipartHTTP
                return
            }
            if type == "application/json" || type == "application/graphql-response+json" { return nil }
        }
        return nil
    }
}
