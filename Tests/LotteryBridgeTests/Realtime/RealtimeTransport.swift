import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import LotteryBackend
import Testing

/// The three subscription transports, as the tests run them against the embedded backend (the WebSocket through
/// the test-side POSIX connector: this machine's `URLSession` cannot open WebSockets).
enum RealtimeTransport: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case serverSentEvents
    case multipartHTTP
    case webSocket

    var testDescription: String { rawValue }

    /// Fast retries, so that drops and refusals play out quickly; keep-alive off unless a test wants it.
    static let quickOptions = GraphQLSubscriptionOptions(
        initialRetryDelay: .milliseconds(20), maximumRetryDelay: .milliseconds(200), maximumRetries: 5,
        maximumAuthenticationRetries: 1, connectionAckTimeout: .seconds(20), pingInterval: nil)

    func make(_ server: EmbeddedLotteryServer, options: GraphQLSubscriptionOptions = quickOptions)
        -> GraphQLSubscriptionTransport
    {
        switch self {
        case .serverSentEvents: return .serverSentEvents(options: options)
        case .multipartHTTP: return .multipartHTTP(options: options)
        case .webSocket:
            return .webSocket(url: server.webSocketURL, connector: POSIXWebSocketConnector(), options: options)
        }
    }

    var serverKind: RealtimeTransportKind {
        switch self {
        case .serverSentEvents: return .serverSentEvents
        case .multipartHTTP: return .multipartHTTP
        case .webSocket: return .webSocket
        }
    }
}

/// Waits until `condition` holds (a hang detector: the test never passes because time went by).
func waitUntil(_ what: String, _ condition: @Sendable () async -> Bool) async throws {
    try await HangDetector.waitUntil(what) { await condition() }
}

/// A bearer token that changes between connections (a refreshed token), read at each one.
final class TokenSequence: Sendable {
    private struct State {
        var index = 0
    }

    private let state = Locked(State())
    private let tokens: [String]

    init(_ tokens: [String]) { self.tokens = tokens }

    func next() -> String? {
        state.withLock { state in
            defer { state.index += 1 }
            return tokens.isEmpty ? nil : tokens[min(state.index, tokens.count - 1)]
        }
    }
}
