import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryBackend
import Testing

/// A fragment's data read and written on its own in a cache transaction (issue 31: "read and write a query's or a
/// fragment's data through generated types"), against the embedded backend: the lottery's generated `DrawDetails`
/// carries its own cache metadata; a draw the archive query wrote is read as `DrawDetails` by its record key, and a
/// `DrawDetails` written (the app marks what it knows) reaches every query that reads the draw and their watchers,
/// with no request.
@Suite("Fragments read and written in a cache transaction")
struct FragmentEditTests {
    private static func drawKey(_ draw: DrawDetails) -> String {
        CacheRecord.objectKey(typeName: "Draw", keyValues: [draw.gameId, String(draw.number)])
    }

    private static func edited(_ draw: DrawDetails, ticketsSold: Long, videoUrl: String?) -> DrawDetails {
        DrawDetails(
            id: draw.id, gameId: draw.gameId, number: draw.number, date: draw.date, status: draw.status,
            winningNumbers: draw.winningNumbers, bonusNumbers: draw.bonusNumbers, prizePool: draw.prizePool,
            superPrize: draw.superPrize, ticketsSold: ticketsSold, prizeCategories: draw.prizeCategories,
            videoUrl: videoUrl)
    }

    @Test("a draw the archive wrote reads as DrawDetails by its key; a missing or partial object reads nil")
    func readsByKey() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let cache = GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, cache: cache)
        let listed = try #require(try await client.execute(DrawsQuery(gameId: "6x45", last: .some(3))).data?.draws)
        try #require(listed.count == 3)
        let read = try await cache.withinReadWriteTransaction { transaction in
            try listed.map { try transaction.read(DrawDetails.self, key: Self.drawKey($0)) }
        }
        #expect(read == listed.map(Optional.some))
        // No such draw; and a game whose record holds only what GameIDs selects (id and logo), not GameDetails.
        _ = try await client.execute(GameIDsQuery(activeOnly: .some(false)))
        let missing = try await cache.withinReadWriteTransaction { transaction in
            (
                try transaction.read(
                    DrawDetails.self, key: CacheRecord.objectKey(typeName: "Draw", keyValues: ["6x45", "1"])),
                try transaction.read(
                    GameDetails.self, key: CacheRecord.objectKey(typeName: "Game", keyValues: ["6x45"]))
            )
        }
        #expect(missing.0 == nil)
        #expect(missing.1 == nil, "a fragment whose fields are not all in the record is a miss, never partial")
    }

    @Test("a DrawDetails written reaches the archive query, the draw redirect and a watcher, with no request")
    func writeReachesQueriesAndWatchers() async throws {
        let server = try EmbeddedLotteryServer.start()
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        let query = DrawsQuery(gameId: "6x45", last: .some(3))
        let listed = try #require(try await client.execute(query).data?.draws)
        let target = try #require(listed.last)
        let watched = Collector<GraphQLResult<DrawsQuery.Data>>()
        let watch = Task {
            for try await result in client.watch(query, fetchPolicy: .cacheOnly) { await watched.append(result) }
        }
        defer { watch.cancel() }
        _ = try await watched.waitForCount(1)
        let requestsBefore = counter.total

        let changed = Self.edited(target, ticketsSold: 42, videoUrl: "https://video.example/seen.mp4")
        try await cache.withinReadWriteTransaction { transaction in
            try transaction.write(changed, key: Self.drawKey(target))
            // The transaction reads its own write.
            #expect(try transaction.read(DrawDetails.self, key: Self.drawKey(target)) == changed)
        }
        let second = try await watched.waitForCount(2)
        #expect(second.data?.draws.last == changed)
        #expect(second.data?.draws.dropLast() == listed.dropLast(), "the other draws unchanged")
        let archive = try await client.execute(query, fetchPolicy: .cacheOnly)
        #expect(archive.data?.draws.last == changed && !archive.isStale)
        let opened = try await client.execute(
            DrawQuery(gameId: target.gameId, number: target.number), fetchPolicy: .cacheOnly)
        #expect(opened.data?.draw == changed, "the draw(gameId:number:) redirect reads the written record")
        #expect(counter.total == requestsBefore, "no request")
        #expect(await watched.items.count == 2, "the watcher was signalled once")
    }

    /// A fragment written by hand: no cache metadata.
    struct HandWritten: GraphQLFragment, Encodable, Hashable {
        static let fragmentName = "HandWritten"
        static let typeCondition = "Draw"
        static let fragmentDefinition = "fragment HandWritten on Draw{id}"
        var id: String
    }

    @Test("a fragment without cache metadata is refused with a typed error, nothing written")
    func handWrittenRefused() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: ManualClock().function)
        let key = CacheRecord.objectKey(typeName: "Draw", keyValues: ["6x45", "1"])
        await #expect(throws: APIError.self) {
            try await cache.withinReadWriteTransaction { transaction in
                try transaction.write(HandWritten(id: "6x45-1"), key: key)
            }
        }
        await #expect(throws: APIError.self) {
            try await cache.withinReadWriteTransaction { transaction in
                _ = try transaction.read(HandWritten.self, key: key)
            }
        }
        #expect(await cache.recordCount == 0)
    }
}
