import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import ShopAPI
import Testing

/// Freshness from the client's maxAge, the server's Cache-Control and configured schema coordinates; writes
/// seen through other queries; size limits, unreachable records and clear(). A mock transport serves
/// captured responses; a manual clock moves time.
@Suite("Cache freshness, normalization and limits")
struct CacheFreshnessTests {
    /// A transport answering every request with the captured `product-p1` response and `headers`.
    private func productTransport(headers: HTTPHeaders = [:]) throws -> MockTransport {
        let body = try ShopFixture.data("product-p1.graphql.json")
        var all: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]
        for (name, value) in headers { all[name] = value }
        let response = HTTPResponse(status: 200, headers: all)
        return MockTransport { _, _ in (response, body) }
    }

    @Test("Cache-Control: max-age=60 overrides a maxAge of zero: fresh for 60 s, then the server again")
    func serverCacheControl() async throws {
        let clock = TestClock()
        let transport = try productTransport(headers: ["Cache-Control": "public, max-age=60"])
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport,
            cache: GraphQLCache(maxAge: .zero, now: clock.function))
        _ = try await client.execute(ProductQuery(id: "p1"))
        clock.advance(by: .seconds(59))
        #expect(try await client.execute(ProductQuery(id: "p1")).source == .cache)
        #expect(transport.requests.count == 1)
        clock.advance(by: .seconds(2))
        #expect(try await client.execute(ProductQuery(id: "p1")).source == .server)
        #expect(transport.requests.count == 2)
    }

    @Test("Cache-Control: no-store: nothing is written")
    func noStore() async throws {
        let transport = try productTransport(headers: ["Cache-Control": "no-store"])
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"))
        #expect(await cache.recordCount == 0)
        _ = try await client.execute(ProductQuery(id: "p1"))
        #expect(transport.requests.count == 2)
    }

    @Test("A configured coordinate (Offer.price: 5s) makes a query stale before the cache's maxAge")
    func configuredCoordinate() async throws {
        #expect(ProductQuery.cacheMetadata?.maxAges["Offer.price"] == .seconds(5))
        let clock = TestClock()
        let transport = try productTransport()
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport,
            cache: GraphQLCache(maxAge: .seconds(30), now: clock.function))
        _ = try await client.execute(ProductQuery(id: "p1"))
        clock.advance(by: .seconds(4))
        #expect(try await client.execute(ProductQuery(id: "p1")).source == .cache)
        clock.advance(by: .seconds(2))
        let stale = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(stale.isStale, "the price (5 s) is stale although the rest (30 s) is not")
        #expect(try await client.execute(ProductQuery(id: "p1")).source == .server)
    }

    @Test("A write of an entity through one query changes it in every cached query that holds it")
    func writeSeenThroughAnotherQuery() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let body = try ShopFixture.data("product-p1.graphql.json")
        let renamed = Data(
            String(decoding: body, as: UTF8.self).replacingOccurrences(of: "Espresso machine", with: "Renamed").utf8)
        let transport = MockTransport()
        transport.enqueue(.response(body: body))
        transport.enqueue(.response(body: renamed))
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport, cache: cache)
        let first = try await client.execute(ProductQuery(id: "p1"))
        #expect(first.data?.product?.name == "Espresso machine")
        #expect(try await client.execute(ProductQuery(id: "p1")).data?.product?.name == "Espresso machine")
        // The same entity arrives again (here through .serverOnly; a mutation's result merges the same way).
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        let after = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(after.data?.product?.name == "Renamed", "the memoized result was invalidated by the write")
        #expect(await cache.record(forKey: "Product:p1")?.fields["name"]?.value == .scalar(.string("Renamed")))
    }

    @Test("The memory store stays under its byte limit, dropping the least recently used records")
    func byteLimit() async throws {
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        let unbounded = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        _ = try await GraphQLHTTPClient(endpoint: endpoint, transport: try productTransport(), cache: unbounded)
            .execute(ProductQuery(id: "p1"))
        let fullBytes = await unbounded.byteCount
        let fullCount = await unbounded.recordCount
        #expect(fullCount >= 4)

        let bounded = GraphQLCache(maxAge: .seconds(3600), byteLimit: fullBytes / 2, now: TestClock.frozen)
        _ = try await GraphQLHTTPClient(endpoint: endpoint, transport: try productTransport(), cache: bounded)
            .execute(ProductQuery(id: "p1"))
        #expect(await bounded.byteCount <= fullBytes / 2)
        #expect(await bounded.recordCount < fullCount)
    }

    @Test("removeUnreachableRecords keeps what the root reaches; clear() empties the store")
    func unreachableAndClear() async throws {
        let transport = try productTransport()
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let client = GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"))
        let count = await cache.recordCount
        #expect(await cache.removeUnreachableRecords() == 0)
        #expect(await cache.recordCount == count)
        try await cache.clear()
        #expect(await cache.recordCount == 0)
        await #expect(throws: APIError.self) {
            try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        }
    }
}
