import GraphQLServer

/// One subscription of ``ShopServer`` over an HTTP stream (LotteryBackend's `HTTPStreamSession`, over ShopAPI), on
/// its connection's thread: the events of its product, each executed and
/// written as it comes (a Server-Sent Event `next`, or a multipart part `{"payload": …}`), heartbeats while quiet
/// (an SSE comment, a multipart `{}`), until the client closes the connection, the test hooks drop it or the
/// server stops. The body is chunked.
struct ShopHTTPStreamSession: Sendable {
    enum Format: Sendable {
        case serverSentEvents
        case multipart
    }

    enum Item: Sendable {
        case event(ShopCatalog.Offer)
    }

    let format: Format
    let subscription: ShopExecution.Subscription
    let execution: ShopExecution
    let hub: ShopRealtimeHub
    let heartbeat: Duration

    func run(descriptor: Int32) {
        guard let socket = try? StreamingSocket<Item>(descriptor: descriptor) else { return }
        defer { socket.close() }
        let transport: ShopRealtimeHub.Transport = format == .serverSentEvents ? .serverSentEvents : .multipartHTTP
        let session = hub.register(
            ShopRealtimeHub.SessionControl(
                transport: transport, drop: { socket.drop() }, close: { _, _ in socket.drop() }))
        defer { hub.unregister(session) }
        let subscriptionID = hub.subscribe(productId: subscription.productId) { offer in socket.post(.event(offer)) }
        defer { hub.unsubscribe(subscriptionID) }
        if format == .multipart {
            guard writeChunk(Array("\r\n--\(ShopServer.boundary)".utf8), to: socket) else { return }
        }
        while true {
            switch socket.wait(timeout: heartbeat) {
            case .timedOut:
                guard writeChunk(heartbeatBytes, to: socket) else { return }
            case .readable:
                // The client sends nothing more on this connection: readable means it closed it.
                guard let bytes = socket.read() else { return }
                _ = bytes
            case .posted(let items):
                for item in items {
                    switch item {
                    case .event(let offer):
                        let result = execution.executeEvent(subscription, offer: offer)
                        guard writeChunk(eventBytes(result), to: socket) else { return }
                    }
                }
            }
        }
    }

    private var heartbeatBytes: [UInt8] {
        switch format {
        case .serverSentEvents: return Array(":\n\n".utf8)
        case .multipart: return part(Array("{}".utf8))
        }
    }

    private func eventBytes(_ result: JSONValue) -> [UInt8] {
        switch format {
        case .serverSentEvents:
            return Array("event: next\ndata: ".utf8) + Array(result.serialized()) + Array("\n\n".utf8)
        case .multipart:
            return part(Array(JSONValue.object([("payload", result)]).serialized()))
        }
    }

    /// A multipart part after the delimiter already written, ending with the next delimiter.
    private func part(_ json: [UInt8]) -> [UInt8] {
        Array("\r\ncontent-type: application/json\r\n\r\n".utf8) + json
            + Array("\r\n--\(ShopServer.boundary)".utf8)
    }

    /// Writes `bytes` as one chunk of the chunked body.
    private func writeChunk(_ bytes: [UInt8], to socket: StreamingSocket<Item>) -> Bool {
        socket.write(Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + bytes + [0x0D, 0x0A])
    }
}
