import CacheModelAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import Testing

/// A query ref follows the cache (``QueryRef``): seeded interleavings of its `execute` and the cache's changes, driven
/// through the checker's transport (a request held until the test delivers it), with no timing: each wait is for an
/// event, bounded by the hang detector only.
@Suite("Query refs follow the cache")
struct QueryRefFollowingTests {
    private static let endpoint = URL(string: "https://model.invalid/graphql") ?? URL(fileURLWithPath: "/")

    @MainActor
    private struct Setup {
        let transport = ModelTransport()
        let cache: GraphQLCache
        let client: GraphQLHTTPClient

        init() {
            let transport = self.transport
            // A fixed clock: nothing goes stale however slow the machine.
            cache = GraphQLCache(maxAge: .seconds(60), now: { transport.state.withLock { $0.now } })
            client = GraphQLHTTPClient(endpoint: QueryRefFollowingTests.endpoint, transport: transport, cache: cache)
        }

        /// Waits until every watcher of the cache waits for a change with none pending: each ref's follower has
        /// read and applied everything signalled to it.
        func atRest() async throws {
            let cache = self.cache
            try await waitUntil("the ref's follower to be at rest") {
                let activity = await cache.watcherActivity
                return activity.live > 0 && activity.waiting == activity.live
            }
        }

        /// The name a fresh cache-only read gives.
        func cachedName(_ id: String) async throws -> String? {
            try await client.execute(UserNameQuery(id: id), fetchPolicy: .cacheOnly).data?.user?.name
        }

        /// Polls `condition` on the main actor until it holds (the hang detector's bound only).
        func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
            let deadline = ContinuousClock.now + HangDetector.limit
            while try await !condition() {
                guard ContinuousClock.now < deadline else { throw HangDetected(what: what) }
                try await Task.sleep(for: .milliseconds(1))
            }
        }

        /// Holds the next request; returns when the server has it (its answer computed on the world of then).
        func holdNext(_ start: () -> Void) async throws -> Int {
            let before = transport.state.withLock { state in
                state.holdNext = true
                return state.executions.count
            }
            start()
            let transport = self.transport
            var id: Int?
            try await waitUntil("the held request") {
                id = transport.state.withLock { state in
                    state.held.first { $0.execution.id >= before && $0.continuation != nil }?.execution.id
                }
                return id != nil
            }
            return id ?? -1
        }

        func deliver(_ id: Int) {
            let continuation = transport.state.withLock { state in
                state.held.firstIndex { $0.execution.id == id }.flatMap { state.held.remove(at: $0).continuation }
            }
            continuation?.resume()
        }
    }

    @MainActor
    @Test("execute returns with the ref following the cache: its watcher is registered before it returns")
    func executeReturnsFollowing() async throws {
        let setup = Setup()
        let ref = setup.client.ref(UserNameQuery(id: "ann"))
        try await ref.execute()
        // Nothing has run on the main actor since `execute` returned: a follower started as a task of its own would
        // not have registered yet, and a change made now would reach the ref only when that task gets to run (a run
        // that waits for the watchers to be at rest would see none and stop early).
        #expect(await setup.cache.watcherCount == 1, "the ref follows the cache once execute returns")
        _ = try await setup.client.execute(RenameUserMutation(id: "ann", name: "Anna"))
        try await setup.atRest()
        #expect(ref.data?.user?.name == "Anna")
        #expect(try await setup.cachedName("ann") == "Anna")
    }

    @MainActor
    @Test("an execute answered with older data than the ref already showed from the cache ends showing the cache")
    func olderExecuteAnswer() async throws {
        let setup = Setup()
        let ref = setup.client.ref(UserNameQuery(id: "ann"))
        try await ref.execute()
        let first = ref.data?.user?.name
        // A second execute goes to the server; the server answers with the name of then, held on its way.
        let held = try await setup.holdNext {
            Task { @MainActor in _ = try? await ref.execute(fetchPolicy: .serverOnly) }
        }
        // Meanwhile a mutation renames the user: the cache writes it and the ref follows.
        _ = try await setup.client.execute(RenameUserMutation(id: "ann", name: "Anna"))
        try await setup.waitUntil("the ref to show the mutation") { ref.data?.user?.name == "Anna" }
        // The held answer arrives: the cache keeps the newer name (the answer was overtaken), and execute returns the
        // server's old answer.
        setup.deliver(held)
        try await setup.waitUntil("the second execute to end") { !ref.isLoading }
        try await setup.atRest()
        #expect(first != "Anna")
        #expect(try await setup.cachedName("ann") == "Anna")
        #expect(ref.data?.user?.name == "Anna", "the ref ends equal to a fresh read of the cache")
    }
}
