import Foundation
import GraphQLBridgeTesting
import ShopAPI
import Testing

@testable import GraphQLBridge

/// A persistent cache's first read of a query in a process reads its stored response on the caller's thread, through
/// a read-only connection that never waits (busy timeout 0); anything else goes to the cache's queue.
@Suite("Direct reads of stored responses")
struct DirectReadTests {
    private func client(_ cache: GraphQLCache) throws -> GraphQLHTTPClient {
        let transport = MockTransport()
        for _ in 0..<4 { transport.enqueue(body: try ShopFixture.data("product-p1.graphql.json")) }
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        return GraphQLHTTPClient(endpoint: endpoint, transport: transport, cache: cache)
    }

    private func cache(_ directory: URL) -> GraphQLCache {
        GraphQLCache(
            storage: .persistent(directory: directory), maxAge: .seconds(3600), namespace: "ann",
            now: TestClock().function)
    }

    /// The key the client reads `ProductQuery(id:)` under.
    private static func queryKey(_ id: String = "p1") throws -> String {
        let metadata = try #require(ProductQuery.cacheMetadata)
        let variables = metadata.coercedVariables(try GraphQLHTTPClient.variablesJSON(ProductQuery(id: id)))
        return GraphQLHTTPClient.cacheQueryKey(ProductQuery.self, variables: variables)
    }

    /// Whether `cache` reads `queryKey` directly now (and so claims it).
    private static func readsDirectly(_ cache: GraphQLCache, _ queryKey: String) -> Bool {
        cache.directRead(ProductQuery.Data.self, operationName: "Product", queryKey: queryKey) != nil
    }

    @Test("the first read is direct, never waits, and the next ones are the queue's (then the memo's)")
    func firstReadIsDirect() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.url
        let written = try await client(cache(directory)).execute(ProductQuery(id: "p1")).data

        let reopened = cache(directory)
        let reader = try #require(reopened.responseReader)
        #expect(reader.busyTimeout == 0)
        let client = try client(reopened)
        var reads: [GraphQLResult<ProductQuery.Data>] = []
        for _ in 0..<3 {
            let read = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            #expect(read.data == written && read.source == .cache && !read.isStale)
            reads.append(read)
        }
        // The direct read's result (the decoder's own, made a hit's) is the queue's and the memo's, field by field.
        for read in reads {
            #expect(read.errors.isEmpty && read.extensions.isEmpty && !read.hasNext)
            #expect(read.byteCount == 0 && read.httpResponse == reads[1].httpResponse)
        }
        #expect(reopened.directReads.withLock { $0.storedResponseHits } == 1)
        let statistics = await reopened.statistics
        // Direct, then the queue's stored response (memoized), then the memo.
        #expect(statistics.storedResponseHits == 2)
        #expect(statistics.memoizedHits == 1 && statistics.recordHits == 0)
    }

    @Test("a lock another connection holds: the direct read gives way at once (SQLITE_BUSY), then reads again")
    func busyGivesWay() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.url
        // A file not in WAL mode, where a writer's exclusive lock keeps readers out (in WAL mode it would not).
        let file = directory.appendingPathComponent("locked.sqlite")
        let writer = try SQLiteConnection(path: file.path)
        defer { writer.close() }
        try writer.execute(
            """
            CREATE TABLE responses (query_key TEXT PRIMARY KEY NOT NULL, max_age REAL NOT NULL, expiry REAL NOT NULL, \
            received REAL NOT NULL, revalidates INTEGER NOT NULL, dependencies BLOB NOT NULL, body BLOB NOT NULL, \
            size INTEGER NOT NULL)
            """, .write)
        // (The reader reads a response only while the file's records are of its schema version.)
        try writer.execute("CREATE TABLE state (id INTEGER PRIMARY KEY, schema_version TEXT NOT NULL)", .write)
        try writer.execute("INSERT INTO state VALUES (0, 'v1')", .write)
        let reader = try #require(SQLiteResponseReader(fileURL: file, schemaVersion: "v1"))
        #expect(reader.busyTimeout == 0)
        guard case .read(nil) = reader.storedResponse(forQuery: "q", defaultMaxAge: 60) else {
            Issue.record("not read from an unlocked file")
            return
        }
        try writer.execute("BEGIN EXCLUSIVE", .write)
        guard case .unavailable = reader.storedResponse(forQuery: "q", defaultMaxAge: 60) else {
            Issue.record("read while another connection held the file exclusively")
            return
        }
        try writer.execute("COMMIT", .write)
        guard case .read(nil) = reader.storedResponse(forQuery: "q", defaultMaxAge: 60) else {
            Issue.record("not read once the lock was released")
            return
        }
        // Not in WAL mode: no read transaction is kept open between reads (it would keep writers out).
        _ = reader.storedResponse(forQuery: "q", defaultMaxAge: 60)
        #expect(reader.isInBurst == false)
        // Closed (the store replaced its file): never read again.
        reader.close()
        guard case .unavailable = reader.storedResponse(forQuery: "q", defaultMaxAge: 60) else {
            Issue.record("read after close")
            return
        }
    }

    @Test("a record whose last write failed, a query already read, no stored response, a memory cache: not direct")
    func notDirect() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let directory = folder.url
        _ = try await client(cache(directory)).execute(ProductQuery(id: "p1"))
        let reopened = cache(directory)
        let key = try Self.queryKey()
        await reopened.setUnreliable(["Product:p1"])
        #expect(!reopened.directReads.withLock { $0.allowed })
        #expect(!Self.readsDirectly(reopened, key))
        await reopened.setUnreliable([])
        #expect(reopened.directReads.withLock { $0.allowed })
        // Allowed again: read directly once, then the queue's.
        #expect(Self.readsDirectly(reopened, key))
        #expect(!Self.readsDirectly(reopened, key))
        let another = try Self.queryKey("other")
        // Another query, with no stored response: the queue's.
        #expect(!Self.readsDirectly(reopened, another))
        // A memory cache has no direct reads.
        #expect(GraphQLCache().responseReader == nil)
    }
}

extension GraphQLCache {
    /// Sets the records whose last write failed (for tests).
    fileprivate func setUnreliable(_ keys: Set<String>) {
        unreliableKeys = keys
    }
}
