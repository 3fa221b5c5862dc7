import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// The three subscription transports as the runtime's and the example's tests run them, each against its own server
/// (the WebSocket through the test-side POSIX connector: this machine's `URLSession` cannot open WebSockets).
package enum SubscriptionTransportCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case serverSentEvents
    case multipartHTTP
    case webSocket

    package var testDescription: String { rawValue }

    /// Fast retries, so that drops and refusals play out quickly; keep-alive off unless a test wants it.
    package static let quickOptions = GraphQLSubscriptionOptions(
        initialRetryDelay: .milliseconds(20), maximumRetryDelay: .milliseconds(200), maximumRetries: 5,
        maximumAuthenticationRetries: 1, connectionAckTimeout: .seconds(20), pingInterval: nil)

    /// The transport, its WebSocket to `webSocketURL`.
    package func make(webSocketURL: URL, options: GraphQLSubscriptionOptions = quickOptions)
        -> GraphQLSubscriptionTransport
    {
        switch self {
        case .serverSentEvents: return .serverSentEvents(options: options)
        case .multipartHTTP: return .multipartHTTP(options: options)
        case .webSocket:
            return .webSocket(url: webSocketURL, connector: POSIXWebSocketConnector(), options: options)
        }
    }

    /// Consumes a subscription in a task the test cancels: its events in a collector, the task's value the error
    /// that ended it (`nil` when it finished or was cancelled).
    package static func consume<S: GraphQLSubscription>(_ sequence: GraphQLSubscriptionSequence<S>)
        -> (Collector<GraphQLResult<S.Data>>, Task<APIError?, Never>)
    {
        let collector = Collector<GraphQLResult<S.Data>>()
        let task = Task { () -> APIError? in
            do throws(APIError) {
                for try await event in sequence { await collector.append(event) }
                return nil
            } catch {
                return error
            }
        }
        return (collector, task)
    }
}
