import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import ShopAPI
import Testing

/// The cache on SQLite through the client: results survive the cache (a new cache on the same folder reads
/// them), namespaces keep users apart, a foreign file is reported and replaced, a schema version change drops
/// the records, clear() empties the file.
@Suite("Persistent cache through the client")
struct PersistentCacheTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-cache-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func client(_ cache: GraphQLCache) throws -> (GraphQLHTTPClient, MockTransport) {
        let body = try ShopFixture.data("product-p1.graphql.json")
        let transport = MockTransport { _, _ in
            (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), body)
        }
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        return (GraphQLHTTPClient(endpoint: endpoint, transport: transport, cache: cache), transport)
    }

    @Test("A result written by one cache is read by the next one on the same folder, without a request")
    func survivesTheCache() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written: ProductQuery.Data?
        do {
            let cache = GraphQLCache(
                storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "ann",
                now: TestClock.frozen)
            #expect(await cache.problems.isEmpty)
            written = try await client(cache).0.execute(ProductQuery(id: "p1")).data
        }
        let reopened = GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "ann", now: TestClock.frozen)
        let problems = await reopened.problems
        #expect(problems.isEmpty, "\(problems)")
        let (client, transport) = try client(reopened)
        let read = try await client.execute(ProductQuery(id: "p1"))
        #expect(
            read.source == .cache && read.data == written,
            "source \(String(describing: read.source)), stale \(read.isStale)")
        #expect(transport.requests.isEmpty)

        let other = GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "bob", now: TestClock.frozen)
        await #expect(throws: APIError.self, "one user never sees another's cache") {
            try await self.client(other).0.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        }

        try await reopened.clear()
        #expect(await reopened.recordCount == 0)
        let afterClear = GraphQLCache(
            storage: .persistent(directory: directory), namespace: "ann", now: TestClock.frozen)
        #expect(await afterClear.recordCount == 0)
    }

    @Test("A schema version change drops the old records")
    func schemaChange() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let cache = GraphQLCache(
                storage: .persistent(directory: directory), maxAge: .seconds(3600), schemaVersion: "1",
                now: TestClock.frozen)
            _ = try await client(cache).0.execute(ProductQuery(id: "p1"))
            #expect(await cache.recordCount > 0)
        }
        let changed = GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), schemaVersion: "2",
            now: TestClock.frozen)
        #expect(await changed.recordCount == 0)
    }

    @Test("A file that is not a cache store is reported, moved aside and replaced; fetches still work")
    func foreignFile() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let probe = GraphQLCache(
                storage: .persistent(directory: directory), namespace: "carol", now: TestClock.frozen)
            _ = await probe.recordCount
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".sqlite")
        }
        let file = directory.appendingPathComponent(try #require(files.first))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) }
        try Data("this is not a database, it is a note".utf8).write(to: file)

        let cache = GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "carol",
            now: TestClock.frozen)
        let problems = await cache.problems
        #expect(problems.first?.kind == .corrupt, "\(problems)")
        let result = try await client(cache).0.execute(ProductQuery(id: "p1"))
        #expect(result.data?.product?.id == "p1")
        #expect(await cache.recordCount > 0)
    }

    @Test("A folder that cannot be written: memory instead, reported")
    func unwritableFolder() async throws {
        let directory = URL(fileURLWithPath: "/proc/graphqlbridge-no-such-place")
        let cache = GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), now: TestClock.frozen)
        #expect(await cache.problems.first?.kind == .open)
        let result = try await client(cache).0.execute(ProductQuery(id: "p1"))
        #expect(result.data?.product?.id == "p1")
    }
}
