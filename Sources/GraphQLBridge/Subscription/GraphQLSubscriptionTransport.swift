import Foundation

/// How a ``GraphQLHTTPClient`` runs subscriptions, chosen per client with its `subscriptions:` parameter.
///
/// ```swift
/// let sse = GraphQLHTTPClient(endpoint: url, middlewares: [auth], cache: cache, subscriptions: .serverSentEvents)
/// let multipart = GraphQLHTTPClient(endpoint: url, subscriptions: .multipartHTTP)
/// let socket = GraphQLHTTPClient(
///     endpoint: url, middlewares: [auth], subscriptions: .webSocket(url: URL(string: "wss://api.example/graphql")!))
/// ```
///
/// - ``serverSentEvents``: GraphQL over Server-Sent Events, the graphql-sse protocol's "distinct connections" mode:
///   one `POST` per subscription to the client's endpoint with `Accept: text/event-stream`; events `next` and
///   `complete`; ending the subscription closes its connection.
/// - ``multipartHTTP``: Apollo Router's multipart subscriptions: one `POST` per subscription with
///   `Accept: multipart/mixed;subscriptionSpec="1.0", application/json`; parts `{"payload": …}`, `{}` heartbeats,
///   a part with top-level `errors` ends the stream.
/// - ``webSocket(url:connector:options:)``: `graphql-transport-ws`: one socket for all the client's subscriptions,
///   opened at the first and closed when the last ends, `connection_init` with the bearer token the middlewares set
///   (`{"Authorization": "Bearer …"}`), an acknowledgement timeout, `ping`/`pong`, and the protocol's close codes
///   (4400, 4401, 4406, 4409, 4429 and 4500 end the subscriptions; 4403, 4408, 4499 and drops are retried).
///
/// The HTTP transports' requests go through the client's middlewares (they see the request and the response head);
/// the WebSocket's upgrade request does too, and its `Authorization` becomes `connection_init`'s payload. Every
/// transport reconnects with backoff and jitter as ``GraphQLSubscriptionOptions`` say, reading the token again.
public struct GraphQLSubscriptionTransport: Sendable {
    enum Kind: Sendable {
        case serverSentEvents(any GraphQLStreamingTransport)
        case multipartHTTP(any GraphQLStreamingTransport)
        case webSocket(url: URL, engine: GraphQLWebSocketClient)
    }

    let kind: Kind
    /// Reconnection and keep-alive settings.
    public let options: GraphQLSubscriptionOptions
    /// How the HTTP transports wait between reconnections (tests replace it with a recording sleeper).
    var sleep: SubscriptionSleep = SubscriptionSleeping.real
    /// The jitter's draw, in `0..<1` (tests fix it).
    var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

    /// GraphQL over Server-Sent Events ("distinct connections" mode) at the client's endpoint, through a
    /// ``URLSessionStreamingTransport``, with the default options.
    public static var serverSentEvents: GraphQLSubscriptionTransport { serverSentEvents() }

    /// GraphQL over Server-Sent Events ("distinct connections" mode) at the client's endpoint.
    /// - Parameters:
    ///   - transport: what opens the streams; a ``URLSessionStreamingTransport`` by default.
    ///   - options: reconnection settings.
    public static func serverSentEvents(
        transport: any GraphQLStreamingTransport = URLSessionStreamingTransport(),
        options: GraphQLSubscriptionOptions = .init()
    ) -> GraphQLSubscriptionTransport {
        GraphQLSubscriptionTransport(kind: .serverSentEvents(transport), options: options)
    }

    /// Multipart HTTP subscriptions (Apollo Router's protocol) at the client's endpoint, through a
    /// ``URLSessionStreamingTransport``, with the default options.
    public static var multipartHTTP: GraphQLSubscriptionTransport { multipartHTTP() }

    /// Multipart HTTP subscriptions (Apollo Router's protocol) at the client's endpoint.
    /// - Parameters:
    ///   - transport: what opens the streams; a ``URLSessionStreamingTransport`` by default.
    ///   - options: reconnection settings.
    public static func multipartHTTP(
        transport: any GraphQLStreamingTransport = URLSessionStreamingTransport(),
        options: GraphQLSubscriptionOptions = .init()
    ) -> GraphQLSubscriptionTransport {
        GraphQLSubscriptionTransport(kind: .multipartHTTP(transport), options: options)
    }

    /// `graphql-transport-ws` on one WebSocket at `url` (`ws://` or `wss://`) for all the client's subscriptions.
    /// - Parameters:
    ///   - url: the socket's URL, such as `wss://api.example/graphql`.
    ///   - connector: what opens the socket; ``URLSessionWebSocketConnector`` by default (on a platform whose
    ///     `URLSession` cannot open WebSockets, subscriptions fail at once with
    ///     ``APIError/webSocketUnavailable(operation:reason:)``).
    ///   - options: reconnection, acknowledgement and keep-alive settings.
    public static func webSocket(
        url: URL, connector: any GraphQLWebSocketConnector = URLSessionWebSocketConnector(),
        options: GraphQLSubscriptionOptions = .init()
    ) -> GraphQLSubscriptionTransport {
        GraphQLSubscriptionTransport(
            kind: .webSocket(url: url, engine: GraphQLWebSocketClient(connector: connector, options: options)),
            options: options)
    }

    /// The transport's name: `serverSentEvents`, `multipartHTTP` or `webSocket`.
    public var name: String {
        switch kind {
        case .serverSentEvents: return "serverSentEvents"
        case .multipartHTTP: return "multipartHTTP"
        case .webSocket: return "webSocket"
        }
    }

    /// For a WebSocket transport: how many subscriptions its socket carries now, and how many connections it has
    /// opened (for tests and diagnostics); `nil` for the HTTP transports.
    public func webSocketStatistics() async -> (activeSubscriptions: Int, connectionAttempts: Int)? {
        guard case .webSocket(_, let engine) = kind else { return nil }
        return await engine.statistics
    }

    /// For tests and benchmarks, a WebSocket transport's memory accounting: the most bytes of events one
    /// subscription held unread at once, and how many subscriptions ended past the limit; `nil` for HTTP.
    @_spi(Testing) public func webSocketBufferStatistics() async -> (peakBufferedBytes: Int, overflows: Int)? {
        guard case .webSocket(_, let engine) = kind else { return nil }
        return await engine.bufferStatistics
    }
}
