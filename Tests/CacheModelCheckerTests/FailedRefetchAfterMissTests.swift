import CacheModelAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// A watch or query ref shows a result read from the cache; the records go (removed, evicted); the follower asks the
/// server, and the request fails. What was shown is no longer vouched for by the cache nor by the server: it is shown
/// marked stale, with the error, never kept as fresh (issue 28: left open by an earlier session, found by reading).
@Suite("A refetch after a miss that fails")
struct FailedRefetchAfterMissTests {
    /// A client on a memory cache with a fixed clock, and the wait for its watchers at rest.
    typealias Setup = RefResyncLayerTests.Setup

    @MainActor
    @Test("a query ref whose cached result goes, and whose refetch fails, shows it stale with the error")
    func refShowsStaleWithError() async throws {
        let setup = Setup()
        setup.transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        let ref = setup.client.ref(UserNameQuery(id: "bob"))
        try await ref.execute()
        try await setup.atRest(requests: 1)
        // Read from the cache: what the ref shows is the cache's, fresh.
        let cached = try await ref.execute(fetchPolicy: .cacheOnly)
        #expect(cached.source == .cache && !cached.isStale)
        try await setup.atRest(requests: 1)
        #expect(ref.source == .cache && !ref.isStale)
        // The record goes; the follower's read misses and it asks the server, which cannot be reached.
        setup.transport.enqueue(error: URLError(.notConnectedToInternet))
        try await setup.cache.removeRecords(forKeys: ["User:bob"])
        try await setup.atRest(requests: 2)
        let deadline = ContinuousClock.now + HangDetector.limit
        while ref.error == nil {
            guard ContinuousClock.now < deadline else { throw HangDetected(what: "the ref's error") }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(ref.data?.user?.name == "Bob", "what was shown is kept")
        #expect(ref.isStale, "the cache no longer holds it and the server did not answer: not fresh")
    }

    @Test("a watch whose cached result goes, and whose refetch fails, gives it stale, then the error")
    func watchGivesStaleThenError() async throws {
        let setup = Setup()
        setup.transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        _ = try await setup.client.execute(UserNameQuery(id: "bob"))
        var watching = setup.client.watch(UserNameQuery(id: "bob"), fetchPolicy: .preferCache).makeAsyncIterator()
        let first = try await watching.next()
        #expect(first?.source == .cache && first?.isStale == false)
        setup.transport.enqueue(error: URLError(.notConnectedToInternet))
        try await setup.cache.removeRecords(forKeys: ["User:bob"])
        let second = try await watching.next()
        #expect(second?.data?.user?.name == "Bob" && second?.isStale == true, "shown again, marked stale")
        await #expect(throws: APIError.self) { _ = try await watching.next() }
    }
}
