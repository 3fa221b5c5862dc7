import CacheScenarioAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

/// What the server applied is never forgotten (issue 28, rows 4–6), and an error belongs to the object it was
/// reported on (row 7): through the public API, a `MockTransport` and an injected clock.
@Suite("Server-applied writes and errors tied to objects")
struct ServerAppliedWriteTests {
    /// A client over a mock server with a cache (fields fresh for a minute; in memory, or a SQLite file that also
    /// keeps each query's response) on a clock of its own.
    struct Setup {
        let transport = MockTransport()
        let clock = TestClock()
        let cache: GraphQLCache
        let client: GraphQLHTTPClient
        /// The persistent cache's folder (`defer { setup.remove() }`).
        let folder: TemporaryFolder?

        init(persistent: Bool = false, subscriptions: GraphQLSubscriptionTransport = .serverSentEvents) throws {
            folder = persistent ? try TemporaryFolder() : nil
            let storage: GraphQLCache.Storage = folder.map { .persistent(directory: $0.url) } ?? .memory
            cache = GraphQLCache(storage: storage, maxAge: .seconds(60), now: clock.function)
            client = GraphQLHTTPClient(
                endpoint: testEndpoint, transport: transport, cache: cache, subscriptions: subscriptions)
        }

        /// ``preferCacheName(serverName:)`` through another cache on the same file (the app's next launch): what the
        /// file holds, its stored responses included.
        func reopenedPreferCacheName(serverName: String) async throws -> (String?, GraphQLResultSource, Bool)? {
            guard let folder else { return nil }
            let reopened = GraphQLCache(
                storage: .persistent(directory: folder.url), maxAge: .seconds(60), now: clock.function)
            let client = GraphQLHTTPClient(endpoint: testEndpoint, transport: transport, cache: reopened)
            transport.enqueue(json: #"{"data":{"user":{"id":"1","name":"\#(serverName)"}}}"#)
            let result = try await client.execute(UserNameQuery(id: "1"))
            transport.reset()
            return (result.data?.user?.name, result.source, result.isStale)
        }

        /// Removes the persistent cache's folder.
        func remove() {
            folder?.remove()
        }

        /// Caches user 1 as "Ann" (fresh) from the server.
        func cacheAnn() async throws {
            transport.enqueue(json: #"{"data":{"user":{"id":"1","name":"Ann"}}}"#)
            let first = try await client.execute(UserNameQuery(id: "1"))
            #expect(first.data?.user?.name == "Ann")
            let again = try await client.execute(UserNameQuery(id: "1"))
            #expect(again.source == .cache && !again.isStale, "fresh in the cache before the mutation")
        }

        /// `UserName(id: 1)` with `.preferCache`: the name, where it came from and whether it is stale; a request
        /// (answered with `serverName`) is made only when the cache cannot answer with a fresh value.
        func preferCacheName(serverName: String) async throws -> (String?, GraphQLResultSource, Bool) {
            transport.enqueue(json: #"{"data":{"user":{"id":"1","name":"\#(serverName)"}}}"#)
            let result = try await client.execute(UserNameQuery(id: "1"))
            transport.reset()
            return (result.data?.user?.name, result.source, result.isStale)
        }
    }

    static let bioError = #"{"message":"bio unavailable","path":["renameUser","bio"]}"#

    // MARK: - Row 4: a mutation answered with data and a field error

    @Test("Row 4: data with a field error is written before the default error policy throws", arguments: [false, true])
    func erroredMutationIsWritten(persistent: Bool) async throws {
        let setup = try Setup(persistent: persistent)
        defer { setup.remove() }
        try await setup.cacheAnn()
        setup.transport.enqueue(
            json: #"{"data":{"renameUser":{"id":"1","name":"Bob","bio":null}},"errors":[\#(Self.bioError)]}"#)
        await #expect(throws: APIError.self) {
            try await setup.client.execute(RenameUserWithBioMutation(id: "1", name: "Bob"))
        }
        let (name, source, isStale) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Bob" && source == .cache && !isStale, "what the server applied is in the cache")
    }

    @Test("Row 4: an error without a path cannot be placed: the fields the answer changes become stale")
    func erroredMutationWithoutPathMarksStale() async throws {
        let setup = try Setup()
        try await setup.cacheAnn()
        setup.transport.enqueue(
            json: #"{"data":{"renameUser":{"id":"1","name":"Bob","bio":null}},"errors":[{"message":"partly"}]}"#)
        await #expect(throws: APIError.self) {
            try await setup.client.execute(RenameUserWithBioMutation(id: "1", name: "Bob"))
        }
        let offline = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        #expect(offline.data?.user?.name == "Ann" && offline.isStale, "kept for offline reads, but stale")
        let (name, source, _) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Bob" && source == .server)
    }

    @Test("Row 4: a body that does not decode, or data with a refusing status, still makes what it names stale")
    func undecodableAnswersMarkStale() async throws {
        // A name that is not a string: the body does not decode into the operation's type.
        let setup = try Setup()
        try await setup.cacheAnn()
        setup.transport.enqueue(json: #"{"data":{"renameUser":{"id":"1","name":7,"bio":null}}}"#)
        await #expect(throws: APIError.self) {
            try await setup.client.execute(RenameUserWithBioMutation(id: "1", name: "Bob"))
        }
        #expect(try await setup.preferCacheName(serverName: "Bob").1 == .server)

        // A 500 whose JSON body (not the GraphQL media type) carries data.
        let other = try Setup()
        try await other.cacheAnn()
        other.transport.enqueue(
            json: #"{"data":{"renameUser":{"id":"1","name":"Bob","bio":null}}}"#, status: 500,
            contentType: "application/json")
        await #expect(throws: APIError.self) {
            try await other.client.execute(RenameUserWithBioMutation(id: "1", name: "Bob"))
        }
        #expect(try await other.preferCacheName(serverName: "Bob").1 == .server)
    }

    @Test("A refused mutation (errors, no data) changes nothing: the old name stays fresh")
    func refusedMutationChangesNothing() async throws {
        let setup = try Setup()
        try await setup.cacheAnn()
        setup.transport.enqueue(json: #"{"data":null,"errors":[{"message":"no such user","path":["renameUser"]}]}"#)
        await #expect(throws: APIError.self) {
            try await setup.client.execute(
                RenameUserWithBioMutation(id: "1", name: "Bob"),
                optimisticData: .init(renameUser: .init(id: "1", name: "Bob", bio: nil)))
        }
        #expect(await setup.cache.optimisticLayerCount == 0)
        let (name, source, isStale) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Ann" && source == .cache && !isStale, "rolled back")
    }

    // MARK: - Row 5: the same with optimistic data

    @Test("Row 5: an optimistic mutation answered with data and an error is replaced, not rolled back")
    func erroredOptimisticMutationIsReplaced() async throws {
        let setup = try Setup()
        try await setup.cacheAnn()
        setup.transport.enqueue(
            json: #"{"data":{"renameUser":{"id":"1","name":"Bobby","bio":null}},"errors":[\#(Self.bioError)]}"#)
        await #expect(throws: APIError.self) {
            try await setup.client.execute(
                RenameUserWithBioMutation(id: "1", name: "Bob"),
                optimisticData: .init(renameUser: .init(id: "1", name: "Bob", bio: nil)))
        }
        #expect(await setup.cache.optimisticLayerCount == 0)
        let (name, source, isStale) = try await setup.preferCacheName(serverName: "Bobby")
        #expect(name == "Bobby" && source == .cache && !isStale, "the server's answer replaced the layer")
    }

    @Test("An optimistic mutation cancelled after it was sent: rolled back, and what it would have changed is stale")
    func cancelledOptimisticMutation() async throws {
        let setup = try Setup()
        try await setup.cacheAnn()
        let (sent, sentContinuation) = AsyncStream<Void>.makeStream()
        setup.transport.enqueue(handler: { _, _ in
            sentContinuation.yield()
            // Answers only when cancelled (the sleep ends with a CancellationError).
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        })
        let client = setup.client
        let mutation = Task {
            try await client.execute(
                RenameUserWithBioMutation(id: "1", name: "Bob"),
                optimisticData: .init(renameUser: .init(id: "1", name: "Bob", bio: nil)))
        }
        var sentSignals = sent.makeAsyncIterator()
        _ = await sentSignals.next()
        mutation.cancel()
        await #expect(throws: APIError.self) { try await mutation.value }
        #expect(await setup.cache.optimisticLayerCount == 0)
        let offline = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        #expect(offline.data?.user?.name == "Ann" && offline.isStale, "rolled back, and stale")
        let (name, source, _) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Bob" && source == .server)
    }

    // MARK: - Row 6: no-store

    @Test("Row 6: an optimistic mutation answered no-store: the layer ends and what it replaced is stale")
    func noStoreOptimisticMutation() async throws {
        let setup = try Setup()
        try await setup.cacheAnn()
        setup.transport.enqueue(
            status: 200,
            headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "no-store"],
            body: #"{"data":{"renameUser":{"id":"1","name":"Bob","bio":null}}}"#)
        let result = try await setup.client.execute(
            RenameUserWithBioMutation(id: "1", name: "Bob"),
            optimisticData: .init(renameUser: .init(id: "1", name: "Bob", bio: nil)))
        #expect(result.data?.renameUser.name == "Bob")
        #expect(await setup.cache.optimisticLayerCount == 0)
        let offline = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
        #expect(offline.data?.user?.name == "Ann" && offline.isStale, "not stored, and the old value is stale")
        let (name, source, _) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Bob" && source == .server)
    }

    @Test("Row 6: a plain mutation answered no-store: what it replaced is stale", arguments: [false, true])
    func noStorePlainMutation(persistent: Bool) async throws {
        let setup = try Setup(persistent: persistent)
        defer { setup.remove() }
        try await setup.cacheAnn()
        setup.transport.enqueue(
            status: 200,
            headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "no-store"],
            body: #"{"data":{"renameUser":{"id":"1","name":"Bob"}}}"#)
        _ = try await setup.client.execute(RenameUserMutation(id: "1", name: "Bob"))
        if persistent {
            // The app's next launch: the file's stored response of the query is not served.
            let reopened = try await setup.reopenedPreferCacheName(serverName: "Bob")
            #expect(reopened?.0 == "Bob" && reopened?.1 == .server)
        }
        let (name, source, _) = try await setup.preferCacheName(serverName: "Bob")
        // (With a file, the reopened cache's answer is in it: read from the cache.)
        #expect(name == "Bob" && (persistent || source == .server))
    }

    @Test(
        "Row 6: a query answered no-store makes stale only the fields it gives with another value",
        arguments: [false, true])
    func noStoreQuery(persistent: Bool) async throws {
        let setup = try Setup(persistent: persistent)
        defer { setup.remove() }
        try await setup.cacheAnn()
        let noStore: HTTPHeaders = [
            "Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "no-store",
        ]
        // The same value: the cached one is what the server says, and stays fresh.
        setup.transport.enqueue(status: 200, headers: noStore, body: #"{"data":{"user":{"id":"1","name":"Ann"}}}"#)
        _ = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly)
        #expect(try await setup.preferCacheName(serverName: "Ann").1 == .cache)
        // Another value: the cached one is no longer fresh.
        setup.transport.enqueue(status: 200, headers: noStore, body: #"{"data":{"user":{"id":"1","name":"Ann B"}}}"#)
        let answer = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly)
        #expect(answer.data?.user?.name == "Ann B")
        let (name, source, _) = try await setup.preferCacheName(serverName: "Ann B")
        #expect(name == "Ann B" && source == .server)
    }

    // MARK: - Subscription events

    @Test("A subscription event with data and an error is written before the error policy ends the subscription")
    func erroredSubscriptionEvent() async throws {
        let event =
            #"{"data":{"userChanged":{"id":"1","name":"Bob","bio":null}},"#
            + #""errors":[{"message":"bio unavailable","path":["userChanged","bio"]}]}"#
        let canned = CannedStreamTests.CannedTransport(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]),
            pieces: ["event: next\ndata: \(event)\n\nevent: complete\ndata:\n\n"])
        let setup = try Setup(subscriptions: .serverSentEvents(transport: canned, options: CannedStreamTests.options))
        try await setup.cacheAnn()
        await #expect(throws: APIError.self) {
            for try await _ in setup.client.subscribe(UserChangedSubscription(id: "1")) {}
        }
        let (name, source, isStale) = try await setup.preferCacheName(serverName: "Bob")
        #expect(name == "Bob" && source == .cache && !isStale)
    }

    // MARK: - Row 7: an error belongs to the object it was reported on

    static let annWithError =
        #"{"data":{"featuredUser":{"id":"ann","name":"Ann","bio":null}},"#
        + #""errors":[{"message":"bio hidden","path":["featuredUser","bio"]}]}"#

    @Test("Row 7: the featured user becomes Bob, whose bio the cache lacks: refetched, not Ann's error")
    func errorNullDoesNotFollowThePath() async throws {
        let setup = try Setup()
        setup.transport.enqueue(json: Self.annWithError)
        var watch = setup.client.watch(FeaturedUserQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            .makeAsyncIterator()
        let first = try await watch.next()
        #expect(first?.data?.featuredUser?.name == "Ann" && first?.errors.count == 1)

        // Another screen learns that the featured user is now Bob (without his bio).
        setup.transport.enqueue(json: #"{"data":{"featuredUser":{"id":"bob","name":"Bob"}}}"#)
        _ = try await setup.client.execute(FeaturedUserNameQuery(), fetchPolicy: .serverOnly)
        setup.transport.enqueue(json: #"{"data":{"featuredUser":{"id":"bob","name":"Bob","bio":"Builds"}}}"#)
        let second = try await watch.next()
        #expect(second?.data?.featuredUser?.name == "Bob")
        #expect(second?.data?.featuredUser?.bio == "Builds", "Bob's bio is asked for, not read as Ann's null")
        #expect(second?.errors.isEmpty == true, "Ann's error is not Bob's")
        #expect(setup.transport.requests.count == 3)
    }

    @Test("Row 7: the featured user becomes Bob, whose bio the cache holds: his bio, without Ann's error")
    func errorDoesNotFollowThePath() async throws {
        let setup = try Setup()
        setup.transport.enqueue(json: Self.annWithError)
        var watch = setup.client.watch(FeaturedUserQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            .makeAsyncIterator()
        _ = try await watch.next()
        setup.transport.enqueue(json: #"{"data":{"featuredUser":{"id":"bob","name":"Bob","bio":"Builds"}}}"#)
        _ = try await setup.client.execute(FeaturedUserQuery(), fetchPolicy: .serverOnly)
        let second = try await watch.next()
        #expect(second?.source == .cache)
        #expect(second?.data?.featuredUser?.bio == "Builds" && second?.errors.isEmpty == true)
        #expect(setup.transport.requests.count == 2)
    }

    @Test("Row 7: while the path leads to Ann, her field stays null with her error")
    func errorStaysWithItsObject() async throws {
        let setup = try Setup()
        setup.transport.enqueue(json: Self.annWithError)
        var watch = setup.client.watch(FeaturedUserQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            .makeAsyncIterator()
        _ = try await watch.next()
        setup.transport.enqueue(json: #"{"data":{"renameUser":{"id":"ann","name":"Annie"}}}"#)
        _ = try await setup.client.execute(RenameUserMutation(id: "ann", name: "Annie"))
        let second = try await watch.next()
        #expect(second?.source == .cache && second?.data?.featuredUser?.name == "Annie")
        #expect(second?.data?.featuredUser?.bio == nil && second?.errors.map(\.message) == ["bio hidden"])
        #expect(setup.transport.requests.count == 2)
    }

    @Test("Row 7: a list element's error stays with that element of that list while another element changes")
    func listElementError() async throws {
        let setup = try Setup()
        setup.transport.enqueue(
            json: #"{"data":{"users":[{"id":"1","name":"Ann"},null]},"#
                + #""errors":[{"message":"hidden","path":["users",1,"name"]}]}"#)
        var watch = setup.client.watch(
            UsersQuery(ids: ["1", "2"]), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData
        ).makeAsyncIterator()
        let first = try await watch.next()
        #expect(first?.data?.users?.count == 2 && first?.errors.count == 1)
        setup.transport.enqueue(json: #"{"data":{"renameUser":{"id":"1","name":"Annie"}}}"#)
        _ = try await setup.client.execute(RenameUserMutation(id: "1", name: "Annie"))
        let second = try await watch.next()
        #expect(second?.source == .cache && second?.data?.users?.first??.name == "Annie")
        #expect(second?.data?.users?.last == .some(nil) && second?.errors.map(\.message) == ["hidden"])
        #expect(setup.transport.requests.count == 2)
    }
}
