import CacheModelAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// Cache redirects (issue 31), through the public API: the model API's `graphql-codegen.json` declares
/// `Query.user(id)`, `Query.users(ids)`, `Query.site(id)` and `Query.item(shop, sku)` as field policies, so a query
/// of one of them reads the object's record when the cache has no answer of the field itself.
@Suite("Cache redirects")
struct CacheRedirectTests {
    /// A client over a memory cache (or SQLite in a fresh folder) with a clock the test moves.
    struct Setup {
        let transport = MockTransport()
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        let cache: GraphQLCache
        let client: GraphQLHTTPClient

        init(maxAge: Duration = .seconds(60), directory: URL? = nil) {
            let time = self.time
            cache = GraphQLCache(
                storage: directory.map { .persistent(directory: $0) } ?? .memory, maxAge: maxAge,
                now: { time.value })
            client = GraphQLHTTPClient(
                endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        }

        func advance(seconds: Double) { time.withLock { $0 = $0.addingTimeInterval(seconds) } }
    }

    static let usersAnswer = #"""
        {"users":[{"id":"ann","name":"Ann","karma":3,"bio":"hi"},{"id":"bob","name":"Bob","karma":5,"bio":null}]}
        """#

    @Test("an object a list wrote is read by user(id:) from its record, with no request, fresh")
    func redirectHit() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        let result = try await setup.client.execute(UserNameQuery(id: "bob"))
        #expect(result.source == .cache && !result.isStale)
        #expect(result.data?.user?.name == "Bob")
        #expect(setup.transport.requests.count == 1, "a redirect hit sends no request")
    }

    @Test("a list of keys is read from the records in the order of its argument")
    func listRedirect() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        let result = try await setup.client.execute(UsersQuery(ids: ["bob", "ann", "bob"]), fetchPolicy: .cacheOnly)
        #expect(result.data?.users.map { $0?.name } == ["Bob", "Ann", "Bob"])
        #expect(!result.isStale)
        #expect(setup.transport.requests.count == 1)
    }

    @Test("no record, a selected field missing, an empty list: a miss (network, or cacheMiss), never partial or []")
    func missesNeverPartial() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: #"{"user":{"id":"ann","name":"Ann"}}"#)
        _ = try await setup.client.execute(UserNameQuery(id: "ann"))
        // User:ann has no karma nor bio: the list read misses rather than give a partial user.
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UsersQuery(ids: ["ann"]), fetchPolicy: .cacheOnly)
        }
        // One key of the list has no record: a miss, not a shorter list.
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]), fetchPolicy: .serverOnly)
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UsersQuery(ids: ["ann", "nobody"]), fetchPolicy: .cacheOnly)
        }
        // An empty list of keys is not read as [].
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UsersQuery(ids: []), fetchPolicy: .cacheOnly)
        }
        // No record at all: cacheOnly misses, preferCache asks the server.
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UserNameQuery(id: "carol"), fetchPolicy: .cacheOnly)
        }
        let before = setup.transport.requests.count
        setup.transport.enqueue(data: #"{"user":{"id":"carol","name":"Carol"}}"#)
        let carol = try await setup.client.execute(UserNameQuery(id: "carol"))
        #expect(carol.source == .server && carol.data?.user?.name == "Carol")
        #expect(setup.transport.requests.count == before + 1)
    }

    @Test("the redirected result is fresh only while every field it reads is")
    func freshness() async throws {
        let setup = Setup(maxAge: .seconds(60))
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        setup.advance(seconds: 61)
        let stale = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(stale.isStale, "the record's fields outlived their lifetime")
        setup.transport.enqueue(data: #"{"user":{"id":"ann","name":"Ann B."}}"#)
        let fetched = try await setup.client.execute(UserNameQuery(id: "ann"))
        #expect(fetched.source == .server && fetched.data?.user?.name == "Ann B.")
        #expect(setup.transport.requests.count == 2)
    }

    @Test("a watch of a redirected query follows the object's record")
    func watchFollowsRecord() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        let names = Locked<[String?]>([])
        let watch = Task {
            for try await result in setup.client.watch(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly) {
                names.withLock { $0.append(result.data?.user?.name) }
            }
        }
        defer { watch.cancel() }
        try await Self.waitUntil { names.value.last == "Ann" }
        // Another query's answer changes User:ann: the watch of user(id: "ann") shows it.
        setup.transport.enqueue(data: #"{"users":[{"id":"ann","name":"Annie","karma":3,"bio":"hi"}]}"#)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann"]), fetchPolicy: .serverOnly)
        try await Self.waitUntil { names.value.last == "Annie" }
        #expect(setup.transport.requests.count == 2, "the watch read the cache only")
    }

    @Test("a persistent cache redirects too, and its stored response follows the object's record")
    func persistent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("redirect-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let setup = Setup(directory: directory)
        setup.transport.enqueue(data: Self.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        let first = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(first.data?.user?.name == "Ann")
        setup.transport.enqueue(data: #"{"users":[{"id":"ann","name":"Annie","karma":3,"bio":"hi"}]}"#)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann"]), fetchPolicy: .serverOnly)
        let second = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(second.data?.user?.name == "Annie")
    }

    /// Waits until `condition` holds (``HangDetector``: minutes, a hang detector only, never a bound).
    static func waitUntil(_ condition: @Sendable () -> Bool) async throws {
        try await HangDetector.waitUntil("the condition") { condition() }
    }
}
