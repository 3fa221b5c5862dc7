import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import ShopAPI
import Testing

/// Least-recently-used trimming counts every read, including those that read no record: a result served from the
/// memo, or from a persistent store's stored response in a new process. Three products of the same size (the captured
/// `product-p1` response with its id replaced); a byte limit of about two and a half products.
@Suite("Cache trimming counts every read")
struct CacheTrimmingTests {
    static let products = ["p1", "p2", "p3"]

    /// A transport answering `ProductQuery` for any of ``products`` with the fixture, its id replaced.
    private func transport() throws -> MockTransport {
        let fixture = String(decoding: try ShopFixture.data("product-p1.graphql.json"), as: UTF8.self)
        let bodies = Self.products.map { Data(fixture.replacingOccurrences(of: "p1", with: $0).utf8) }
        return MockTransport { _, request in
            let text = String(decoding: request, as: UTF8.self)
            let index = Self.products.firstIndex { text.contains("\"\($0)\"") } ?? 0
            return (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), bodies[index])
        }
    }

    private func client(_ cache: GraphQLCache) throws -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: try transport(), cache: cache)
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-trimming-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Whether `cache` answers the product `id` without the server.
    private func cached(_ id: String, in cache: GraphQLCache) async throws -> Bool {
        do {
            _ = try await client(cache).execute(ProductQuery(id: id), fetchPolicy: .cacheOnly)
            return true
        } catch let error as APIError {
            guard case .cacheMiss = error else { throw error }
            return false
        }
    }

    /// The bytes one product's records take in a store of this kind (no stored response).
    private func oneProduct(_ storage: GraphQLCache.Storage) async throws -> Int {
        let cache = GraphQLCache(
            storage: storage, maxAge: .seconds(3600), storesResponses: false, now: TestClock.frozen)
        _ = try await client(cache).execute(ProductQuery(id: Self.products[0]))
        return await cache.byteCount
    }

    @Test(
        "Memory: a product last read from the memo keeps its records; the one read before it goes",
        arguments: [
            true, false,
        ])
    func memoHits(readAgain: Bool) async throws {
        let limit = try await oneProduct(.memory) * 5 / 2
        let cache = GraphQLCache(maxAge: .seconds(3600), byteLimit: limit, now: TestClock.frozen)
        let client = try client(cache)
        _ = try await client.execute(ProductQuery(id: "p2"))
        _ = try await client.execute(ProductQuery(id: "p1"))
        // Both read from their records (p1 first): p2's records are now the most recently used.
        #expect(try await cached("p1", in: cache))
        #expect(try await cached("p2", in: cache))
        let memoized = await cache.statistics.memoizedHits
        if readAgain {
            // p1 read again: from the memo, no record read.
            #expect(try await cached("p1", in: cache))
            #expect(await cache.statistics.memoizedHits == memoized + 1)
        }
        _ = try await client.execute(ProductQuery(id: "p3"))
        #expect(await cache.byteCount <= limit)
        #expect(try await cached("p3", in: cache), "the product just received stays")
        if readAgain {
            #expect(try await cached("p1", in: cache), "read last, so kept")
            #expect(try await !cached("p2", in: cache), "the least recently used product goes")
        } else {
            #expect(try await !cached("p1", in: cache), "without the read, p1 is the least recently used")
            #expect(try await cached("p2", in: cache))
        }
    }

    @Test("SQLite: a product read from its stored response in a new process keeps its records; the other one goes")
    func storedResponseHits() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = GraphQLCache.Storage.persistent(directory: directory)
        let limit = try await oneProduct(.persistent(directory: try folder())) * 5 / 2
        // The first process: p1, then p2 (no limit here: the stored responses stay).
        let first = GraphQLCache(storage: storage, maxAge: .seconds(3600), now: TestClock.frozen)
        _ = try await client(first).execute(ProductQuery(id: "p1"))
        _ = try await client(first).execute(ProductQuery(id: "p2"))

        // The next launch reads p1, served whole from its stored response, then receives p3.
        let next = GraphQLCache(storage: storage, maxAge: .seconds(3600), byteLimit: limit, now: TestClock.frozen)
        #expect(try await cached("p1", in: next))
        #expect(await next.statistics.storedResponseHits == 1)
        #expect(await next.statistics.recordHits == 0)
        _ = try await client(next).execute(ProductQuery(id: "p3"))
        #expect(await next.byteCount <= limit)
        #expect(try await cached("p1", in: next), "read in this process, so kept")
        #expect(try await !cached("p2", in: next), "the least recently used product goes")
        #expect(try await cached("p3", in: next))
    }
}
