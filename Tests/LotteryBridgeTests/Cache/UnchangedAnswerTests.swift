import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLMigration
import LotteryAPI
import Testing

/// An answer whose `data` is the text the query's memoized result came from, while none of its records changed value
/// since: the cache only sets its fields' received times and lifetimes (no normalizing, no merge). Every other answer
/// is merged, so that no value, lifetime or receipt differs from what merging it would have written.
@Suite("Unchanged answers")
struct UnchangedAnswerTests {
    static let endpoint = URL(string: "http://127.0.0.1:1/graphql") ?? URL(fileURLWithPath: "/")
    static let maxAgeHeader: HTTPHeaders = [
        "Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "max-age=60",
    ]

    static func game() throws -> Data { try Fixture.data("game-6x45.graphql.json") }
    static func image(url: String) throws -> Data {
        Data(
            String(decoding: try Fixture.data("image-logo-6x45.graphql.json"), as: UTF8.self)
                .replacingOccurrences(of: "https://cdn.lottery.example/logos/6x45.png", with: url).utf8)
    }

    @Test(
        "the same answer again: received times move, values and the result stay, nothing is normalized",
        arguments: [10_000, 0])
    func sameAnswerAgain(memoLimit: Int) async throws {
        let clock = ManualClock()
        let cache = GraphQLCache(maxAge: .seconds(60), memoizedResultLimit: memoLimit, now: clock.function)
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.game()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        let first = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        let before = try #require(await cache.record(forKey: "Game:6x45"))
        clock.advance(by: .seconds(50))
        let second = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(second.data == first.data)
        // With the memo, the second answer only moves received times; without it, it is merged: the same records.
        #expect(await cache.statistics.unchangedAnswers == (memoLimit > 0 ? 1 : 0))
        let after = try #require(await cache.record(forKey: "Game:6x45"))
        #expect(after.fields.keys.sorted() == before.fields.keys.sorted())
        for (name, entry) in after.fields {
            #expect(entry.value == before.fields[name]?.value, "\(name)")
            #expect(entry.maxAge == before.fields[name]?.maxAge, "\(name)")
            #expect(entry.receivedAt == clock.now, "\(name)")
        }
        // 80 s after the first answer, 30 s after the second: fresh (the prize pool's 5 s aside, read stale).
        clock.advance(by: .seconds(30))
        let cached = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly)
        #expect(cached.data == first.data)
        #expect(cached.source == .cache)
        #expect(
            try #require(await cache.record(forKey: "Image:logo-6x45")).fields["url"]?.receivedAt
                == clock.now.addingTimeInterval(-30))
        #expect(transport.requests.count == 2)
    }

    @Test("the same data in another body (its extensions differ) is unchanged; a body read through the tree is merged")
    func sameDataOtherBody() async throws {
        let cache = GraphQLCache(maxAge: .seconds(60))
        let transport = MockTransport()
        let text = String(decoding: try Self.game(), as: UTF8.self)
        let withExtensions = try #require(
            text.range(of: "{").map { text.replacingCharacters(in: $0, with: #"{"extensions":{"cost":1},"#) })
        transport.enqueue(body: try Self.game())
        transport.enqueue(body: withExtensions)
        // `"\u0064ata"` is `data`: the tape leaves such a body to the tree, which is merged (twice, the same).
        let escaped = text.replacingOccurrences(of: #""data""#, with: #""\u0064ata""#)
        transport.enqueue(body: escaped)
        transport.enqueue(body: escaped)
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        let first = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly).data == first.data)
        #expect(await cache.statistics.unchangedAnswers == 1)
        for _ in 0..<2 {
            #expect(try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly).data == first.data)
        }
        #expect(await cache.statistics.unchangedAnswers == 1)
        #expect(try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly).data == first.data)
        #expect(transport.requests.count == 4)
    }

    @Test("a record changed by another query since: the same answer is merged and writes its values back")
    func changedSince() async throws {
        let cache = GraphQLCache(maxAge: .seconds(60))
        let transport = MockTransport()
        transport.enqueue(body: try Self.game())
        transport.enqueue(body: try Self.image(url: "https://cdn.lottery.example/logos/new.png"))
        transport.enqueue(body: try Self.game())
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        let image = try await client.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .serverOnly)
        #expect(image.data?.image?.url == "https://cdn.lottery.example/logos/new.png")
        let game = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(game.data?.game?.logo?.url == "https://cdn.lottery.example/logos/6x45.png")
        // The shared record holds the latest answer's value, for both queries.
        let cachedImage = try await client.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .cacheOnly)
        #expect(cachedImage.data?.image?.url == "https://cdn.lottery.example/logos/6x45.png")
        let cachedGame = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly)
        #expect(cachedGame.data?.game?.logo?.url == "https://cdn.lottery.example/logos/6x45.png")
    }

    @Test("another query's lifetime on a shared field does not outlive the unchanged answer's")
    func lifetimesAreTheAnswers() async throws {
        let clock = ManualClock()
        let cache = GraphQLCache(maxAge: .zero, now: clock.function)
        let transport = MockTransport()
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.game())
        // The same image, equal values, a day's lifetime: no value changes, the game's result stays memoized.
        var dayHeader = Self.maxAgeHeader
        dayHeader["Cache-Control"] = "max-age=86400"
        transport.enqueue(headers: dayHeader, body: try Self.image(url: "https://cdn.lottery.example/logos/6x45.png"))
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.game())
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        _ = try await client.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .serverOnly)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        // The image's lifetime becomes shorter again: merged, as a change (the image's own memoized result, fresh for a
        // day, is forgotten), not only refreshed.
        #expect(await cache.statistics.unchangedAnswers == 0)
        // The image's fields have the game answer's 60 s again.
        let url = try #require(await cache.record(forKey: "Image:logo-6x45")?.fields["url"])
        #expect(url.maxAge == .seconds(60))
        clock.advance(by: .seconds(61))
        #expect(try await client.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .cacheOnly).isStale)
    }

    @Test("another Cache-Control, an answer after a clear or a trim: merged, not refreshed")
    func otherCases() async throws {
        let cache = GraphQLCache(maxAge: .seconds(60), byteLimit: 1 << 20)
        let transport = MockTransport()
        transport.enqueue(body: try Self.game())
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.game())
        for _ in 0..<3 { transport.enqueue(body: try Self.game()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        // Another lifetime from the server: merged (its fields' lifetimes change).
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(try #require(await cache.record(forKey: "Game:6x45")?.fields["name"]).maxAge == .seconds(60))
        // Without the header again: merged again; then the same answer: refreshed.
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(try #require(await cache.record(forKey: "Game:6x45")?.fields["name"]).maxAge == nil)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 1)
        // After a clear (a sign-out), the answer is written whole: every record is back.
        try await cache.clear()
        #expect(await cache.recordCount == 0)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 1)
        #expect(try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly).source == .cache)
        #expect(transport.requests.count == 5)
    }

    @Test("a record removed since (trimmed, removed): the answer is merged and the record is back")
    func removedRecord() async throws {
        let cache = GraphQLCache(maxAge: .seconds(60))
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.game()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        try await cache.removeRecords(forKeys: ["Image:logo-6x45"])
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(await cache.record(forKey: "Image:logo-6x45") != nil)
        #expect(try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .cacheOnly).source == .cache)
    }

    /// One step of ``againstMerging(seed:)``: an answer to one of two queries sharing a record, or time passing.
    private enum Step {
        case game(renamed: Bool, maxAge: Int?)
        case image(url: Int, maxAge: Int?)
        case wait(seconds: Int)
    }

    @Test(
        "random answers, repeated or not, leave the records a merge of each leaves, and no result fresher than them",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func againstMerging(seed: UInt64) async throws {
        // Two caches on one clock take the same answers: with the memo (unchanged answers are only refreshed) and
        // without it (every answer normalized and merged). Their records must be equal after every step, and a result
        // the first serves as fresh must be fresh from the second's records (stale early is allowed, never late).
        let clock = ManualClock()
        let refreshing = GraphQLCache(maxAge: .seconds(30), now: clock.function)
        let merging = GraphQLCache(maxAge: .seconds(30), memoizedResultLimit: 0, now: clock.function)
        let transports = (MockTransport(), MockTransport())
        let clients = (
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.0, cache: refreshing),
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.1, cache: merging)
        )
        let game = String(decoding: try Self.game(), as: UTF8.self)
        var random = SplitMix64(seed: seed)
        let keys = [
            "Game:6x45", "Image:logo-6x45", "Draw:6x45,9007199254740993", "Draw:6x45,9007199254740994",
            #"QUERY_ROOT.game({"id":"6x45"})"#, #"QUERY_ROOT.image({"id":"logo-6x45"})"#,
        ]
        for index in 0..<300 {
            // Mostly the same few answers again, so that unchanged ones are frequent.
            let step: Step
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<8:
                step = .game(
                    renamed: Int.random(in: 0..<6, using: &random) == 0,
                    maxAge: [nil, 60, 60, 5].randomElement(using: &random) ?? nil)
            case 8..<13:
                step = .image(
                    url: Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0,
                    maxAge: [nil, 600, 600, 86_400].randomElement(using: &random) ?? nil)
            default:
                step = .wait(seconds: Int.random(in: 1..<90, using: &random))
            }
            var headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]
            switch step {
            case .game(let renamed, let maxAge):
                if let maxAge { headers["Cache-Control"] = "max-age=\(maxAge)" }
                let body = renamed ? game.replacingOccurrences(of: "Gosloto 6 of 45", with: "Renamed") : game
                transports.0.enqueue(headers: headers, body: body)
                transports.1.enqueue(headers: headers, body: body)
                let answers = (
                    try await clients.0.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly),
                    try await clients.1.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
                )
                #expect(answers.0.data == answers.1.data)
            case .image(let url, let maxAge):
                if let maxAge { headers["Cache-Control"] = "max-age=\(maxAge)" }
                let body = try Self.image(
                    url: url == 0 ? "https://cdn.lottery.example/logos/6x45.png" : "https://cdn.lottery.example/b.png")
                transports.0.enqueue(headers: headers, body: body)
                transports.1.enqueue(headers: headers, body: body)
                _ = try await clients.0.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .serverOnly)
                _ = try await clients.1.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .serverOnly)
            case .wait(let seconds):
                clock.advance(by: .seconds(seconds))
            }
            for key in keys {
                let records = (await refreshing.record(forKey: key), await merging.record(forKey: key))
                #expect(records.0 == records.1, "seed \(seed), step \(index) (\(step)): \(key)")
            }
            /// Both caches read `query` alike, and never fresh from the memo while stale from the records.
            func expectSameReads<Query: GraphQLOperation>(_ query: Query) async where Query.Data: Equatable {
                let reads = (
                    try? await clients.0.execute(query, fetchPolicy: .cacheOnly),
                    try? await clients.1.execute(query, fetchPolicy: .cacheOnly)
                )
                #expect(reads.0?.data == reads.1?.data, "seed \(seed), step \(index)")
                if let first = reads.0, let second = reads.1, !first.isStale {
                    #expect(
                        !second.isStale,
                        "seed \(seed), step \(index) (\(step)): fresh from the memo, stale in the records")
                }
            }
            await expectSameReads(GameQuery(id: "6x45"))
            await expectSameReads(ImageQuery(id: "logo-6x45"))
        }
        // The walk met unchanged answers (else it tested nothing of them), and changed ones.
        #expect(await refreshing.statistics.unchangedAnswers > 3)
        #expect(await merging.statistics.unchangedAnswers == 0)
    }

    @Test("a watcher fed an unchanged answer still depends on its records: a later change reaches it")
    func watcherKeepsDependencies() async throws {
        let cache = GraphQLCache(maxAge: .seconds(60))
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.game()) }
        transport.enqueue(body: try Self.image(url: "https://cdn.lottery.example/logos/changed.png"))
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(GameQuery(id: "6x45"), fetchPolicy: .serverOnly)
        var updates = client.watch(GameQuery(id: "6x45"), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.data?.game?.logo?.url == "https://cdn.lottery.example/logos/6x45.png")
        #expect(await cache.statistics.unchangedAnswers == 1)
        _ = try await client.execute(ImageQuery(id: "logo-6x45"), fetchPolicy: .serverOnly)
        let changed = try await updates.next()
        #expect(changed?.data?.game?.logo?.url == "https://cdn.lottery.example/logos/changed.png")
    }
}
