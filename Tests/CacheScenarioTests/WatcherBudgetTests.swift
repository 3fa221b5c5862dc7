import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// Live watchers and the byte limit: the records a live watcher reads are not evicted for another's write, so two
/// watches too large together never evict each other into a request loop; the excess is reported.
@Suite("Watchers and the byte limit", .serialized)
struct WatcherBudgetTests {
    @Test(
        "Two idle watches larger together than byteLimit: no request loop, the excess reported (row 8)",
        arguments: [false, true])
    func twoWatchesOverBudget(persistent: Bool) async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let measuring = try TemporaryFolder()
        defer { measuring.remove() }
        // Each result's records alone fit; both do not (measured in a store of the same kind, without stored
        // responses, which a trim removes first).
        let sizes = try await ScenarioSetup.measure(
            persistent ? .persistent(directory: measuring.url) : .memory
        ) { setup in
            _ = try await setup.client.execute(UserFriendsQuery(id: "1"))
            let first = await setup.cache.byteCount
            try await setup.cache.clear()
            _ = try await setup.client.execute(HeroQuery())
            return (first, await setup.cache.byteCount)
        }
        let limit = max(sizes.0, sizes.1) + min(sizes.0, sizes.1) / 2
        try await ScenarioSetup.run(makeCache: {
            persistent
                ? GraphQLCache(
                    storage: .persistent(directory: folder.url), maxAge: .seconds(3600), byteLimit: limit,
                    storesResponses: false)
                : GraphQLCache(maxAge: .seconds(3600), byteLimit: limit)
        }) { setup in
            let friends = Collector<GraphQLResult<UserFriendsQuery.Data>>()
            let hero = Collector<GraphQLResult<HeroQuery.Data>>()
            let first = Task {
                do {
                    for try await result in setup.client.watch(UserFriendsQuery(id: "1")) {
                        await friends.append(result)
                    }
                } catch { await friends.fail(error) }
            }
            defer { first.cancel() }
            try await friends.waitUntil("the friends") { !$0.isEmpty }
            let second = Task {
                do {
                    for try await result in setup.client.watch(HeroQuery()) { await hero.append(result) }
                } catch { await hero.fail(error) }
            }
            defer { second.cancel() }
            try await hero.waitUntil("the hero") { !$0.isEmpty }
            // Give a loop the time to show (it made hundreds of requests a second); this bounds nothing the code
            // does, it only lets a regression be seen.
            try await Task.sleep(for: .milliseconds(300))
            #expect(setup.counter.count("UserFriends") == 1)
            #expect(setup.counter.count("Hero") == 1)
            let friendItems = await friends.items.count
            let heroItems = await hero.items.count
            #expect(friendItems == 1 && heroItems == 1)
            let problems = await setup.cache.problems
            #expect(problems.contains { $0.message.contains("live") }, "the exceeded limit is reported: \(problems)")
            // Once a watch ends, its records can go again.
            first.cancel()
            _ = await first.value
            for _ in 0..<2_000 where await setup.cache.watcherCount > 1 { try await Task.sleep(for: .milliseconds(5)) }
            _ = try await setup.client.execute(UserNameQuery(id: "2"), fetchPolicy: .serverOnly)
            #expect(await setup.cache.byteCount <= limit)
        }
    }
}

extension ScenarioSetup {
    /// Runs `body` on a scenario of its own (a cache without limit) and returns what it measured.
    static func measure<T: Sendable>(
        _ storage: GraphQLCache.Storage, _ body: @escaping @Sendable (ScenarioSetup) async throws -> T
    ) async throws -> T {
        let box = MeasureBox<T>()
        try await run(makeCache: { GraphQLCache(storage: storage, maxAge: .seconds(3600), storesResponses: false) }) {
            setup in
            box.value = try await body(setup)
        }
        guard let value = box.value else { throw ScenarioTimeout(what: "a measurement") }
        return value
    }
}

/// Carries a measurement out of a scenario.
final class MeasureBox<T: Sendable>: @unchecked Sendable {
    // @unchecked: written once inside `run`, read after it returned.
    var value: T?
}
