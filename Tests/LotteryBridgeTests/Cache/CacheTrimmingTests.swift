import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import LotteryAPI
import Testing

/// Least-recently-used trimming counts every read, including those that read no record: a result served from the
/// memo, or from a persistent store's stored response in a new process. Three games of the same size (the captured
/// `game-6x45` response with its id replaced); a byte limit of about two and a half games.
@Suite("Cache trimming counts every read")
struct CacheTrimmingTests {
    static let games = ["6x45", "7x49", "5x36"]

    /// A transport answering `GameQuery` for any of ``games`` with the fixture, its id replaced.
    private func transport() throws -> MockTransport {
        let fixture = String(decoding: try Fixture.data("game-6x45.graphql.json"), as: UTF8.self)
        let bodies = Self.games.map { Data(fixture.replacingOccurrences(of: "6x45", with: $0).utf8) }
        return MockTransport { _, request in
            let text = String(decoding: request, as: UTF8.self)
            let index = Self.games.firstIndex { text.contains("\"\($0)\"") } ?? 0
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

    /// Whether `cache` answers the game `id` without the server.
    private func cached(_ id: String, in cache: GraphQLCache) async throws -> Bool {
        do {
            _ = try await client(cache).execute(GameQuery(id: id), fetchPolicy: .cacheOnly)
            return true
        } catch let error as APIError {
            guard case .cacheMiss = error else { throw error }
            return false
        }
    }

    /// The bytes one game's records take in a store of this kind (no stored response).
    private func oneGame(_ storage: GraphQLCache.Storage) async throws -> Int {
        let cache = GraphQLCache(storage: storage, maxAge: .seconds(60), storesResponses: false)
        _ = try await client(cache).execute(GameQuery(id: Self.games[0]))
        return await cache.byteCount
    }

    @Test(
        "Memory: a game last read from the memo keeps its records; the one read before it goes",
        arguments: [
            true, false,
        ])
    func memoHits(readAgain: Bool) async throws {
        let limit = try await oneGame(.memory) * 5 / 2
        let cache = GraphQLCache(maxAge: .seconds(60), byteLimit: limit)
        let client = try client(cache)
        _ = try await client.execute(GameQuery(id: "7x49"))
        _ = try await client.execute(GameQuery(id: "6x45"))
        // Both read from their records (6x45 first): 7x49's records are now the most recently used.
        #expect(try await cached("6x45", in: cache))
        #expect(try await cached("7x49", in: cache))
        let memoized = await cache.statistics.memoizedHits
        if readAgain {
            // 6x45 read again: from the memo, no record read.
            #expect(try await cached("6x45", in: cache))
            #expect(await cache.statistics.memoizedHits == memoized + 1)
        }
        _ = try await client.execute(GameQuery(id: "5x36"))
        #expect(await cache.byteCount <= limit)
        #expect(try await cached("5x36", in: cache), "the game just received stays")
        if readAgain {
            #expect(try await cached("6x45", in: cache), "read last, so kept")
            #expect(try await !cached("7x49", in: cache), "the least recently used game goes")
        } else {
            #expect(try await !cached("6x45", in: cache), "without the read, 6x45 is the least recently used")
            #expect(try await cached("7x49", in: cache))
        }
    }

    @Test("SQLite: a game read from its stored response in a new process keeps its records; the other one goes")
    func storedResponseHits() async throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = GraphQLCache.Storage.persistent(directory: directory)
        let limit = try await oneGame(.persistent(directory: try folder())) * 5 / 2
        // The first process: 6x45, then 7x49 (no limit here: the stored responses stay).
        let first = GraphQLCache(storage: storage, maxAge: .seconds(60))
        _ = try await client(first).execute(GameQuery(id: "6x45"))
        _ = try await client(first).execute(GameQuery(id: "7x49"))

        // The next launch reads 6x45, served whole from its stored response, then receives 5x36.
        let next = GraphQLCache(storage: storage, maxAge: .seconds(60), byteLimit: limit)
        #expect(try await cached("6x45", in: next))
        #expect(await next.statistics.storedResponseHits == 1)
        #expect(await next.statistics.recordHits == 0)
        _ = try await client(next).execute(GameQuery(id: "5x36"))
        #expect(await next.byteCount <= limit)
        #expect(try await cached("6x45", in: next), "read in this process, so kept")
        #expect(try await !cached("7x49", in: next), "the least recently used game goes")
        #expect(try await cached("5x36", in: next))
    }
}
