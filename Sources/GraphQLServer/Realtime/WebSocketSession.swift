import Foundation
import GraphQLBridgeSupport

/// One `graphql-transport-ws` connection, on its connection's thread: `connection_init` (the token in its payload
/// or the upgrade's header; a wrong one closes with 4403), `connection_ack`, `ping`/`pong`, any number of
/// subscriptions by id (`subscribe`, `next`, `error`, `complete`), and the protocol's close codes: 4400 invalid
/// message, 4401 subscribe before the acknowledgement, 4406 subprotocol not acceptable, 4408 no `connection_init`
/// in time, 4409 an id already in use, 4429 a second `connection_init`.
package struct WebSocketSession<Service: RealtimeService>: Sendable {
    /// The subprotocol the session speaks.
    package static var subprotocol: String { "graphql-transport-ws" }

    /// What other threads post to the session.
    package enum Item: Sendable {
        /// An event for the subscription `id`.
        case event(id: String, event: Service.Event)
        /// The test hooks' close (a close frame with this code and reason).
        case close(code: Int, reason: String)
    }

    /// Prepares and executes the operations.
    package let service: Service
    /// The subscriptions and connections.
    package let hub: RealtimeHub<Service.Event>
    /// The bearer token of the upgrade's `Authorization` header, if any (`connection_init`'s payload may replace it).
    package let headerToken: String?
    /// Whether the client offered `graphql-transport-ws` (if not, the session closes with 4406).
    package let speaksProtocol: Bool
    /// The accepted tokens, the acknowledgement and the initialisation timeout.
    package let options: RealtimeOptions

    /// A session for an upgraded connection.
    package init(
        service: Service, hub: RealtimeHub<Service.Event>, headerToken: String?, speaksProtocol: Bool,
        options: RealtimeOptions
    ) {
        self.service = service
        self.hub = hub
        self.headerToken = headerToken
        self.speaksProtocol = speaksProtocol
        self.options = options
    }

    /// `Sec-WebSocket-Accept` for a `Sec-WebSocket-Key` (RFC 6455 section 4.2.2).
    package static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The connection's state while it runs.
    private struct State {
        var initialised = false
        var acknowledged = false
        var subscriptions: [String: (hubID: UInt64, subscription: Service.Subscription)] = [:]
        var caller: String?
        var fragments: [UInt8] = []
        var fragmentOpcode: UInt8 = 0
    }

    /// Serves the connection on `descriptor` (the upgrade's answer already written; `received`: bytes read past
    /// the request) until it ends.
    package func run(descriptor: Int32, received: [UInt8]) {
        guard let socket = try? StreamingSocket<Item>(descriptor: descriptor) else { return }
        defer { socket.close() }
        let session = hub.register(
            RealtimeHub<Service.Event>.SessionControl(
                transport: .webSocket, drop: { socket.drop() },
                close: { code, reason in socket.post(.close(code: code, reason: reason)) }))
        defer { hub.unregister(session) }
        var state = State()
        defer {
            for (_, entry) in state.subscriptions { hub.unsubscribe(entry.hubID) }
        }
        guard speaksProtocol else {
            sendClose(4406, "Subprotocol not acceptable", on: socket)
            return
        }
        var reader = WebSocketFrameReader()
        let initDeadline = ContinuousClock.now + options.webSocketInitTimeout
        var pending = received
        while true {
            if !pending.isEmpty {
                let frames: [WebSocketFrame]
                do throws(WebSocketFrameReader.Malformed) {
                    frames = try reader.feed(pending)
                } catch {
                    sendClose(1002, "protocol error: \(error.message)", on: socket)
                    return
                }
                pending = []
                for frame in frames {
                    guard handle(frame, state: &state, socket: socket) else { return }
                }
            }
            let timeout: Duration? = state.initialised ? nil : max(.zero, initDeadline - ContinuousClock.now)
            switch socket.wait(timeout: timeout) {
            case .timedOut:
                if !state.initialised {
                    sendClose(4408, "Connection initialisation timeout", on: socket)
                    return
                }
            case .readable:
                guard let bytes = socket.read() else { return }
                pending = bytes
            case .posted(let items):
                for item in items {
                    switch item {
                    case .event(let id, let event):
                        guard let entry = state.subscriptions[id] else { continue }
                        let result = service.executeEvent(entry.subscription, event: event)
                        guard send(protocolMessage(type: "next", id: id, payload: result), on: socket) else { return }
                    case .close(let code, let reason):
                        sendClose(code, reason, on: socket)
                        return
                    }
                }
            }
        }
    }

    /// Handles one frame; `false` when the connection is to end.
    private func handle(_ frame: WebSocketFrame, state: inout State, socket: StreamingSocket<Item>) -> Bool {
        switch frame.opcode {
        case 0, 1, 2:
            if frame.opcode != 0 {
                state.fragmentOpcode = frame.opcode
                state.fragments = []
            }
            state.fragments += frame.payload
            guard frame.isFinal else { return true }
            let payload = state.fragments
            state.fragments = []
            guard state.fragmentOpcode == 1 else {
                sendClose(4400, "Invalid message: binary frames are not graphql-transport-ws", on: socket)
                return false
            }
            return handleMessage(payload, state: &state, socket: socket)
        case 8:
            let code = frame.payload.count >= 2 ? Int(frame.payload[0]) << 8 | Int(frame.payload[1]) : 1000
            sendClose(code == 1005 ? 1000 : code, "", on: socket)
            return false
        case 9:
            return socket.write(WebSocketFrame.encode(opcode: 10, payload: frame.payload, mask: nil))
        default:
            return true
        }
    }

    /// Handles one `graphql-transport-ws` message; `false` when the connection is to end.
    private func handleMessage(_ text: [UInt8], state: inout State, socket: StreamingSocket<Item>) -> Bool {
        guard let message = try? JSONParser.parse(text), case .object = message,
            case .string(let type)? = message["type"]
        else {
            sendClose(4400, "Invalid message", on: socket)
            return false
        }
        switch type {
        case "connection_init":
            guard !state.initialised else {
                sendClose(4429, "Too many initialisation requests", on: socket)
                return false
            }
            state.initialised = true
            var token = headerToken
            if case .string(let authorization)? = message["payload"]?["Authorization"],
                authorization.hasPrefix("Bearer ")
            {
                token = String(authorization.dropFirst("Bearer ".count))
            }
            let accepted = options.tokens.isEmpty || token.map { options.tokens.contains($0) } == true
            hub.record(RealtimeConnectionAttempt(transport: .webSocket, bearerToken: token, accepted: accepted))
            guard accepted else {
                sendClose(4403, "Forbidden", on: socket)
                return false
            }
            state.caller = options.tokens.isEmpty ? nil : token
            guard options.acknowledgesWebSockets else { return true }
            state.acknowledged = true
            return send(.object([("type", .string("connection_ack"))]), on: socket)
        case "ping":
            hub.recordPing()
            return send(.object([("type", .string("pong"))]), on: socket)
        case "pong":
            return true
        case "subscribe":
            guard state.acknowledged else {
                sendClose(4401, "Unauthorized", on: socket)
                return false
            }
            guard case .string(let id)? = message["id"], case .object? = message["payload"],
                case .string(let query)? = message["payload"]?["query"]
            else {
                sendClose(4400, "Invalid message: subscribe needs an id and a payload with a query", on: socket)
                return false
            }
            guard state.subscriptions[id] == nil else {
                sendClose(4409, "Subscriber for \(id) already exists", on: socket)
                return false
            }
            var variables: [(String, JSONValue)]?
            if case .object(let members)? = message["payload"]?["variables"] { variables = members }
            let operationName = message["payload"]?["operationName"]?.stringValue
            switch service.prepareStream(
                query: query, operationName: operationName, variables: variables, caller: state.caller)
            {
            case .failure(let outcome):
                return send(
                    protocolMessage(type: "error", id: id, payload: outcome.body["errors"] ?? .array([])), on: socket)
            case .operation(let prepared):
                let result = service.executeOnce(prepared, caller: state.caller)
                return send(protocolMessage(type: "next", id: id, payload: result), on: socket)
                    && send(protocolMessage(type: "complete", id: id, payload: nil), on: socket)
            case .subscription(let subscription):
                let hubID = hub.subscribe(topic: service.topic(of: subscription)) { event in
                    socket.post(.event(id: id, event: event))
                }
                state.subscriptions[id] = (hubID, subscription)
                return true
            }
        case "complete":
            if case .string(let id)? = message["id"], let entry = state.subscriptions.removeValue(forKey: id) {
                hub.unsubscribe(entry.hubID)
            }
            return true
        default:
            sendClose(4400, "Invalid message type \(type)", on: socket)
            return false
        }
    }

    private func protocolMessage(type: String, id: String, payload: JSONValue?) -> JSONValue {
        var members: [(String, JSONValue)] = [("id", .string(id)), ("type", .string(type))]
        if let payload { members.append(("payload", payload)) }
        return .object(members)
    }

    private func send(_ message: JSONValue, on socket: StreamingSocket<Item>) -> Bool {
        socket.write(WebSocketFrame.encode(opcode: 1, payload: Array(message.serialized()), mask: nil))
    }

    private func sendClose(_ code: Int, _ reason: String, on socket: StreamingSocket<Item>) {
        let payload =
            [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)] + Array(reason.utf8.prefix(120))
        _ = socket.write(WebSocketFrame.encode(opcode: 8, payload: payload, mask: nil))
    }
}
