/// The transports the embedded backend serves subscriptions over.
public enum RealtimeTransportKind: String, Sendable, Hashable, CaseIterable {
    /// GraphQL over Server-Sent Events (graphql-sse, distinct connections).
    case serverSentEvents
    /// Multipart HTTP (Apollo Router's protocol).
    case multipartHTTP
    /// `graphql-transport-ws` over a WebSocket.
    case webSocket
}
