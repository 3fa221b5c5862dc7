import Foundation
import GraphQLBridgeSupport
import GraphQLServer

/// One `graphql-transport-ws` connection of ``ShopServer`` (LotteryBackend's `WebSocketSession`, over ShopAPI), on its
/// connection's thread: `connection_init` (the token in its payload
/// or the upgrade's header; a wrong one closes with 4403), `connection_ack`, `ping`/`pong`, any number of
/// subscriptions by id (`subscribe`, `next`, `error`, `complete`), and the protocol's close codes: 4400 invalid
/// message, 4401 subscribe before the acknowledgement, 4406 subprotocol not acceptable, 4408 no `connection_init`
/// in time, 4409 an id already in use, 4429 a second `connection_init`.
struct ShopWebSocketSession: Sendable {
    static let subprotocol = "graphql-transport-ws"

    enum Item: Sendable {
        case event(id: String, offer: ShopCatalog.Offer)
        case close(code: Int, reason: String)
    }

    let execution: ShopExecution
    let hub: ShopRealtimeHub
    let tokens: Set<String>
    let headerToken: String?
    let speaksProtocol: Bool
    let options: ShopServer.Options

    /// `Sec-WebSocket-Accept` for a `Sec-WebSocket-Key` (RFC 6455 section 4.2.2).
    static func acceptValue(for key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// The connection's state while it runs.
    private struct State {
        var initialised = false
        var acknowledged = false
        var subscriptions: [String: (hubID: UInt64, subscription: ShopExecution.Subscription)] = [:]
        var fragments: [UInt8] = []
        var fragmentOpcode: UInt8 = 0
    }

    func run(descriptor: Int32, received: [UInt8]) {
        guard let socket = try? StreamingSocket<Item>(descriptor: descriptor) else { return }
        defer { socket.close() }
        let session = hub.register(
            ShopRealtimeHub.SessionControl(
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
                    case .event(let id, let offer):
                        guard let entry = state.subscriptions[id] else { continue }
                        let result = execution.executeEvent(entry.subscription, offer: offer)
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
            let accepted = tokens.isEmpty || token.map { tokens.contains($0) } == true
            hub.record(ShopRealtimeHub.ConnectionRecord(transport: .webSocket, bearerToken: token, accepted: accepted))
            guard accepted else {
                sendClose(4403, "Forbidden", on: socket)
                return false
            }
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
            switch execution.prepareStream(query: query, operationName: operationName, variables: variables) {
            case .failure(let outcome):
                return send(
                    protocolMessage(type: "error", id: id, payload: outcome.body["errors"] ?? .array([])), on: socket)
            case .operation(let prepared):
                let result = execution.executeOnce(prepared)
                return send(protocolMessage(type: "next", id: id, payload: result), on: socket)
                    && send(protocolMessage(type: "complete", id: id, payload: nil), on: socket)
            case .subscription(let subscription):
                let hubID = hub.subscribe(productId: subscription.productId) { offer in
                    socket.post(.event(id: id, offer: offer))
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
