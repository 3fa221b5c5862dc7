import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import Testing

/// The HTTP subscription transports over a streaming transport that answers with canned bytes, for what a real
/// server of ours does not send: multipart top-level errors, an SSE `complete`, a wrong content type, an event that
/// does not decode.
@Suite("Subscriptions over canned streams")
struct CannedStreamTests {
    /// Answers every request with `head` and `pieces`, then ends the body; counts the requests.
    final class CannedTransport: GraphQLStreamingTransport, Sendable {
        private struct State {
            var count = 0
            var requests: [HTTPRequest] = []
        }

        private let state = Locked(State())
        let head: HTTPResponse
        let pieces: [String]

        init(head: HTTPResponse, pieces: [String]) {
            self.head = head
            self.pieces = pieces
        }

        var requestCount: Int { state.withLock { $0.count } }
        var lastRequest: HTTPRequest? { state.withLock { $0.requests.last } }

        func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse
        {
            state.withLock { state in
                state.count += 1
                state.requests.append(request)
            }
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            for piece in pieces { continuation.yield(Data(piece.utf8)) }
            continuation.finish()
            return GraphQLStreamingResponse(head: head, body: stream, cancel: {})
        }
    }

    struct Tick: GraphQLSubscription {
        static let operationName = "Tick"
        static let document = "subscription Tick{tick}"
        struct Data: Decodable, Sendable, Equatable {
            let tick: Int
        }
    }

    // Backoffs of a few milliseconds (1 ms doubling, two retries); the maximum delay is also how long a connection
    // must last to reset the count of failures in a row, so it is far above what a loaded machine takes to read a
    // canned stream (with 2 ms, a slow read counted as lasting and the drop test saw a fourth request).
    static let options = GraphQLSubscriptionOptions(
        initialRetryDelay: .milliseconds(1), maximumRetryDelay: .seconds(60), maximumRetries: 2)

    static func run(_ transport: GraphQLSubscriptionTransport) async -> ([Int], APIError?) {
        let client = GraphQLHTTPClient(endpoint: testEndpoint, subscriptions: transport)
        var ticks: [Int] = []
        do throws(APIError) {
            for try await event in client.subscribe(Tick()) { ticks.append(event.data?.tick ?? -1) }
            return (ticks, nil)
        } catch {
            return (ticks, error)
        }
    }

    @Test("multipart: events, heartbeats, then top-level errors end the stream with them (no reconnection)")
    func multipartErrors() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(
                status: 200, headers: ["Content-Type": "multipart/mixed;boundary=\"graphql\";subscriptionSpec=\"1.0\""]),
            pieces: [
                "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tick\":1}}}\r\n--graphql",
                "\r\ncontent-type: application/json\r\n\r\n{}\r\n--graphql",
                "\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tick\":2}}}\r\n--graphql",
                "\r\ncontent-type: application/json\r\n\r\n{\"payload\":null,\"errors\":[{\"message\":\"subgraph gone\"}]}",
                "\r\n--graphql--\r\n",
            ])
        let (ticks, error) = await Self.run(.multipartHTTP(transport: canned, options: Self.options))
        #expect(ticks == [1, 2])
        #expect(error?.graphQLErrors.map(\.message) == ["subgraph gone"])
        #expect(canned.requestCount == 1)
        #expect(canned.lastRequest?.headers["Accept"] == "multipart/mixed;subscriptionSpec=\"1.0\", application/json")
    }

    @Test("SSE: complete ends the subscription; the request asks for an event stream")
    func serverSentEventsComplete() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
            pieces: [
                "event: next\ndata: {\"data\":{\"tick\":1}}\n\n:\n\n",
                "event: next\ndata: {\"data\":{\"tick\":2}}\n\nevent: complete\ndata:\n\n",
            ])
        let (ticks, error) = await Self.run(.serverSentEvents(transport: canned, options: Self.options))
        #expect(ticks == [1, 2] && error == nil)
        #expect(canned.requestCount == 1)
        #expect(canned.lastRequest?.headers["Accept"] == "text/event-stream")
        #expect(canned.lastRequest?.method == "POST")
    }

    @Test("SSE: a stream that ends without complete is a drop: reconnected, then given up after the retries")
    func droppedUntilGivenUp() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
            pieces: [":\n\n"])
        let (ticks, error) = await Self.run(.serverSentEvents(transport: canned, options: Self.options))
        // The first connection and `maximumRetries` reconnections, none of which gave an event.
        #expect(ticks.isEmpty)
        #expect(canned.requestCount == 3)
        guard case .transport(_, let message, _)? = error else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(message.contains("closed the subscription's stream"))
    }

    @Test("SSE payloads are read by the strict parser: last duplicate wins, 1E6 is an Int, a trailing comma an error")
    func strictPayloads() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
            pieces: [
                "event: next\ndata: {\"data\":{\"tick\":1,\"tick\":2}}\n\n",
                "event: next\ndata: {\"data\":{\"tick\":1E6}}\n\n",
                "event: next\ndata: {\"data\":{\"tick\":3,}}\n\n",
            ])
        let (ticks, error) = await Self.run(.serverSentEvents(transport: canned, options: Self.options))
        #expect(ticks == [2, 1_000_000])
        guard case .invalidResponse(_, _, let reason, _)? = error else {
            Issue.record("expected invalidResponse for the trailing comma, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("not JSON"))
    }

    @Test("a response that is not the stream asked for is a typed error at once")
    func wrongContentType() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), pieces: ["{\"data\":null}"])
        let (_, error) = await Self.run(.serverSentEvents(transport: canned, options: Self.options))
        guard case .invalidResponse(_, 200, let reason, _)? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("text/event-stream"))
        #expect(canned.requestCount == 1)
    }

    @Test("an event that does not fit the generated type ends the subscription with a decoding error and its path")
    func undecodableEvent() async throws {
        let canned = CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
            pieces: ["event: next\ndata: {\"data\":{\"tick\":\"soon\"}}\n\n"])
        let (ticks, error) = await Self.run(.serverSentEvents(transport: canned, options: Self.options))
        #expect(ticks.isEmpty)
        guard case .decoding(_, let decoding)? = error else {
            Issue.record("expected a decoding error, got \(String(describing: error))")
            return
        }
        #expect(decoding.path.contains("tick"))
    }
}
