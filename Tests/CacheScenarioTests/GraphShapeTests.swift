import CacheScenarioAPI
import Foundation
import GraphQLBridge
import Testing

/// Every field a response holds is in the store after the write, whatever the shape of the graph: an object inside
/// its own subtree, an object without a key at the root or under a keyed one.
@Suite("Graph shapes", .serialized)
struct GraphShapeTests {
    @Test("A user inside its own subtree: the query just fetched reads back (row 4)")
    func cycleReadsBack() async throws {
        try await ScenarioSetup.run { setup in
            let fetched = try await setup.client.execute(UserFriendsQuery(id: "1"), fetchPolicy: .serverOnly)
            // Alice's friend Bob has Alice (and Carol) as friends.
            #expect(fetched.data?.user?.friends.first?.friends.map(\.name) == ["Alice", "Carol"])
            let cached = try await setup.client.execute(UserFriendsQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(cached.data == fetched.data)
            let preferred = try await setup.client.execute(UserFriendsQuery(id: "1"))
            #expect(preferred.source == .cache)
            #expect(setup.counter.count("UserFriends") == 1)
        }
    }

    @Test("A user inside its own subtree: the server's new value is not erased by the outer visit (row 4)")
    func cycleKeepsNewValue() async throws {
        try await ScenarioSetup.run { setup in
            let old = try await setup.client.execute(UserNameQuery(id: "1"))
            #expect(old.data?.user?.name == "Alice")
            try await setup.backend.admin(["setUserName": ["id": "1", "name": "Alice (new)"]])
            let fetched = try await setup.client.execute(UserFriendsQuery(id: "1"), fetchPolicy: .serverOnly)
            #expect(fetched.data?.user?.friends.first?.friends.first?.name == "Alice (new)")
            let name = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(name.data?.user?.name == "Alice (new)")
        }
    }

    @Test("An object without a key at the root is stored apart from the root field's record (row 15)")
    func unkeyedRootObject() async throws {
        try await ScenarioSetup.run { setup in
            let fetched = try await setup.client.execute(HeroQuery(), fetchPolicy: .serverOnly)
            #expect(fetched.data?.hero?.friends.map(\.name) == ["Luke", "Leia"])
            let cached = try await setup.client.execute(HeroQuery(), fetchPolicy: .cacheOnly)
            #expect(cached.data == fetched.data)
            let preferred = try await setup.client.execute(HeroQuery())
            #expect(preferred.source == .cache)
            #expect(setup.counter.count("Hero") == 1)
        }
    }

    @Test("An object without a key under a keyed one reads back, and `removeUnreachableRecords` keeps it")
    func unkeyedUnderKeyed() async throws {
        try await ScenarioSetup.run { setup in
            let fetched = try await setup.client.execute(GameLogoQuery(id: "g1"), fetchPolicy: .serverOnly)
            let hero = try await setup.client.execute(HeroQuery(), fetchPolicy: .serverOnly)
            #expect(await setup.cache.removeUnreachableRecords() == 0)
            let cached = try await setup.client.execute(GameLogoQuery(id: "g1"), fetchPolicy: .cacheOnly)
            #expect(cached.data == fetched.data)
            #expect(try await setup.client.execute(HeroQuery(), fetchPolicy: .cacheOnly).data == hero.data)
            // Once the root field no longer points at the hero (it became null), the hero's records are
            // unreachable and go.
            let before = await setup.cache.recordCount
            try await setup.cache.removeRecords(forKeys: [CacheRecord.rootFieldKey("hero")])
            #expect(await setup.cache.removeUnreachableRecords() == 3, "the hero and its two friends")
            #expect(await setup.cache.recordCount == before - 4)
        }
    }
}
