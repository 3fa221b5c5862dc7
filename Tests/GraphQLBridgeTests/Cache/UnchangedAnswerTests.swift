import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import GraphQLMigration
import ShopAPI
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

    static func product() throws -> Data { try ShopFixture.data("product-p1.graphql.json") }
    static func image(url: String) throws -> Data {
        Data(
            String(decoding: try ShopFixture.data("image-logo-p1.graphql.json"), as: UTF8.self)
                .replacingOccurrences(of: "https://cdn.shop.example/logos/p1.png", with: url).utf8)
    }

    @Test(
        "the same answer again: received times move, values and the result stay, nothing is normalized",
        arguments: [10_000, 0])
    func sameAnswerAgain(memoLimit: Int) async throws {
        let clock = TestClock()
        let cache = GraphQLCache(maxAge: .seconds(60), memoizedResultLimit: memoLimit, now: clock.function)
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.product()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        let first = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        let before = try #require(await cache.record(forKey: "Product:p1"))
        clock.advance(by: .seconds(50))
        let second = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(second.data == first.data)
        // With the memo, the second answer only moves received times; without it, it is merged: the same records.
        #expect(await cache.statistics.unchangedAnswers == (memoLimit > 0 ? 1 : 0))
        let after = try #require(await cache.record(forKey: "Product:p1"))
        #expect(after.fields.keys.sorted() == before.fields.keys.sorted())
        for (name, entry) in after.fields {
            #expect(entry.value == before.fields[name]?.value, "\(name)")
            #expect(entry.maxAge == before.fields[name]?.maxAge, "\(name)")
            #expect(entry.receivedAt == clock.now, "\(name)")
        }
        // 80 s after the first answer, 30 s after the second: fresh (the price's 5 s aside, read stale).
        clock.advance(by: .seconds(30))
        let cached = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(cached.data == first.data)
        #expect(cached.source == .cache)
        #expect(
            try #require(await cache.record(forKey: "Image:logo-p1")).fields["url"]?.receivedAt
                == clock.now.addingTimeInterval(-30))
        #expect(transport.requests.count == 2)
    }

    @Test("the same data in another body (its extensions differ) is unchanged; a body read through the tree is merged")
    func sameDataOtherBody() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let transport = MockTransport()
        let text = String(decoding: try Self.product(), as: UTF8.self)
        let withExtensions = try #require(
            text.range(of: "{").map { text.replacingCharacters(in: $0, with: #"{"extensions":{"cost":1},"#) })
        transport.enqueue(body: try Self.product())
        transport.enqueue(body: withExtensions)
        // `"\u0064ata"` is `data`: the tape leaves such a body to the tree, which is merged (twice, the same).
        let escaped = text.replacingOccurrences(of: #""data""#, with: #""\u0064ata""#)
        transport.enqueue(body: escaped)
        transport.enqueue(body: escaped)
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        let first = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly).data == first.data)
        #expect(await cache.statistics.unchangedAnswers == 1)
        for _ in 0..<2 {
            #expect(try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly).data == first.data)
        }
        #expect(await cache.statistics.unchangedAnswers == 1)
        #expect(try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).data == first.data)
        #expect(transport.requests.count == 4)
    }

    @Test("a record changed by another query since: the same answer is merged and writes its values back")
    func changedSince() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let transport = MockTransport()
        transport.enqueue(body: try Self.product())
        transport.enqueue(body: try Self.image(url: "https://cdn.shop.example/logos/new.png"))
        transport.enqueue(body: try Self.product())
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        let image = try await client.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .serverOnly)
        #expect(image.data?.image?.url == "https://cdn.shop.example/logos/new.png")
        let product = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(product.data?.product?.logo?.url == "https://cdn.shop.example/logos/p1.png")
        // The shared record holds the latest answer's value, for both queries.
        let cachedImage = try await client.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .cacheOnly)
        #expect(cachedImage.data?.image?.url == "https://cdn.shop.example/logos/p1.png")
        let cachedProduct = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(cachedProduct.data?.product?.logo?.url == "https://cdn.shop.example/logos/p1.png")
    }

    @Test("another query's lifetime on a shared field does not outlive the unchanged answer's")
    func lifetimesAreTheAnswers() async throws {
        let clock = TestClock()
        let cache = GraphQLCache(maxAge: .zero, now: clock.function)
        let transport = MockTransport()
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.product())
        // The same image, equal values, a day's lifetime: no value changes, the product's result stays memoized.
        var dayHeader = Self.maxAgeHeader
        dayHeader["Cache-Control"] = "max-age=86400"
        transport.enqueue(headers: dayHeader, body: try Self.image(url: "https://cdn.shop.example/logos/p1.png"))
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.product())
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        _ = try await client.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .serverOnly)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        // The image's lifetime becomes shorter again: merged, as a change (the image's own memoized result, fresh for a
        // day, is forgotten), not only refreshed.
        #expect(await cache.statistics.unchangedAnswers == 0)
        // The image's fields have the product answer's 60 s again.
        let url = try #require(await cache.record(forKey: "Image:logo-p1")?.fields["url"])
        #expect(url.maxAge == .seconds(60))
        clock.advance(by: .seconds(61))
        #expect(try await client.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .cacheOnly).isStale)
    }

    @Test("another Cache-Control, an answer after a clear or a trim: merged, not refreshed")
    func otherCases() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), byteLimit: 1 << 20, now: TestClock.frozen)
        let transport = MockTransport()
        transport.enqueue(body: try Self.product())
        transport.enqueue(headers: Self.maxAgeHeader, body: try Self.product())
        for _ in 0..<3 { transport.enqueue(body: try Self.product()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        // Another lifetime from the server: merged (its fields' lifetimes change).
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(try #require(await cache.record(forKey: "Product:p1")?.fields["name"]).maxAge == .seconds(60))
        // Without the header again: merged again; then the same answer: refreshed.
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(try #require(await cache.record(forKey: "Product:p1")?.fields["name"]).maxAge == nil)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 1)
        // After a clear (a sign-out), the answer is written whole: every record is back.
        try await cache.clear()
        #expect(await cache.recordCount == 0)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 1)
        #expect(try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).source == .cache)
        #expect(transport.requests.count == 5)
    }

    @Test("a record removed since (trimmed, removed): the answer is merged and the record is back")
    func removedRecord() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.product()) }
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        try await cache.removeRecords(forKeys: ["Image:logo-p1"])
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        #expect(await cache.statistics.unchangedAnswers == 0)
        #expect(await cache.record(forKey: "Image:logo-p1") != nil)
        #expect(try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).source == .cache)
    }

    /// One step of ``againstMerging(seed:)``: an answer to one of two queries sharing a record, or time passing.
    private enum Step {
        /// The product's answer with the edits of ``productEdits`` at these indices.
        case product(edits: [Int], maxAge: Int?)
        case image(url: Int, maxAge: Int?)
        case wait(seconds: Int)
    }

    /// Edits of the product's answer: leaves whose value changes (patched:
    /// ``GraphQLCache/Statistics/patchedAnswers``), and changes of keys, lists and whitespace (normalized and merged,
    /// or refreshed).
    private static let productEdits: [(String, String)] = [
        ("Espresso machine", "Renamed"),
        (#""isFavorite": false"#, #""isFavorite": true"#),
        (#""stock": 402"#, #""stock": 403"#),
        (#""discount": null"#, #""discount": 7"#),
        (#""price": 41230"#, #""price": 41231"#),
        (#""status": "OPEN""#, #""status": "CLOSED""#),
        (#""startsAt": "2027-01-01T08:00:00Z""#, #""startsAt": "2027-01-02T08:00:00Z""#),
        // A key: another record (not patched).
        (#""id": "p1-9007199254740994""#, #""id": "p1-9007199254740995""#),
        // A list of leaves: another list (not patched).
        (#"["sale", "last units""#, #"["sale", "first units""#),
        // Whitespace: nothing changed.
        (#""tags": [],"#, #""tags":[],"#),
    ]

    @Test(
        "random answers, repeated or not, leave the records a merge of each leaves, and no result fresher than them",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func againstMerging(seed: UInt64) async throws {
        // Two caches on one clock take the same answers: with the memo (unchanged answers are only refreshed) and
        // without it (every answer normalized and merged). Their records must be equal after every step, and a result
        // the first serves as fresh must be fresh from the second's records (stale early is allowed, never late).
        let clock = TestClock()
        let refreshing = GraphQLCache(maxAge: .seconds(30), now: clock.function)
        let merging = GraphQLCache(maxAge: .seconds(30), memoizedResultLimit: 0, now: clock.function)
        let transports = (MockTransport(), MockTransport())
        let clients = (
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.0, cache: refreshing),
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.1, cache: merging)
        )
        let product = String(decoding: try Self.product(), as: UTF8.self)
        var random = SplitMix64(seed: seed)
        let keys = [
            "Product:p1", "Image:logo-p1", "Offer:p1-9007199254740993", "Offer:p1-9007199254740994",
            "Offer:p1-9007199254740995",
            #"QUERY_ROOT.product({"id":"p1"})"#, #"QUERY_ROOT.image({"id":"logo-p1"})"#,
        ]
        for index in 0..<300 {
            // Mostly the same few answers again, so that unchanged ones are frequent.
            let step: Step
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<8:
                // Mostly no edit or one, so that unchanged and patched answers are frequent.
                var edits: [Int] = []
                for _ in 0..<([0, 0, 1, 1, 1, 2, 3].randomElement(using: &random) ?? 0) {
                    edits.append(Int.random(in: 0..<Self.productEdits.count, using: &random))
                }
                step = .product(edits: edits, maxAge: [nil, 60, 60, 5].randomElement(using: &random) ?? nil)
            case 8..<13:
                step = .image(
                    url: Int.random(in: 0..<4, using: &random) == 0 ? 1 : 0,
                    maxAge: [nil, 600, 600, 86_400].randomElement(using: &random) ?? nil)
            default:
                step = .wait(seconds: Int.random(in: 1..<90, using: &random))
            }
            var headers: HTTPHeaders = ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]
            switch step {
            case .product(let edits, let maxAge):
                if let maxAge { headers["Cache-Control"] = "max-age=\(maxAge)" }
                var body = product
                for edit in edits {
                    body = body.replacingOccurrences(of: Self.productEdits[edit].0, with: Self.productEdits[edit].1)
                }
                transports.0.enqueue(headers: headers, body: body)
                transports.1.enqueue(headers: headers, body: body)
                let answers = (
                    try await clients.0.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly),
                    try await clients.1.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
                )
                #expect(answers.0.data == answers.1.data)
            case .image(let url, let maxAge):
                if let maxAge { headers["Cache-Control"] = "max-age=\(maxAge)" }
                let body = try Self.image(
                    url: url == 0 ? "https://cdn.shop.example/logos/p1.png" : "https://cdn.shop.example/b.png")
                transports.0.enqueue(headers: headers, body: body)
                transports.1.enqueue(headers: headers, body: body)
                _ = try await clients.0.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .serverOnly)
                _ = try await clients.1.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .serverOnly)
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
            await expectSameReads(ProductQuery(id: "p1"))
            await expectSameReads(ImageQuery(id: "logo-p1"))
        }
        // The walk met unchanged answers (else it tested nothing of them), and changed ones.
        #expect(await refreshing.statistics.unchangedAnswers > 3)
        #expect(await merging.statistics.unchangedAnswers == 0)
        // And answers that changed leaves only, patched (the others, normalized and merged, left the same records).
        #expect(await refreshing.statistics.patchedAnswers > 3)
        #expect(await merging.statistics.patchedAnswers == 0)
        // And answers normalized whole after the query's earlier answer, some of whose objects were taken as that answer
        // wrote them (its offers, its image: the records stay the same).
        #expect(await refreshing.statistics.reusedObjects > 3)
        #expect(await merging.statistics.reusedObjects == 0)
    }

    @Test(
        "after an answer refreshed or patched, the next is decoded without a tape and compared in place; one that changed more is taped and normalized, and the next records its tape again"
    )
    func comparedInPlace() async throws {
        let clock = TestClock()
        let cache = GraphQLCache(maxAge: .seconds(60), now: clock.function)
        let merging = GraphQLCache(maxAge: .seconds(60), memoizedResultLimit: 0, now: clock.function)
        let transports = (MockTransport(), MockTransport())
        let clients = (
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.0, cache: cache),
            GraphQLHTTPClient(endpoint: Self.endpoint, transport: transports.1, cache: merging)
        )
        let product = String(decoding: try Self.product(), as: UTF8.self)
        // The answers in turn, and how many tapes the decoder has recorded after each, with the unchanged and
        // patched answers so far.
        let steps: [(body: String, tapes: Int, unchanged: Int, patched: Int)] = [
            (product, 1, 0, 0),  // normalized (its tape recorded)
            (product, 2, 1, 0),  // unchanged (the last was normalized: a tape recorded)
            (product, 2, 2, 0),  // unchanged, compared in place
            // Patched in place, a value longer; then another leaf changed, and the name back.
            (product.replacingOccurrences(of: "Espresso machine", with: "Renamed, longer"), 2, 2, 1),
            (product.replacingOccurrences(of: #""stock": 402"#, with: #""stock": 9"#), 2, 2, 2),
            // A key changed: no patch in place; taped (not recorded) and normalized.
            (product.replacingOccurrences(of: #""id": "p1-9007199254740994""#, with: #""id": "p1-1""#), 2, 2, 2),
            (product, 3, 2, 2),  // the last was normalized: a tape recorded (normalized: the key is back)
            (product, 4, 3, 2),  // unchanged (recorded, as the last was normalized)
            (product.replacingOccurrences(of: "Espresso machine", with: "E"), 4, 3, 3),  // patched in place
        ]
        for (index, step) in steps.enumerated() {
            transports.0.enqueue(body: step.body)
            transports.1.enqueue(body: step.body)
            clock.advance(by: .seconds(5))
            let answers = (
                try await clients.0.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly),
                try await clients.1.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
            )
            #expect(answers.0.data == answers.1.data, "step \(index)")
            let statistics = await cache.statistics
            #expect(statistics.recordedTapes == step.tapes, "step \(index): tapes")
            #expect(statistics.unchangedAnswers == step.unchanged, "step \(index): unchanged")
            #expect(statistics.patchedAnswers == step.patched, "step \(index): patched")
            // The records are what merging every answer wrote, received times and lifetimes included.
            for key in [
                "Product:p1", "Image:logo-p1", "Offer:p1-9007199254740993", "Offer:p1-9007199254740994",
                "Offer:p1-9007199254740995", "Offer:p1-1", #"QUERY_ROOT.product({"id":"p1"})"#,
            ] {
                #expect(await cache.record(forKey: key) == (await merging.record(forKey: key)), "step \(index): \(key)")
            }
            let reads = (
                try await clients.0.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly),
                try await clients.1.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            )
            #expect(reads.0.data == answers.0.data, "step \(index): the memo")
            #expect(reads.1.data == answers.0.data, "step \(index): the records")
        }
    }

    @Test("a watcher fed an unchanged answer still depends on its records: a later change reaches it")
    func watcherKeepsDependencies() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock.frozen)
        let transport = MockTransport()
        for _ in 0..<2 { transport.enqueue(body: try Self.product()) }
        transport.enqueue(body: try Self.image(url: "https://cdn.shop.example/logos/changed.png"))
        let client = GraphQLHTTPClient(endpoint: Self.endpoint, transport: transport, cache: cache)
        _ = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
        var updates = client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.data?.product?.logo?.url == "https://cdn.shop.example/logos/p1.png")
        #expect(await cache.statistics.unchangedAnswers == 1)
        _ = try await client.execute(ImageQuery(id: "logo-p1"), fetchPolicy: .serverOnly)
        let changed = try await updates.next()
        #expect(changed?.data?.product?.logo?.url == "https://cdn.shop.example/logos/changed.png")
    }
}
