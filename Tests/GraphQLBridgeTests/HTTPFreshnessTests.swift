import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import RuntimeTestSupport
import Testing

/// HTTP's freshness rules as a private client cache obeys them (RFC 9111 §4.2): `max-age`, `Age`, the request's
/// time, `no-cache`, `must-revalidate`, `s-maxage` ignored, invalid or repeated `max-age`, and a clock that moves
/// back; through the client, on the records, the memo and a persistent store's stored responses. The clock is
/// injected: nothing here waits.
@Suite("HTTP freshness")
struct HTTPFreshnessTests {
    // MARK: Row 8: Age

    @Test("max-age=60 with Age: 50 is stale 20 s later (70 s old), through the records and the memo")
    func ageCounts() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "50"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(9))
        let young = try await client.execute(FreshUserQuery())
        #expect(young.source == .cache && !young.isStale, "59 s old: fresh")
        clock.advance(by: .seconds(11))
        let old = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
        #expect(old.isStale, "70 s old: stale")
        #expect(await cache.statistics.memoizedHits == 2, "both reads came from the memo")
        transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "50"])
        #expect(try await client.execute(FreshUserQuery()).source == .server)
        #expect(transport.requests.count == 2)
    }

    @Test("max-age=60 with Age: 50, read by a new cache on the same file (the stored response): stale 20 s later")
    func ageCountsInStoredResponses() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = FreshnessClock()
        let transport = MockTransport()
        do {
            let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
            transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "50"])
            _ = try await client.execute(FreshUserQuery())
        }
        clock.advance(by: .seconds(9))
        let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        let young = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
        #expect(!young.isStale, "59 s old: fresh")
        #expect(await cache.statistics.storedResponseHits == 1)
        clock.advance(by: .seconds(11))
        let reopened = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
        let old = try await GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: reopened)
            .execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
        #expect(old.isStale, "70 s old: stale")
        #expect(await reopened.statistics.storedResponseHits == 1)
    }

    // MARK: Row 9: the request's time

    @Test("An answer 50 s on its way with max-age=60 is fresh for 10 s after it arrives, not 60")
    func ageCountsFromTheRequest() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60"], travelling: .seconds(50), on: clock)
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(9))
        #expect(try await client.execute(FreshUserQuery()).source == .cache, "59 s after the request: fresh")
        clock.advance(by: .seconds(11))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "70 s: stale")
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        #expect(try await client.execute(FreshUserQuery()).source == .server)
    }

    @Test("Age and the time on the way add up: Age 10, 20 s on the way, max-age=60: stale 31 s after arrival")
    func ageAndTransitAddUp() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "10"], travelling: .seconds(20), on: clock)
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(29))
        #expect(!(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale))
        clock.advance(by: .seconds(2))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
    }

    @Test("A caller that joins a request in flight shares its request time: the answer's age counts from the send")
    func sharedRequestTime() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        let joined = Gate()
        var headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]
        headers["Cache-Control"] = "max-age=60"
        let response = HTTPResponse(status: 200, headers: headers)
        let body = Data(#"{"data":{"user":{"__typename":"User","id":"1","name":"Ann"}}}"#.utf8)
        transport.enqueue(
            .handler { _, _ in
                // Sent at 0 s; the second caller joins at 30 s; the answer arrives at 50 s.
                clock.advance(by: .seconds(30))
                await joined.wait()
                clock.advance(by: .seconds(20))
                return (response, body)
            })
        let first = Task { try await client.execute(FreshUserQuery(), fetchPolicy: .serverOnly) }
        try await waitUntil("the first request") { transport.requests.count == 1 }
        let second = Task { try await client.execute(FreshUserQuery(), fetchPolicy: .serverOnly) }
        try await waitUntil("two callers waiting") { client.inFlightWaiterCount == 2 }
        // The caller that sent it goes away: only the one that joined writes the answer.
        first.cancel()
        await #expect(throws: APIError.self) { try await first.value }
        joined.open()
        #expect(try await second.value.source == .server)
        #expect(transport.requests.count == 1, "one request for both callers")
        clock.advance(by: .seconds(9))
        #expect(!(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale), "59 s after the send")
        clock.advance(by: .seconds(2))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "61 s after the send")
    }

    // MARK: Row 10: no-cache

    @Test("no-cache: stored (served by .cacheOnly, stale), never reused by .preferCache, even with max-age")
    func noCache() async throws {
        for header in ["no-cache", "no-cache, max-age=600", "max-age=600, No-Cache=\"Set-Cookie\""] {
            let clock = FreshnessClock()
            let transport = MockTransport()
            let cache = GraphQLCache(maxAge: .seconds(600), now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
            transport.answer(headers: ["Cache-Control": header])
            _ = try await client.execute(FreshUserQuery())
            let offline = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
            #expect(offline.data?.user?.name == "Ann" && offline.isStale, "\(header)")
            transport.answer(headers: ["Cache-Control": header])
            #expect(try await client.execute(FreshUserQuery()).source == .server, "\(header)")
            #expect(transport.requests.count == 2, "\(header)")
        }
    }

    // MARK: Other directives

    @Test("s-maxage is for shared caches: ignored beside max-age, and alone the configured lifetime applies")
    func sMaxAgeIgnored() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(maxAge: .zero, now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "s-maxage=600, max-age=10"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(20))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        transport.answer(headers: ["Cache-Control": "s-maxage=600"])
        _ = try await client.execute(FreshUserQuery(), fetchPolicy: .serverOnly)
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "maxAge .zero applies")
    }

    @Test("must-revalidate: stale, not served in place of a failed request; fresh, or by .cacheOnly, it is")
    func mustRevalidate() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=10, must-revalidate"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(5))
        transport.enqueue(error: URLError(.notConnectedToInternet))
        let fallback = try await client.execute(FreshUserQuery(), fetchPolicy: .serverFirst)
        #expect(fallback.source == .cache && fallback.isStale, "fresh still: served in place of the failure")
        clock.advance(by: .seconds(10))
        transport.enqueue(error: URLError(.notConnectedToInternet))
        await #expect(throws: APIError.self) { try await client.execute(FreshUserQuery(), fetchPolicy: .serverFirst) }
        let asked = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
        #expect(asked.data?.user?.name == "Ann" && asked.isStale, ".cacheOnly asked for the cache: served, stale")
        #expect(await cache.statistics.memoizedHits >= 2, "the memo knows the answer must be revalidated")
    }

    @Test("Without must-revalidate, a stale answer is served in place of a failed request (.serverFirst)")
    func staleServedWithoutMustRevalidate() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let client = GraphQLHTTPClient(
            endpoint: testEndpoint, transport: transport, cache: GraphQLCache(now: clock.function))
        transport.answer(headers: ["Cache-Control": "max-age=10"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(60))
        transport.enqueue(error: URLError(.notConnectedToInternet))
        let fallback = try await client.execute(FreshUserQuery(), fetchPolicy: .serverFirst)
        #expect(fallback.data?.user?.name == "Ann" && fallback.isStale)
    }

    @Test("A watch's .serverFirst fallback: a stale must-revalidate answer is not served, the failure is thrown")
    func watchFallbackMustRevalidate() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=10, must-revalidate"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(60))
        transport.enqueue(error: URLError(.notConnectedToInternet))
        var updates = client.watch(FreshUserQuery(), fetchPolicy: .serverFirst).makeAsyncIterator()
        await #expect(throws: APIError.self) { _ = try await updates.next() }
    }

    @Test("Another query's answer that is older (a larger Age) or must-revalidate: this query's memo follows it")
    func anotherQueryTightens() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(30))
        // The same user through another query, generated 20 s before the first answer: fresh until 40 s.
        transport.answer(headers: ["Cache-Control": "max-age=60, must-revalidate", "Age": "50"])
        _ = try await client.execute(OtherUserQuery(), fetchPolicy: .serverOnly)
        clock.advance(by: .seconds(15))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "45 s: stale")
        transport.enqueue(error: URLError(.notConnectedToInternet))
        await #expect(throws: APIError.self, "the user must be revalidated") {
            try await client.execute(FreshUserQuery(), fetchPolicy: .serverFirst)
        }
    }

    @Test("must-revalidate and no-cache survive the stored response: a new cache on the file does not fall back")
    func mustRevalidatePersists() async throws {
        for header in ["max-age=10, must-revalidate", "no-cache"] {
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let clock = FreshnessClock()
            let transport = MockTransport()
            do {
                let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
                transport.answer(headers: ["Cache-Control": header])
                _ = try await GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
                    .execute(FreshUserQuery())
            }
            clock.advance(by: .seconds(60))
            for _ in 0..<2 {
                let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: clock.function)
                let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
                transport.enqueue(error: URLError(.notConnectedToInternet))
                await #expect(throws: APIError.self, "\(header)") {
                    try await client.execute(FreshUserQuery(), fetchPolicy: .serverFirst)
                }
                #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "\(header)")
            }
        }
    }

    @Test("max-age given twice, or not a number: stale at once; an Age that is not a number: stale")
    func invalidFreshness() async throws {
        let cases: [[String: String]] = [
            ["Cache-Control": "max-age=60, max-age=60"],
            ["Cache-Control": "max-age=600, max-age=30"],
            ["Cache-Control": "max-age=sixty"],
            ["Cache-Control": "max-age=-5"],
            ["Cache-Control": "max-age=1.5"],
            ["Cache-Control": "max-age"],
            ["Cache-Control": "max-age=60", "Age": "ten"],
            ["Cache-Control": "max-age=60", "Age": "10, 20"],
        ]
        for headers in cases {
            let clock = FreshnessClock()
            let transport = MockTransport()
            let cache = GraphQLCache(maxAge: .seconds(600), now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
            transport.answer(headers: headers)
            _ = try await client.execute(FreshUserQuery())
            #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "\(headers)")
        }
    }

    @Test("A quoted max-age is accepted, a huge one is 2^31 s, and Age larger than max-age is stale at once")
    func deltaSecondsForms() async throws {
        let cases: [([String: String], stale: Bool)] = [
            (["Cache-Control": "max-age=\"60\""], false),
            (["Cache-Control": "max-age=99999999999999999999999"], false),
            (["Cache-Control": "max-age=60", "Age": "99999999999999999999999"], true),
            (["Cache-Control": "max-age=60", "Age": "61"], true),
        ]
        for (headers, stale) in cases {
            let clock = FreshnessClock()
            let transport = MockTransport()
            let cache = GraphQLCache(now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
            transport.answer(headers: headers)
            _ = try await client.execute(FreshUserQuery())
            clock.advance(by: .seconds(30))
            #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale == stale, "\(headers)")
        }
    }

    @Test("Expires without max-age: Expires less Date is the lifetime; Expires: 0 is expired; max-age wins over it")
    func expires() async throws {
        let date = "Sun, 06 Nov 1994 08:49:37 GMT"
        let cases: [([String: String], staleAt30: Bool, staleAt70: Bool)] = [
            (["Expires": "0"], true, true),
            (["Expires": "Sun, 06 Nov 1994 08:50:37 GMT"], true, true),
            (["Expires": "Sun, 06 Nov 1994 08:50:37 GMT", "Date": date], false, true),
            (["Expires": "Sunday, 06-Nov-94 08:50:37 GMT", "Date": date], false, true),
            (["Expires": "Sun Nov  6 08:50:37 1994", "Date": date], false, true),
            (["Expires": "Sun, 06 Nov 1994 08:48:37 GMT", "Date": date], true, true),
            (["Expires": "Sun, 06 Nov 1994 08:50:37 GMT", "Date": date, "Cache-Control": "max-age=10"], true, true),
            (["Expires": "Sun, 06 Nov 1994 08:50:37 GMT", "Date": date, "Cache-Control": "private"], false, true),
        ]
        for (headers, staleAt30, staleAt70) in cases {
            let clock = FreshnessClock()
            let transport = MockTransport()
            let cache = GraphQLCache(maxAge: .seconds(600), now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
            transport.answer(headers: headers)
            _ = try await client.execute(FreshUserQuery())
            clock.advance(by: .seconds(30))
            let at30 = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
            #expect(at30.isStale == staleAt30, "\(headers)")
            clock.advance(by: .seconds(40))
            let at70 = try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly)
            #expect(at70.isStale == staleAt70, "\(headers)")
        }
    }

    // MARK: The clock

    @Test("A clock set back never makes a stale answer fresh again (the cache's time does not run backwards)")
    func clockSetBack() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(70))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        clock.advance(by: .seconds(-60))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "the memo")
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        #expect(try await client.execute(FreshUserQuery()).source == .server)
    }

    @Test("Records received after now (another process's clock ahead, or this one set back since) are stale")
    func receivedInTheFuture() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let ahead = FreshnessClock()
        let transport = MockTransport()
        do {
            let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: ahead.function)
            transport.answer(headers: ["Cache-Control": "max-age=60"])
            _ = try await GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
                .execute(FreshUserQuery())
        }
        let behind = FreshnessClock()
        behind.advance(by: .seconds(-1_000))
        // The stored response, then the memo.
        let cache = GraphQLCache(storage: .persistent(directory: folder.url), now: behind.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        // Both from this cache, never the network: the first from the stored response (read on the caller's thread
        // since issue 28's direct reads), the second from the memo or the stored response again (a direct read does
        // not fill the memo).
        let counted = await cache.statistics
        #expect(counted.storedResponseHits >= 1, "\(counted)")
        #expect(counted.storedResponseHits + counted.memoizedHits == 2, "\(counted)")
        // The records (no stored response, no memo).
        let records = GraphQLCache(
            storage: .persistent(directory: folder.url), memoizedResultLimit: 0, storesResponses: false,
            now: behind.function)
        let fromRecords = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: records)
        #expect(try await fromRecords.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        #expect(await records.statistics.recordHits == 1)
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        #expect(try await fromRecords.execute(FreshUserQuery()).source == .server)
    }

    // MARK: The unchanged-answer shortcut

    @Test("The same answer again, older by its Age: its lifetime ends sooner, not later (no shortcut)")
    func unchangedAnswerOlder() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(30))
        // Generated 20 s before the first answer (a CDN's copy): fresh until 40 s from the start.
        transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "50"])
        _ = try await client.execute(FreshUserQuery(), fetchPolicy: .serverOnly)
        clock.advance(by: .seconds(15))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale)
        #expect(await cache.statistics.unchangedAnswers == 0)
    }

    @Test("The same answer again, newer: the shortcut renews it from its request's time, less its Age")
    func unchangedAnswerNewer() async throws {
        let clock = FreshnessClock()
        let transport = MockTransport()
        let cache = GraphQLCache(now: clock.function)
        let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: cache)
        transport.answer(headers: ["Cache-Control": "max-age=60"])
        _ = try await client.execute(FreshUserQuery())
        clock.advance(by: .seconds(30))
        // Sent at 30 s, 10 s on its way, Age 5: generated at 25 s, fresh until 85 s.
        transport.answer(headers: ["Cache-Control": "max-age=60", "Age": "5"], travelling: .seconds(10), on: clock)
        _ = try await client.execute(FreshUserQuery(), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 1)
        clock.advance(by: .seconds(44))
        #expect(!(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale), "84 s")
        clock.advance(by: .seconds(2))
        #expect(try await client.execute(FreshUserQuery(), fetchPolicy: .cacheOnly).isStale, "86 s")
    }
}

/// `query FreshUser { user { __typename id name } }`, with the cache metadata the generator would emit.
private struct FreshUserQuery: GraphQLQuery {
    static let operationName = "FreshUser"
    static let document = "query FreshUser{user{__typename id name}}"
    static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
        selections: GraphQLSelectionSetMetadata(
            typeName: "Query",
            [
                GraphQLFieldMetadata(
                    "user",
                    selections: GraphQLSelectionSetMetadata(
                        typeName: "User",
                        [GraphQLFieldMetadata("__typename"), GraphQLFieldMetadata("id"), GraphQLFieldMetadata("name")]
                    ))
            ]))

    struct Data: Decodable, Sendable, Hashable {
        let user: User?

        struct User: Decodable, Sendable, Hashable {
            let id: String
            let name: String
        }
    }
}

/// `query OtherUser { user { __typename id name } }`: another query (another key) over the same record.
private struct OtherUserQuery: GraphQLQuery {
    static let operationName = "OtherUser"
    static let document = "query OtherUser{user{__typename id name}}"
    static let cacheMetadata = FreshUserQuery.cacheMetadata

    typealias Data = FreshUserQuery.Data
}

/// Holds a mock server's answer until the test opens it.
private final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream()
    }

    func open() {
        continuation.finish()
    }

    func wait() async {
        for await _ in stream {}
    }
}

/// A clock the tests move, forwards or back.
private final class FreshnessClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))

    func advance(by duration: Duration) {
        current.withLock { $0 += duration.timeInterval }
    }

    /// The clock as the cache takes it.
    var function: @Sendable () -> Date { { [self] in current.value } }
}

extension MockTransport {
    /// Queues `{"data":{"user":{"__typename":"User","id":"1","name":"Ann"}}}` with `headers`; with `travelling`, the
    /// answer arrives that long after the request was sent (`clock` moves on while it is on its way).
    fileprivate func answer(
        headers: [String: String], travelling: Duration = .zero, on clock: FreshnessClock? = nil
    ) {
        var all: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { all[name] = value }
        let response = HTTPResponse(status: 200, headers: all)
        let body = Data(#"{"data":{"user":{"__typename":"User","id":"1","name":"Ann"}}}"#.utf8)
        enqueue(
            .handler { _, _ in
                clock?.advance(by: travelling)
                return (response, body)
            })
    }
}
