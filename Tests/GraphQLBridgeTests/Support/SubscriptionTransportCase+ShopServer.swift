import GraphQLBridge
import GraphQLServer
import RuntimeTestSupport

extension SubscriptionTransportCase {
    /// The transport against ``ShopServer``.
    func make(_ server: ShopServer, options: GraphQLSubscriptionOptions = quickOptions) -> GraphQLSubscriptionTransport
    {
        make(webSocketURL: server.webSocketURL, options: options)
    }

    /// The transport as the server records a connection.
    var serverKind: GraphQLServer.RealtimeTransport {
        switch self {
        case .serverSentEvents: return .serverSentEvents
        case .multipartHTTP: return .multipartHTTP
        case .webSocket: return .webSocket
        }
    }
}
