import CacheModelAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// Issue 28's resync hole, through the public API: a query ref's `execute` answered from the cache with data read from
/// an optimistic layer alone; the layer ends (the server refused the mutation) before the ref's follower reads the
/// cache again. That read misses; the ref must not keep the layer's data marked fresh. The cache's `watchReadGate`
/// holds the follower between its wake-up and its read, so that the layer ends exactly there.
@Suite("A ref's execute read from an optimistic layer that ends before its follower reads")
struct RefResyncLayerTests {
    /// A client on a memory cache with a fixed clock (nothing goes stale however slow the machine).
    struct Setup {
        let transport = MockTransport()
        let cache: GraphQLCache
        let client: GraphQLHTTPClient

        init() {
            let time = Locked(Date(timeIntervalSince1970: 1_000_000))
            cache = GraphQLCache(maxAge: .seconds(60), now: { time.value })
            client = GraphQLHTTPClient(
                endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        }

        /// Waits until `requests` requests were made and every live watcher waits for a change (a hang detector only).
        func atRest(requests: Int) async throws {
            let deadline = ContinuousClock.now + HangDetector.limit
            while true {
                let activity = await cache.watcherActivity
                if transport.requests.count == requests, activity.live > 0, activity.waiting == activity.live {
                    return
                }
                guard ContinuousClock.now < deadline else { throw HangDetected(what: "the ref's follower at rest") }
                try await Task.sleep(for: .milliseconds(1))
            }
        }

        /// Waits until the gate holds a read.
        func followerHeld() async throws {
            let gate = cache.watchReadGate
            try await HangDetector.waitUntil("the follower held before its read", interval: .milliseconds(1)) {
                gate.heldCount == 1
            }
        }

        /// Starts an optimistic rename of bob to Robert whose answer (a refusal) the server holds until `release`.
        @MainActor
        func heldRefusedRename() -> (task: Task<Void, Never>, release: AsyncStream<Void>.Continuation) {
            let (released, release) = AsyncStream<Void>.makeStream()
            transport.enqueue(handler: { _, _ in
                for await _ in released { break }
                let body = #"{"data":{"renameUser":null},"errors":[{"message":"refused","path":["renameUser"]}]}"#
                return (
                    HTTPResponse(
                        status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]),
                    Data(body.utf8)
                )
            })
            let client = self.client
            let task = Task {
                _ = try? await client.execute(
                    RenameUserMutation(id: "bob", name: "Robert"),
                    optimisticData: .init(renameUser: .init(id: "bob", name: "Robert")))
            }
            return (task, release)
        }

        /// Ends the held mutation (refused) and waits until its layer is gone.
        func refuse(_ held: (task: Task<Void, Never>, release: AsyncStream<Void>.Continuation)) async throws {
            held.release.yield()
            held.release.finish()
            await held.task.value
            #expect(await cache.optimisticLayerCount == 0)
        }
    }

    @MainActor
    @Test("a later execute read from a layer: the follower's resync read misses, and the ref shows it stale")
    func layerEndsBeforeResyncRead() async throws {
        let setup = Setup()
        // The first answer is not stored (no-store): the cache has nothing of bob.
        setup.transport.enqueue(
            headers: [
                "Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "no-store",
            ],
            body: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        let ref = setup.client.ref(UserNameQuery(id: "bob"))
        try await ref.execute()
        try await setup.atRest(requests: 1)
        // The optimistic rename: bob is in the layer alone; the follower shows it (read from the cache, fresh).
        let held = setup.heldRefusedRename()
        #expect(await setup.transport.waitForRequests(2), "the mutation was sent")
        try await setup.atRest(requests: 2)
        #expect(ref.data?.user?.name == "Robert")
        // The ref's execute reads the layer; its follower wakes to read again and is held before its read.
        setup.cache.watchReadGate.close()
        let executed = try await ref.execute(fetchPolicy: .cacheOnly)
        #expect(executed.data?.user?.name == "Robert" && executed.source == .cache && !executed.isStale)
        try await setup.followerHeld()
        // The server refuses the mutation: the layer ends; then the follower reads (a miss).
        try await setup.refuse(held)
        setup.cache.watchReadGate.open()
        try await setup.atRest(requests: 2)
        let read = try? await setup.client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(read == nil, "the cache has nothing of bob: a miss")
        #expect(
            ref.isStale || ref.data?.user?.name != "Robert",
            "the ref shows \(ref.data?.user?.name ?? "nil"), stale: \(ref.isStale): the refused name is not fresh")
    }

    @MainActor
    @Test("a first execute read from a layer: the follower's first read misses, and the ref shows it stale")
    func layerEndsBeforeFirstRead() async throws {
        let setup = Setup()
        // The optimistic rename: bob is in the layer alone.
        let held = setup.heldRefusedRename()
        #expect(await setup.transport.waitForRequests(1), "the mutation was sent")
        // The ref's first execute reads the layer; its follower's first read is held.
        setup.cache.watchReadGate.close()
        let ref = setup.client.ref(UserNameQuery(id: "bob"))
        let executed = try await ref.execute(fetchPolicy: .cacheOnly)
        #expect(executed.data?.user?.name == "Robert" && executed.source == .cache && !executed.isStale)
        try await setup.followerHeld()
        try await setup.refuse(held)
        setup.cache.watchReadGate.open()
        try await setup.atRest(requests: 1)
        #expect(
            ref.isStale || ref.data?.user?.name != "Robert",
            "the ref shows \(ref.data?.user?.name ?? "nil"), stale: \(ref.isStale): the refused name is not fresh")
    }
}
