import GraphQLServer

/// The transports the embedded backend serves subscriptions over.
public enum RealtimeTransportKind: String, Sendable, Hashable, CaseIterable {
    /// GraphQL over Server-Sent Events (graphql-sse, distinct connections).
    case serverSentEvents
    /// Multipart HTTP (Apollo Router's protocol).
    case multipartHTTP
    /// `graphql-transport-ws` over a WebSocket.
    case webSocket

    /// The transport as `GraphQLServer`'s realtime hub records it.
    var serverTransport: RealtimeTransport {
        switch self {
        case .serverSentEvents: return .serverSentEvents
        case .multipartHTTP: return .multipartHTTP
        case .webSocket: return .webSocket
        }
    }

    /// The kind of a transport the hub recorded.
    init(_ transport: RealtimeTransport) {
        switch transport {
        case .serverSentEvents: self = .serverSentEvents
        case .multipartHTTP: self = .multipartHTTP
        case .webSocket: self = .webSocket
        }
    }
}
