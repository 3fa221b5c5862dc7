/// One subscription over an HTTP stream, on its connection's thread: the events of its topic, each executed and
/// written as it comes (a Server-Sent Event `next`, or a multipart part `{"payload": …}`), heartbeats while quiet
/// (an SSE comment, a multipart `{}`), until the client closes the connection, the test hooks drop it or the
/// server stops. The body is chunked.
package struct HTTPStreamSession<Service: RealtimeService>: Sendable {
    /// How events are written.
    package enum Format: Sendable {
        /// Server-Sent Events (`event: next`, heartbeats as comments).
        case serverSentEvents
        /// Multipart parts (`{"payload": …}`, heartbeats as `{}`).
        case multipart
    }

    /// What other threads post to the session.
    package enum Item: Sendable {
        /// An event of the subscription's topic.
        case event(Service.Event)
    }

    /// How events are written.
    package let format: Format
    /// The subscription.
    package let subscription: Service.Subscription
    /// Executes each event.
    package let service: Service
    /// The subscriptions and connections.
    package let hub: RealtimeHub<Service.Event>
    /// How long the stream stays quiet before a heartbeat.
    package let heartbeat: Duration

    /// A session for a subscription.
    package init(
        format: Format, subscription: Service.Subscription, service: Service, hub: RealtimeHub<Service.Event>,
        heartbeat: Duration
    ) {
        self.format = format
        self.subscription = subscription
        self.service = service
        self.hub = hub
        self.heartbeat = heartbeat
    }

    /// Serves the stream on `descriptor` (the response's head already written) until it ends.
    package func run(descriptor: Int32) {
        guard let socket = try? StreamingSocket<Item>(descriptor: descriptor) else { return }
        defer { socket.close() }
        let transport: RealtimeTransport = format == .serverSentEvents ? .serverSentEvents : .multipartHTTP
        let session = hub.register(
            RealtimeHub<Service.Event>.SessionControl(
                transport: transport, drop: { socket.drop() }, close: { _, _ in socket.drop() }))
        defer { hub.unregister(session) }
        let subscriptionID = hub.subscribe(topic: service.topic(of: subscription)) { event in socket.post(.event(event))
        }
        defer { hub.unsubscribe(subscriptionID) }
        if format == .multipart {
            guard writeChunk(Array("\r\n--\(RealtimeHTTPHandler<Service>.boundary)".utf8), to: socket) else { return }
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
                    case .event(let event):
                        let result = service.executeEvent(subscription, event: event)
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
            + Array("\r\n--\(RealtimeHTTPHandler<Service>.boundary)".utf8)
    }

    /// Writes `bytes` as one chunk of the chunked body.
    private func writeChunk(_ bytes: [UInt8], to socket: StreamingSocket<Item>) -> Bool {
        socket.write(Array(String(bytes.count, radix: 16).utf8) + [0x0D, 0x0A] + bytes + [0x0D, 0x0A])
    }
}
