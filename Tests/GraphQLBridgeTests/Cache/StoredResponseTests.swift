import Foundation
import GraphQLBridgeTesting
import ShopAPI
import Testing

@testable import GraphQLBridge

struct FixtureProblem: Error {}

/// A persistent cache keeps each query's response as written from its records and serves it in a new process
/// while none of those records changed; any write to one of them (here or in another process) makes it
/// unusable, and the result is rebuilt from the records.
@Suite("Stored responses of the persistent cache")
struct StoredResponseTests {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-responses-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A client answering `ProductQuery` with the fixture, and `SetFavorite` with the same product, favourite.
    private func client(_ cache: GraphQLCache) throws -> GraphQLHTTPClient {
        let product = try ShopFixture.data("product-p1.graphql.json")
        var text = String(decoding: product, as: UTF8.self)
        guard let productKey = text.range(of: "\"product\":"), let flag = text.range(of: "\"isFavorite\": false") else {
            throw FixtureProblem()
        }
        text.replaceSubrange(flag, with: "\"isFavorite\": true")
        text.replaceSubrange(productKey, with: "\"setFavorite\":")
        let favorite = Data(text.utf8)
        let transport = MockTransport { _, body in
            let isMutation = String(decoding: body, as: UTF8.self).contains("\"operationName\":\"SetFavorite\"")
            return (
                HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]),
                isMutation ? favorite : product
            )
        }
        let endpoint = try #require(URL(string: "http://127.0.0.1:1/graphql"))
        return GraphQLHTTPClient(endpoint: endpoint, transport: transport, cache: cache)
    }

    private func cache(_ directory: URL, maxAge: Duration = .seconds(60), storesResponses: Bool = true)
        -> GraphQLCache
    {
        GraphQLCache(
            storage: .persistent(directory: directory), maxAge: maxAge, namespace: "ann",
            storesResponses: storesResponses, now: TestClock.frozen)
    }

    @Test("A new cache on the same file serves the stored response, equal to the rebuilt one, without rebuilding")
    func servedInANewProcess() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try await client(cache(directory)).execute(ProductQuery(id: "p1")).data
        #expect(written?.product?.isFavorite == false)

        let reopened = cache(directory)
        let read = try await client(reopened).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(read.source == .cache && read.data == written)
        var statistics = await reopened.statistics
        #expect(statistics.storedResponseHits == 1 && statistics.recordHits == 0)

        // Without stored responses: rebuilt from the records, the same value.
        let rebuilt = cache(directory, storesResponses: false)
        #expect(try await client(rebuilt).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).data == written)
        statistics = await rebuilt.statistics
        #expect(statistics.storedResponseHits == 0 && statistics.recordHits == 1)
    }

    @Test("A write to one of its records (a mutation, in another cache on the file) makes it unusable")
    func staleAfterAWrite() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = cache(directory)
        _ = try await client(first).execute(ProductQuery(id: "p1"))
        // Another process (another cache on the same file) reads the stored response, then the first one writes.
        let second = cache(directory)
        #expect(
            try await client(second).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).data?.product?.isFavorite
                == false)
        #expect(await second.statistics.storedResponseHits == 1)
        _ = try await client(first).execute(SetFavoriteMutation(productId: "p1", favorite: true))

        let third = cache(directory)
        let read = try await client(third).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(read.data?.product?.isFavorite == true, "the records' new value, not the stored response's")
        let statistics = await third.statistics
        #expect(statistics.storedResponseHits == 0 && statistics.recordHits == 1)
        // The rebuilt response was stored again: the next process serves it.
        let fourth = cache(directory)
        #expect(
            try await client(fourth).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).data?.product?.isFavorite
                == true)
        #expect(await fourth.statistics.storedResponseHits == 1)
    }

    @Test("Another default lifetime, a removed record or an eviction: not served")
    func notServed() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await client(cache(directory)).execute(ProductQuery(id: "p1"))
        let otherLifetime = cache(directory, maxAge: .seconds(5))
        _ = try await client(otherLifetime).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(await otherLifetime.statistics.storedResponseHits == 0)

        let removing = cache(directory)
        try await removing.removeRecords(forKeys: ["Product:p1"])
        let afterRemoval = cache(directory)
        await #expect(throws: APIError.self) {
            try await client(afterRemoval).execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        }
        #expect(await afterRemoval.statistics.storedResponseHits == 0)
    }

    @Test(
        "The store: a write or removal of a record deletes the responses written from it; a response read before another process's write is not kept"
    )
    func storeLevel() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store.sqlite")
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let other = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        func record(_ key: String, _ value: String) -> CacheRecord {
            CacheRecord(key: key, fields: ["name": CacheFieldEntry(value: .scalar(.string(value)), receivedAt: time)])
        }
        try store.write([record("A:1", "a"), record("B:1", "b")])
        let body = Array(#"{"data":{}}"#.utf8)
        func save(_ query: String, _ keys: Set<String>, at version: Int64) throws {
            try store.saveResponse(
                forQuery: query, body: body, dependencies: keys, expiry: time, latestReceipt: time, revalidates: false,
                defaultMaxAge: 60, version: version)
        }
        try save("q1", ["A:1"], at: try store.writeVersion())
        try save("q2", ["A:1", "B:1"], at: try store.writeVersion())
        try save("q3", ["B:1"], at: try store.writeVersion())
        #expect(try other.storedResponse(forQuery: "q1", defaultMaxAge: 60)?.body == Data(body))
        #expect(try other.storedResponse(forQuery: "q1", defaultMaxAge: 30) == nil, "another default lifetime")
        // Another process writes A:1: q1 and q2 go, q3 stays.
        try other.write([record("A:1", "a2")])
        #expect(try store.storedResponse(forQuery: "q1", defaultMaxAge: 60) == nil)
        #expect(try store.storedResponse(forQuery: "q2", defaultMaxAge: 60) == nil)
        #expect(try store.storedResponse(forQuery: "q3", defaultMaxAge: 60)?.dependencies.keys == ["B:1"])
        // Removing B:1 deletes q3.
        try other.remove(keys: ["B:1"])
        #expect(try store.storedResponse(forQuery: "q3", defaultMaxAge: 60) == nil)
        // A response written from records read before another process's write is not kept.
        let seen = try store.writeVersion()
        try other.write([record("A:1", "a3")])
        try save("q4", ["A:1"], at: seen)
        #expect(try store.storedResponse(forQuery: "q4", defaultMaxAge: 60) == nil)
        try save("q4", ["A:1"], at: try store.writeVersion())
        #expect(try store.storedResponse(forQuery: "q4", defaultMaxAge: 60) != nil)
        // clear() empties both tables.
        try store.removeAll()
        #expect(try other.storedResponse(forQuery: "q4", defaultMaxAge: 60) == nil)
    }

    @Test(
        "A merge that saves its query's response replaces it (its dependency rows follow the new records), deletes the others made of its records, and counts bytes exactly"
    )
    func mergeReplacesItsOwnResponse() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store.sqlite")
        let store = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let other = try SQLiteCacheStore(fileURL: file, schemaVersion: "1")
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        func fields(_ value: String) -> CacheRecordWrite {
            [CacheFieldWrite(name: "name", entry: CacheFieldEntry(value: .scalar(.string(value)), receivedAt: time))]
        }
        func save(_ query: String, _ keys: Set<String>, _ text: String) -> ResponseSave {
            ResponseSave(
                query: query, body: Array(text.utf8), dependencies: keys, expiry: time, latestReceipt: time,
                revalidates: false, defaultMaxAge: 60)
        }
        /// The stored size is the one a trim measures again from the tables.
        func expectExactByteCount() throws {
            let kept = try store.byteCount()
            _ = try store.trim(toBytes: Int.max, sparing: [])
            #expect(try store.byteCount() == kept)
        }
        var merged = try store.merge(
            ["A:1": fields("a"), "B:1": fields("b")], startedAt: nil,
            response: save("q1", ["A:1", "B:1"], #"{"data":{"v":1}}"#))
        #expect(merged.savedResponse)
        try store.saveResponse(
            forQuery: "q2", body: Array(#"{"data":{}}"#.utf8), dependencies: ["B:1"], expiry: time,
            latestReceipt: time, revalidates: false, defaultMaxAge: 60, version: try store.writeVersion())
        try expectExactByteCount()
        // q1 answered again, now made of A:1 and C:1, B:1 changed: q1 replaced, q2 (made of B:1) deleted.
        merged = try store.merge(
            ["A:1": fields("a"), "B:1": fields("b2"), "C:1": fields("c")], startedAt: nil,
            response: save("q1", ["A:1", "C:1"], #"{"data":{"v":2}}"#))
        #expect(merged.savedResponse)
        #expect(try other.storedResponse(forQuery: "q1", defaultMaxAge: 60)?.body == Data(#"{"data":{"v":2}}"#.utf8))
        #expect(try other.storedResponse(forQuery: "q1", defaultMaxAge: 60)?.dependencies.keys == ["A:1", "C:1"])
        #expect(try other.storedResponse(forQuery: "q2", defaultMaxAge: 60) == nil)
        try expectExactByteCount()
        // B:1 is no longer one of q1's records: writing it leaves q1; writing C:1 deletes it.
        try other.write([CacheRecord(key: "B:1", fields: ["name": CacheFieldEntry(value: .null, receivedAt: time)])])
        #expect(try store.storedResponse(forQuery: "q1", defaultMaxAge: 60) != nil)
        try other.write([CacheRecord(key: "C:1", fields: ["name": CacheFieldEntry(value: .null, receivedAt: time)])])
        #expect(try store.storedResponse(forQuery: "q1", defaultMaxAge: 60) == nil)
        try expectExactByteCount()
        // An overtaken answer saves nothing (its query's older response went with the other write of A:1).
        _ = try store.merge(["A:1": fields("a3")], startedAt: nil, response: save("q3", ["A:1"], #"{"data":{}}"#))
        #expect(try store.storedResponse(forQuery: "q3", defaultMaxAge: 60) != nil)
        let start = UInt64(try store.version())
        _ = try other.merge(["A:1": fields("a4")], startedAt: nil, response: nil)
        merged = try store.merge(
            ["A:1": fields("a5"), "D:1": fields("d")], startedAt: start, response: save("q3", ["A:1", "D:1"], "{}"))
        #expect(merged.overtaken && !merged.savedResponse)
        #expect(try store.storedResponse(forQuery: "q3", defaultMaxAge: 60) == nil)
        try expectExactByteCount()
    }

    @Test("The stored record keys: round trip, and damaged bytes are refused")
    func keyEncoding() {
        let keys = ["Product:p1", "", "QUERY_ROOT.product({\"id\":\"p1\"})", "ключ\u{0}x"]
        let bytes = SQLiteCacheStore.encodeKeys(keys)
        #expect(SQLiteCacheStore.decodeKeys(bytes) == keys)
        for length in 0..<bytes.count where length > 0 {
            let prefix = Array(bytes.prefix(length))
            if let decoded = SQLiteCacheStore.decodeKeys(prefix) {
                #expect(SQLiteCacheStore.encodeKeys(decoded) == prefix, "only whole keys are read")
            }
        }
        #expect(SQLiteCacheStore.decodeKeys([0xFF, 0xFF, 0xFF, 0x7F, 0x41]) == nil)
    }
}
