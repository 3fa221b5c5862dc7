/// The transports a realtime server serves subscriptions over, as it records a connection.
package enum RealtimeTransport: String, Sendable, Hashable, CaseIterable {
    /// GraphQL over Server-Sent Events (graphql-sse, distinct connections).
    case serverSentEvents
    /// Multipart HTTP (Apollo Router's protocol).
    case multipartHTTP
    /// `graphql-transport-ws` over a WebSocket.
    case webSocket
}
