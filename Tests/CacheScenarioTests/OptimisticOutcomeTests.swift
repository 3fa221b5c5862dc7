import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// An optimistic write whose outcome the client cannot know (cancelled after it was sent: the server may have
/// applied it) leaves the records it would have changed stale, so the next read asks the server.
@Suite("Optimistic writes of unknown outcome", .serialized)
struct OptimisticOutcomeTests {
    @Test("Cancelled after it was sent: rolled back, and what it would have changed is stale (row 14)")
    func cancelledAfterSent() async throws {
        try await ScenarioSetup.run { setup in
            let before = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(before.data?.user?.name == "Alice")
            try await setup.backend.admin(["holdAfter": "RenameUser"])
            let mutation = Task {
                try await setup.client.execute(
                    RenameUserMutation(id: "1", name: "Zed"),
                    optimisticData: .init(renameUser: .init(id: "1", name: "Zed")))
            }
            try await setup.backend.waitUntilWaiting("RenameUser")
            let optimistic = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(optimistic.data?.user?.name == "Zed", "the optimistic layer is read over the store")
            mutation.cancel()
            await #expect(throws: APIError.self) { try await mutation.value }
            #expect(await setup.cache.optimisticLayerCount == 0)

            let offline = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(offline.data?.user?.name == "Alice" && offline.isStale, "rolled back, and stale")
            let preferred = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(preferred.source == .server && preferred.data?.user?.name == "Zed", "the server applied it")
            try await setup.backend.admin(["release": "RenameUser"])
        }
    }

    @Test("A failure the server answered (a refused write) rolls back without marking anything stale")
    func refusedWrite() async throws {
        try await ScenarioSetup.run { setup in
            _ = try await setup.client.execute(UserNameQuery(id: "1"))
            // A rename of a user that does not exist: graphql-core answers with an error and no data.
            await #expect(throws: APIError.self) {
                try await setup.client.execute(
                    RenameUserMutation(id: "9", name: "Nobody"),
                    optimisticData: .init(renameUser: .init(id: "1", name: "Nobody")))
            }
            let cached = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(cached.source == .cache && !cached.isStale && cached.data?.user?.name == "Alice")
        }
    }
}
