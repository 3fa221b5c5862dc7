import CacheModelAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// The model checker's seeds 335 and 995 (with `executeRef` steps), through the public API: a query's request goes
/// out; a mutation answered `no-store` makes the field it changed stale; the query's answer, computed before the
/// mutation, arrives with the same value the store holds. The field keeps its stale mark (the answer is older), and
/// the query's result must not be kept as fresh either.
@Suite("A late answer over a field made stale since its request")
struct StaledFieldLateAnswerTests {
    @Test("a late answer with the value a no-store mutation made stale does not make the query fresh (seeds 335, 995)")
    func lateAnswerAfterNoStoreMutation() async throws {
        let transport = MockTransport()
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        // A fixed clock: nothing goes stale by time however slow the machine.
        let cache = GraphQLCache(maxAge: .seconds(60), now: { time.value })
        let client = GraphQLHTTPClient(endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        let json = GraphQLResponseDecoder.graphQLResponseMediaType
        transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        _ = try await client.execute(UserNameQuery(id: "bob"))
        // The query again, from the server: the server computes its answer (Bob) now, and it arrives late.
        let release = Self.enqueueHeldBob(on: transport)
        let late = Task { try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .serverOnly) }
        #expect(await transport.waitForRequests(2), "the query was sent")
        // The rename, answered no-store: not written, but bob's stored name is no longer fresh.
        transport.enqueue(
            headers: ["Content-Type": json, "Cache-Control": "no-store"],
            body: #"{"data":{"renameUser":{"id":"bob","name":"Robert"}}}"#)
        _ = try await client.execute(RenameUserMutation(id: "bob", name: "Robert"))
        let staled = try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(staled.isStale, "the no-store rename made bob's name stale")
        release.yield()
        release.finish()
        let answer = try await late.value
        #expect(answer.data?.user?.name == "Bob" && answer.source == .server)
        let read = try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(
            read.isStale,
            "the answer sent before the rename does not make \(read.data?.user?.name ?? "nil") fresh: the app saw Robert"
        )
    }

    /// Seed 4175's clear shape: the store holds nothing of bob (a clear), so the no-store rename has no field to make
    /// stale; the query's answer, computed before the rename, must not be written fresh all the same.
    @Test(
        "a late answer sent after a clear, over a no-store rename of a record the store lacks, is stale (seed 4175)",
        arguments: [false, true])
    func lateAnswerAfterNoStoreRenameOfAbsentRecord(persistent: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("staled-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let transport = MockTransport()
        let time = Locked(Date(timeIntervalSince1970: 1_000_000))
        let cache = GraphQLCache(
            storage: persistent ? .persistent(directory: directory) : .memory, maxAge: .seconds(60),
            now: { time.value })
        let client = GraphQLHTTPClient(endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        let json = GraphQLResponseDecoder.graphQLResponseMediaType
        transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Bob"}}}"#)
        _ = try await client.execute(UserNameQuery(id: "bob"))
        try await cache.clear()
        let release = Self.enqueueHeldBob(on: transport)
        let late = Task { try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .serverOnly) }
        #expect(await transport.waitForRequests(2), "the query was sent")
        transport.enqueue(
            headers: ["Content-Type": json, "Cache-Control": "no-store"],
            body: #"{"data":{"renameUser":{"id":"bob","name":"Robert"}}}"#)
        let renamed = try await client.execute(RenameUserMutation(id: "bob", name: "Robert"))
        #expect(renamed.data?.renameUser?.name == "Robert")
        #expect(await cache.recordCount == 0, "no-store: nothing is written")
        release.yield()
        release.finish()
        let answer = try await late.value
        #expect(answer.data?.user?.name == "Bob" && answer.source == .server)
        let read = try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(read.data?.user?.name == "Bob", "the answer is kept for .cacheOnly and offline reads")
        #expect(read.isStale, "the answer sent before the rename is not fresh: the app saw Robert")
        // A request sent after the rename is not older than it: its answer is fresh.
        transport.enqueue(json: #"{"data":{"user":{"id":"bob","name":"Robert"}}}"#)
        _ = try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .serverOnly)
        let fresh = try await client.execute(UserNameQuery(id: "bob"), fetchPolicy: .cacheOnly)
        #expect(fresh.data?.user?.name == "Robert" && !fresh.isStale)
    }

    /// Queues bob's name ("Bob") as an answer the server computes now and sends when `release` yields.
    static func enqueueHeldBob(on transport: MockTransport) -> AsyncStream<Void>.Continuation {
        let (released, release) = AsyncStream<Void>.makeStream()
        transport.enqueue(handler: { _, _ in
            for await _ in released { break }
            return (
                HTTPResponse(status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]),
                Data(#"{"data":{"user":{"id":"bob","name":"Bob"}}}"#.utf8)
            )
        })
        return release
    }
}
