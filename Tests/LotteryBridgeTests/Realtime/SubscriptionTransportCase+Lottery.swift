import GraphQLBridge
import LotteryBackend
import RuntimeTestSupport

extension SubscriptionTransportCase {
    /// The transport against the embedded backend.
    func make(_ server: EmbeddedLotteryServer, options: GraphQLSubscriptionOptions = quickOptions)
        -> GraphQLSubscriptionTransport
    {
        make(webSocketURL: server.webSocketURL, options: options)
    }

    /// The transport as the embedded backend records a connection.
    var serverKind: RealtimeTransportKind {
        switch self {
        case .serverSentEvents: return .serverSentEvents
        case .multipartHTTP: return .multipartHTTP
        case .webSocket: return .webSocket
        }
    }
}
