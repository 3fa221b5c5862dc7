import Foundation
import GraphQLBridgeTesting
import ShopAPI
import Testing

@testable import GraphQLBridge

/// A persistent cache's direct reads keep one read transaction open between reads (a burst) while no connection of any
/// process has committed to the file, which they learn from the WAL index's header (``WALIndexHeaderProbe``).
@Suite("A burst of direct reads in one read transaction")
struct ReadBurstTests {
    private static let ids = ["p1", "p2", "p3", "p4"]

    /// A folder whose cache (namespace `ann`) has a stored response for each of ``ids``, and its file.
    private static func storedFile() async throws -> (folder: TemporaryFolder, file: URL) {
        let folder = try TemporaryFolder()
        let transport = MockTransport()
        for _ in ids { transport.enqueue(body: try ShopFixture.data("product-p1.graphql.json")) }
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        let client = GraphQLHTTPClient(endpoint: endpoint, transport: transport, cache: cache(folder.url))
        for id in ids { _ = try await client.execute(ProductQuery(id: id)) }
        let name = try #require(folder.entries().first { $0.hasSuffix(".sqlite") })
        return (folder, folder.url.appendingPathComponent(name))
    }

    private static func cache(_ directory: URL) -> GraphQLCache {
        GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "ann",
            now: TestClock().function)
    }

    /// The key the client reads `ProductQuery(id:)` under.
    private static func queryKey(_ id: String) throws -> String {
        let metadata = try #require(ProductQuery.cacheMetadata)
        let variables = metadata.coercedVariables(try GraphQLHTTPClient.variablesJSON(ProductQuery(id: id)))
        return GraphQLHTTPClient.cacheQueryKey(ProductQuery.self, variables: variables)
    }

    /// Whether `reader` has a stored response for `id` now (`nil`: it did not read).
    private static func stored(_ reader: SQLiteResponseReader, _ id: String) throws -> Bool? {
        switch reader.storedResponse(forQuery: try queryKey(id), defaultMaxAge: 3600) {
        case .read(let stored): return stored != nil
        case .unavailable: return nil
        }
    }

    /// A cache on `folder`'s file and a reader of it whose bursts end after `idle` unused or `longest` in all, in a
    /// burst: p1 read (a statement of its own), then p2 (the burst's first read). The cache keeps the file open as an
    /// app does: keep it while the reader is used. (The test's lengths, not the reader's 10 ms and 100 ms: what a test
    /// asserts of a burst holds however slowly a loaded machine runs it.)
    private static func readerInBurst(
        _ folder: TemporaryFolder, idle: DispatchTimeInterval = .seconds(600),
        longest: DispatchTimeInterval = .seconds(600)
    ) throws -> (cache: GraphQLCache, reader: SQLiteResponseReader) {
        let cache = cache(folder.url)
        let name = try #require(folder.entries().first { $0.hasSuffix(".sqlite") })
        let reader = try #require(
            SQLiteResponseReader(
                fileURL: folder.url.appendingPathComponent(name), schemaVersion: "1", idleTime: idle,
                longestTime: longest))
        #expect(try stored(reader, "p1") == true)
        #expect(reader.isInBurst == false)
        #expect(try stored(reader, "p2") == true)
        #expect(reader.isInBurst == true)
        return (cache, reader)
    }

    @Test("a burst reads what the file holds now: another connection's commit ends it, and the next read sees it")
    func commitEndsBurst() async throws {
        let (folder, file) = try await Self.storedFile()
        defer { folder.remove() }
        let (cache, reader) = try Self.readerInBurst(folder)
        #expect(try Self.stored(reader, "p3") == true)

        // Another connection (another process) removes p4's and p3's stored responses, one commit each.
        let writer = try SQLiteConnection(path: file.path)
        defer { writer.close() }
        for id in ["p4", "p3"] {
            let key = try Self.queryKey(id)
            try writer.withStatement("DELETE FROM responses WHERE query_key = ?", .write) {
                statement throws(GraphQLCacheError) in
                try writer.bind(key, at: 1, in: statement, .write)
                _ = try writer.step(statement, .write)
            }
        }
        // (The burst's snapshot still has them: a read in it would find them.)
        #expect(try Self.stored(reader, "p4") == false)
        #expect(try Self.stored(reader, "p3") == false)
        #expect(try Self.stored(reader, "p1") == true)
        #expect(reader.isInBurst == true)
        withExtendedLifetime(cache) {}
    }

    @Test("a burst left unused ends by itself (a checkpoint waiting for the WAL's readers waits no longer)")
    func idleBurstEnds() async throws {
        let (folder, _) = try await Self.storedFile()
        defer { folder.remove() }
        let (cache, reader) = try Self.readerInBurst(folder, idle: .seconds(2))
        // A hang detector only: the timer ends it after its idle time.
        let deadline = Date().addingTimeInterval(120)
        while reader.isInBurst != false, Date() < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(reader.isInBurst == false)
        // The next reads begin another.
        #expect(try Self.stored(reader, "p3") == true)
        #expect(reader.isInBurst == true)
        reader.close()
        #expect(reader.isInBurst == false)
        #expect(try Self.stored(reader, "p4") == nil)
        withExtendedLifetime(cache) {}
    }

    @Test("a burst read without pause is ended all the same once it is old, and the next read begins another")
    func longBurstEnds() async throws {
        let (folder, _) = try await Self.storedFile()
        defer { folder.remove() }
        let (cache, reader) = try Self.readerInBurst(folder, idle: .seconds(2), longest: .seconds(4))
        let first = try #require(reader.burstCount)
        // Reads a millisecond apart keep the burst used; its longest time ends it regardless. (A hang detector only.)
        let deadline = Date().addingTimeInterval(120)
        while (reader.burstCount ?? first) == first, Date() < deadline {
            #expect(try Self.stored(reader, "p3") != false)
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect((reader.burstCount ?? first) > first)
        withExtendedLifetime(cache) {}
    }

    @Test("the WAL index's header: the same while nothing is committed, another after each commit; none without WAL")
    func headerFollowsCommits() async throws {
        let (folder, file) = try await Self.storedFile()
        defer { folder.remove() }
        let probe = try #require(WALIndexHeaderProbe(databasePath: file.path))
        let before = try #require(probe.header())
        #expect(probe.header() == before)
        let writer = try SQLiteConnection(path: file.path)
        defer { writer.close() }
        try writer.execute("DELETE FROM responses WHERE rowid = (SELECT MIN(rowid) FROM responses)", .write)
        let after = try #require(probe.header())
        #expect(after != before)
        // A read commits nothing.
        _ = try writer.integer("SELECT COUNT(*) FROM responses", .read)
        #expect(probe.header() == after)
        #expect(WALIndexHeaderProbe(databasePath: folder.url.appendingPathComponent("none.sqlite").path) == nil)
    }
}
