import Foundation
import Testing

@testable import GraphQLBridge

/// The stream formats, read piece by piece as they arrive: Server-Sent Events, multipart/mixed, and the top-level
/// members of protocol messages.
@Suite("Subscription stream framing")
struct SubscriptionFramingTests {
    /// Feeds `text` in pieces of `size` bytes.
    static func pieces(_ text: String, size: Int) -> [Data] {
        let bytes = Array(text.utf8)
        return stride(from: 0, to: bytes.count, by: size).map { Data(bytes[$0..<min($0 + size, bytes.count)]) }
    }

    @Test(
        "SSE: events with LF, CR and CRLF line ends, split anywhere, comments skipped, data lines joined",
        arguments: [1, 2, 3, 7, 1000])
    func serverSentEvents(pieceSize: Int) throws {
        let stream =
            ": heartbeat\n\nevent: next\ndata: {\"data\":\r\ndata: 1}\r\n\r\nevent:next\rdata:{\"x\":2}\r\r"
            + "id: 7\ndata: plain\n\nevent: complete\ndata:\n\nevent: ignored\n\n"
        var parser = ServerSentEventParser()
        var events: [ServerSentEventParser.Event] = []
        for piece in Self.pieces(stream, size: pieceSize) { events += try parser.feed(piece) }
        #expect(events.map(\.type) == ["next", "next", "message", "complete"])
        #expect(
            events.map { String(decoding: $0.data, as: UTF8.self) } == ["{\"data\":\n1}", "{\"x\":2}", "plain", ""])
        #expect(events[2].id == "7")
    }

    @Test("multipart: Apollo Router's framing, heartbeats and the end, split anywhere", arguments: [1, 2, 5, 13, 1000])
    func multipart(pieceSize: Int) throws {
        let body =
            "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}\r\n--graphql\r\ncontent-type: application/json"
            + "\r\n\r\n{\"payload\":{\"data\":{\"n\":1}}}\r\n--graphql\r\n\r\n{\"payload\":{\"data\":{\"n\":2}}}"
            + "\r\n--graphql--\r\n"
        var parser = MultipartMixedParser(boundary: "graphql")
        var outputs: [MultipartMixedParser.Output] = []
        for piece in Self.pieces(body, size: pieceSize) { outputs += try parser.feed(piece) }
        #expect(
            outputs == [
                .part(Data("{}".utf8)), .part(Data("{\"payload\":{\"data\":{\"n\":1}}}".utf8)),
                .part(Data("{\"payload\":{\"data\":{\"n\":2}}}".utf8)), .end,
            ])
    }

    @Test("multipart: the boundary parameter, quoted or not")
    func boundary() {
        #expect(
            MultipartMixedParser.boundary(
                ofContentType: "multipart/mixed;boundary=\"graphql\";subscriptionSpec=\"1.0\"")
                == "graphql")
        #expect(MultipartMixedParser.boundary(ofContentType: "multipart/mixed; boundary=-") == "-")
        #expect(MultipartMixedParser.boundary(ofContentType: "multipart/mixed") == nil)
    }

    @Test("multipart: a part larger than the limit is an error, not unbounded memory")
    func oversizedPart() throws {
        var parser = MultipartMixedParser(boundary: "b", maximumPartSize: 16)
        _ = try parser.feed(Data("--b\r\n\r\n".utf8))
        #expect(throws: MultipartMixedParser.FramingError.self) {
            _ = try parser.feed(Data(String(repeating: "x", count: 64).utf8))
        }
    }

    @Test("protocol messages: type, id, and payload and errors as their JSON text")
    func messages() throws {
        let next = try #require(
            SubscriptionMessage(Data(#"{"id":"3","type":"next","payload":{"data":{"n":9007199254740993}}}"#.utf8)))
        #expect(next.type == "next" && next.id == "3" && next.memberCount == 3)
        #expect(next.payload == Data(#"{"data":{"n":9007199254740993}}"#.utf8))
        let heartbeat = try #require(SubscriptionMessage(Data("{}".utf8)))
        #expect(heartbeat.memberCount == 0 && heartbeat.payload == nil)
        let failed = try #require(SubscriptionMessage(Data(#"{"payload":null,"errors":[{"message":"gone"}]}"#.utf8)))
        #expect(SubscriptionMessage.graphQLErrors(failed.errors).map(\.message) == ["gone"])
        #expect(SubscriptionMessage(Data("[1]".utf8)) == nil)
        #expect(SubscriptionMessage(Data("{\"type\":".utf8)) == nil)
    }

    @Test("backoff: exponential, capped, shortened by the jitter's draw")
    func backoff() {
        let options = GraphQLSubscriptionOptions(
            initialRetryDelay: .milliseconds(100), maximumRetryDelay: .seconds(1), retryDelayMultiplier: 2, jitter: 0.5)
        #expect(options.retryDelay(attempt: 1, random: 0) == .milliseconds(100))
        #expect(options.retryDelay(attempt: 2, random: 0) == .milliseconds(200))
        #expect(options.retryDelay(attempt: 4, random: 0) == .milliseconds(800))
        #expect(options.retryDelay(attempt: 5, random: 0) == .seconds(1))
        #expect(options.retryDelay(attempt: 50, random: 0) == .seconds(1))
        #expect(options.retryDelay(attempt: 3, random: 1) == .milliseconds(200))
        #expect(options.retryDelay(attempt: 3, random: 0.5) == .milliseconds(300))
    }

    @Test("close codes: 4400, 4401, 4406, 4409, 4429, 4500 fatal; 4403 a refused token; 4408, 4499, drops retried")
    func closeCodes() {
        for code in [4400, 4401, 4406, 4409, 4429, 4500] {
            #expect(SubscriptionConnectionError.closed(code: code, reason: "").disposition == .fatal)
        }
        #expect(SubscriptionConnectionError.closed(code: 4403, reason: "").disposition == .authentication)
        for code in [4408, 4499, 1000, 1001, 1006, 1011] {
            #expect(SubscriptionConnectionError.closed(code: code, reason: "").disposition == .transient)
        }
        #expect(
            SubscriptionConnectionError.httpStatus(status: 401, body: Data(), errors: []).disposition == .authentication
        )
        #expect(SubscriptionConnectionError.httpStatus(status: 503, body: Data(), errors: []).disposition == .transient)
        #expect(SubscriptionConnectionError.httpStatus(status: 400, body: Data(), errors: []).disposition == .fatal)
        let closed = SubscriptionConnectionError.closed(code: 4403, reason: "Forbidden").apiError(operation: "Op")
        #expect(closed.isAuthenticationFailure && closed.operation == "Op")
    }
}
