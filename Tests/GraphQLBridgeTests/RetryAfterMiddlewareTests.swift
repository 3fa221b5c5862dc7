import Foundation
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

@testable import GraphQLBridge

/// `RetryAfterMiddleware` (issue 29, row 6 for queries): a query answered 429 or 503 with `Retry-After` is sent
/// again after the wait the server asks for; waits are recorded, never slept.
@Suite("RetryAfterMiddleware: queries obey Retry-After")
struct RetryAfterMiddlewareTests {
    struct RenameMutation: GraphQLMutation {
        static let operationName = "Rename"
        static let document = "# a comment first\nmutation Rename{rename}"
        struct Data: Decodable, Sendable, Hashable {
            let rename: String
        }
    }

    /// The waits a middleware asked for.
    final class Waits: Sendable {
        private let waits = Locked<[Duration]>([])
        var all: [Duration] { waits.withLock { $0 } }
        func record(_ wait: Duration) { waits.withLock { $0.append(wait) } }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func client(_ transport: MockTransport, _ waits: Waits, retryingMutations: Bool = false)
        -> GraphQLHTTPClient
    {
        let middleware = RetryAfterMiddleware(
            maximumRetries: 2, maximumWait: .seconds(60), retryingMutations: retryingMutations,
            sleep: { waits.record($0) }, now: { now })
        return GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, middlewares: [middleware])
    }

    static func refusal(_ status: Int, _ retryAfter: String?) -> MockReply {
        var headers: HTTPHeaders = ["Content-Type": "text/plain"]
        if let retryAfter { headers["Retry-After"] = retryAfter }
        return .response(status: status, headers: headers, body: Data("busy".utf8), delay: .zero)
    }

    @Test("429 and 503 with Retry-After (seconds, an HTTP-date): waited, sent again, the answer returned")
    func obeyed() async throws {
        let transport = MockTransport()
        let waits = Waits()
        transport.enqueue(Self.refusal(503, "4"))
        transport.enqueue(Self.refusal(429, "Fri, 15 Jan 2027 08:00:07 GMT"))
        transport.enqueue(data: #"{"ping":"pong","level":1}"#)
        let result = try await Self.client(transport, waits).execute(PingQuery())
        #expect(result.data?.ping == "pong")
        #expect(transport.requests.count == 3)
        let dateWait = try #require(HTTPDate.parse("Fri, 15 Jan 2027 08:00:07 GMT")).timeIntervalSince(Self.now)
        #expect(waits.all.count == 2 && waits.all.first == .seconds(4))
        #expect(waits.all.last.map { abs($0.timeInterval - min(dateWait, 60)) < 0.01 } == true, "\(waits.all)")
    }

    @Test("after maximumRetries the refusal reaches the caller as httpStatus; nothing without Retry-After")
    func bounded() async throws {
        let transport = MockTransport()
        let waits = Waits()
        for _ in 0..<3 { transport.enqueue(Self.refusal(503, "1")) }
        await #expect(throws: APIError.self) { try await Self.client(transport, waits).execute(PingQuery()) }
        #expect(transport.requests.count == 3 && waits.all == [.seconds(1), .seconds(1)])

        let plain = MockTransport()
        let none = Waits()
        plain.enqueue(Self.refusal(503, nil))
        plain.enqueue(Self.refusal(500, "1"))
        for _ in 0..<2 {
            await #expect(throws: APIError.self) { try await Self.client(plain, none).execute(PingQuery()) }
        }
        #expect(plain.requests.count == 2 && none.all.isEmpty, "no header, or not 429/503: not retried")
    }

    @Test("a mutation is not sent again unless the app says so; a past date is no wait; a huge one is cut")
    func mutationsAndBounds() async throws {
        let transport = MockTransport()
        let waits = Waits()
        transport.enqueue(Self.refusal(429, "2"))
        await #expect(throws: APIError.self) { try await Self.client(transport, waits).execute(RenameMutation()) }
        #expect(transport.requests.count == 1 && waits.all.isEmpty)

        let opted = MockTransport()
        opted.enqueue(Self.refusal(429, "Thu, 01 Jan 1970 00:00:00 GMT"))
        opted.enqueue(Self.refusal(503, "999999"))
        opted.enqueue(data: #"{"rename":"ok"}"#)
        let result = try await Self.client(opted, waits, retryingMutations: true).execute(RenameMutation())
        #expect(result.data?.rename == "ok")
        #expect(waits.all == [.zero, .seconds(60)])
    }

    @Test("what counts as a query: GET, a query document, comments and commas first; not a persisted id alone")
    func kinds() {
        let post = HTTPRequest(url: URL(fileURLWithPath: "/graphql"))
        let get = HTTPRequest(method: "GET", url: URL(fileURLWithPath: "/graphql"))
        #expect(RetryAfterMiddleware.isQuery(get, body: Data()))
        #expect(RetryAfterMiddleware.isQuery(post, body: Data(#"{"query":"{ping}"}"#.utf8)))
        #expect(RetryAfterMiddleware.isQuery(post, body: Data(#"{"query":"query Q{ping}"}"#.utf8)))
        #expect(RetryAfterMiddleware.isQuery(post, body: Data(#"{"query":"mutationName"}"#.utf8)), "a name")
        #expect(!RetryAfterMiddleware.isQuery(post, body: Data(#"{"query":" ,# x\n mutation M{a}"}"#.utf8)))
        #expect(!RetryAfterMiddleware.isQuery(post, body: Data(#"{"extensions":{"persistedQuery":{}}}"#.utf8)))
    }
}
