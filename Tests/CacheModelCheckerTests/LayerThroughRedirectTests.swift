import CacheModelAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// The model checker's seed 932, through the public API: a query ref reads an object through the `user(id:)` cache
/// redirect from an optimistic layer alone; the layer ends and the ref must not keep showing it as fresh.
@Suite("An optimistic layer read through a redirect")
struct LayerThroughRedirectTests {
    @MainActor
    @Test("a ref that read a layer through a redirect does not show it as fresh once the layer ended (seed 932)")
    func layerEndsUnderRef() async throws {
        let transport = MockTransport()
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        // A fixed clock: nothing goes stale however slow the machine.
        let cache = GraphQLCache(maxAge: .seconds(60), now: { time.value })
        let client = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        let noStore: HTTPHeaders = [
            "Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType, "Cache-Control": "no-store",
        ]
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

        transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        let ref = client.ref(UserNameQuery(id: "bob"))
        try await ref.execute()
        try await atRest(requests: 1)
        // A clear: the follower misses and asks the server itself; its answer is not stored (no-store).
        transport.enqueue(headers: noStore, body: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        try await cache.clear()
        try await atRest(requests: 2)
        #expect(ref.data?.user?.name == "Bob")
        // An optimistic rename: bob now exists only in the layer, read by the ref through the redirect. Its answer
        // is no-store too: the layer ends as applied, and nothing is left in the store to read.
        transport.enqueue(headers: noStore, body: #"{"data":{"renameUser":{"id":"bob","name":"Robert"}}}"#)
        _ = try await client.execute(
            RenameUserMutation(id: "bob", name: "Robert"),
            optimisticData: .init(renameUser: .init(id: "bob", name: "Robert")))
        try await atRest(requests: 3)
        #expect(await cache.optimisticLayerCount == 0)
        let read = try? await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(read == nil, "the cache has nothing of bob: a miss")
        #expect(
            ref.isStale || ref.data?.user?.name == "Bob",
            "the ref shows \(ref.data?.user?.name ?? "nil"), stale: \(ref.isStale): the layer's name is not fresh")
    }
}
