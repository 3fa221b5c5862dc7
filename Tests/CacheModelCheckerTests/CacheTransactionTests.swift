import CacheModelAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// The app's own cache edits (issue 31), through the public API: `withinReadWriteTransaction` reads and writes a
/// query's data through its generated types, evicts objects and fields; `collectGarbage()` removes what no query
/// reaches.
@Suite("Cache transactions")
struct CacheTransactionTests {
    typealias Setup = CacheRedirectTests.Setup

    static func named(_ id: String, _ name: String) -> UserNameQuery.Data {
        UserNameQuery.Data(user: UserNameQuery.Data.User(id: id, name: name))
    }

    @Test("a write is read back by the transaction and by the app's queries, with no request")
    func writeThenRead() async throws {
        let setup = Setup()
        let seen = try await setup.cache.withinReadWriteTransaction { transaction in
            try transaction.write(Self.named("ann", "Ann"), for: UserNameQuery(id: "ann"))
            return try transaction.read(UserNameQuery(id: "ann"))?.user?.name
        }
        #expect(seen == "Ann")
        let result = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(result.data?.user?.name == "Ann")
        #expect(setup.transport.requests.isEmpty)
    }

    @Test("read-modify-write of an object a list wrote changes it in the list")
    func readModifyWrite() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: CacheRedirectTests.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        try await setup.cache.withinReadWriteTransaction { transaction in
            // Read through the redirect user(id:), written through the same query: User:bob's record.
            let bob = try #require(try transaction.read(UserNameQuery(id: "bob"))?.user)
            try transaction.write(Self.named(bob.id, bob.name + " (seen)"), for: UserNameQuery(id: "bob"))
        }
        let list = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]), fetchPolicy: .cacheOnly)
        #expect(list.data?.users.map { $0?.name } == ["Ann", "Bob (seen)"])
    }

    @Test("a transaction that throws changes nothing")
    func throwingBodyRollsBack() async throws {
        struct Abort: Error {}
        let setup = Setup()
        await #expect(throws: Abort.self) {
            try await setup.cache.withinReadWriteTransaction { transaction in
                try transaction.write(Self.named("ann", "Ann"), for: UserNameQuery(id: "ann"))
                throw Abort()
            }
        }
        #expect(await setup.cache.recordCount == 0)
    }

    @Test("an answer to a request made before a local write does not overwrite it; a newer one does")
    func versionRules() async throws {
        let setup = Setup()
        // A request starts, the app writes, then the older answer lands.
        setup.transport.enqueue(data: #"{"user":{"id":"ann","name":"Old"}}"#, delay: .milliseconds(300))
        let inFlight = Task { try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .serverOnly) }
        try await CacheRedirectTests.waitUntil { setup.transport.requests.count == 1 }
        try await setup.cache.withinReadWriteTransaction { transaction in
            try transaction.write(Self.named("ann", "Local"), for: UserNameQuery(id: "ann"))
        }
        _ = try await inFlight.value
        let afterOld = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(afterOld.data?.user?.name == "Local", "the overtaken answer did not overwrite the local write")
        setup.transport.enqueue(data: #"{"user":{"id":"ann","name":"Server"}}"#)
        _ = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .serverOnly)
        let afterNew = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(afterNew.data?.user?.name == "Server", "the server's newer answer replaces it")
    }

    @Test("watchers are signalled once per transaction, with its final state")
    func watchersSignalledOnce() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: CacheRedirectTests.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        let lists = Locked<[[String?]]>([])
        let watch = Task {
            for try await result in setup.client.watch(UsersQuery(ids: ["ann", "bob"]), fetchPolicy: .cacheOnly) {
                lists.withLock { $0.append(result.data?.users.map { $0?.name } ?? []) }
            }
        }
        defer { watch.cancel() }
        try await CacheRedirectTests.waitUntil { lists.value.count == 1 }
        try await setup.cache.withinReadWriteTransaction { transaction in
            try transaction.write(Self.named("ann", "A1"), for: UserNameQuery(id: "ann"))
            try transaction.write(Self.named("bob", "B1"), for: UserNameQuery(id: "bob"))
            try transaction.write(Self.named("ann", "A2"), for: UserNameQuery(id: "ann"))
        }
        try await CacheRedirectTests.waitUntil { lists.value.last == ["A2", "B1"] }
        // A read after the transaction lets any second signal show.
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]), fetchPolicy: .cacheOnly)
        try await Task.sleep(for: .milliseconds(50))
        #expect(lists.value == [["Ann", "Bob"], ["A2", "B1"]], "one new result for the whole transaction")
    }

    @Test("evicting a field or an object makes the reads that reach it miss; collectGarbage removes the unreachable")
    func evictions() async throws {
        let setup = Setup()
        setup.transport.enqueue(data: CacheRedirectTests.usersAnswer)
        _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]))
        try await setup.cache.withinReadWriteTransaction { transaction in
            transaction.evict(field: "karma", ofRecord: CacheRecord.objectKey(typeName: "User", keyValues: ["ann"]))
        }
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UsersQuery(ids: ["ann", "bob"]), fetchPolicy: .cacheOnly)
        }
        // The other fields of ann are still there.
        let ann = try await setup.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(ann.data?.user?.name == "Ann")
        try await setup.cache.withinReadWriteTransaction { transaction in
            transaction.evictObject(typeName: "User", keyValues: ["bob"])
        }
        #expect(await setup.cache.record(forKey: "User:bob") == nil)
        await #expect(throws: APIError.self) {
            _ = try await setup.client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        }
        // The list's root field still points at the users; once it is evicted, nothing reaches User:ann.
        try await setup.cache.withinReadWriteTransaction { transaction in
            transaction.evict(recordKey: CacheRecord.rootFieldKey(#"users({"ids":["ann","bob"]})"#))
        }
        #expect(await setup.cache.collectGarbage() == 1)
        #expect(await setup.cache.recordCount == 0)
    }

    @Test("persisted with the SQLite store, and another connection to the file sees the write and is notified")
    func persistedAndShared() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("txn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = Setup(directory: directory)
        let fileExtension = Setup(directory: directory)
        setupAnswers(app)
        _ = try await app.client.execute(UserNameQuery(id: "ann"))
        // The extension reads it (from the shared file), and watches it.
        let names = Locked<[String?]>([])
        let watch = Task {
            for try await result in fileExtension.client.watch(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly) {
                names.withLock { $0.append(result.data?.user?.name) }
            }
        }
        defer { watch.cancel() }
        try await CacheRedirectTests.waitUntil { names.value.last == "Ann" }
        try await app.cache.withinReadWriteTransaction { transaction in
            try transaction.write(Self.named("ann", "Local"), for: UserNameQuery(id: "ann"))
        }
        // The other connection learns of it at its next use of the store (as of any write by another process).
        let read = try await fileExtension.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(read.data?.user?.name == "Local")
        try await CacheRedirectTests.waitUntil { names.value.last == "Local" }
        // A relaunch reads it from the file.
        let relaunched = Setup(directory: directory)
        let again = try await relaunched.client.execute(UserNameQuery(id: "ann"), fetchPolicy: .cacheOnly)
        #expect(again.data?.user?.name == "Local")
    }

    private func setupAnswers(_ setup: Setup) {
        setup.transport.enqueue(data: #"{"user":{"id":"ann","name":"Ann"}}"#)
    }
}
