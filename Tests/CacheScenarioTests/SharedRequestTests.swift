import CacheScenarioAPI
import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import Testing

/// Identical queries in flight share one request, but only with callers it can serve truthfully: a caller that
/// leaves does not cancel it for the others, a request started after a write is not joined by later callers, and
/// an answer that was overtaken (by a write, or by `clear()`) does not overwrite what the cache learned since.
/// The server holds the requests (`hold`, `holdAfter`) so that every order is made, not waited for.
@Suite("Shared requests", .serialized)
struct SharedRequestTests {
    @Test("The first caller cancelled: the second still gets the shared answer (row 5)")
    func firstCallerCancelled() async throws {
        try await ScenarioSetup.run { setup in
            try await setup.backend.admin(["hold": "UserName"])
            let first = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName")
            let second = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await waitForWaiters(2, on: setup.client)
            first.cancel()
            await #expect(throws: APIError.cancelled(operation: "UserName")) { try await first.value }
            try await setup.backend.admin(["release": "UserName"])
            let answer = try await second.value
            #expect(answer.data?.user?.name == "Alice" && answer.source == .server)
            #expect(setup.counter.count("UserName") == 1, "one request for both callers")
        }
    }

    @Test("A watch sharing a request with a dismissed screen keeps going (row 5)")
    func watchSurvivesCancelledSharer() async throws {
        try await ScenarioSetup.run { setup in
            try await setup.backend.admin(["hold": "UserName"])
            let screen = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName")
            let collector = Collector<GraphQLResult<UserNameQuery.Data>>()
            let watching = Task {
                do {
                    for try await result in setup.client.watch(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) {
                        await collector.append(result)
                    }
                } catch {
                    await collector.fail(error)
                }
            }
            defer { watching.cancel() }
            try await waitForWaiters(2, on: setup.client)
            screen.cancel()
            _ = try? await screen.value
            try await setup.backend.admin(["release": "UserName"])
            let results = try await collector.waitUntil("the shared answer") { $0.count == 1 }
            #expect(results[0].data?.user?.name == "Alice")
            _ = try await setup.client.execute(RenameUserMutation(id: "1", name: "Alina"))
            let updated = try await collector.waitUntil("the rename") { $0.count == 2 }
            #expect(updated[1].data?.user?.name == "Alina")
        }
    }

    @Test("Every caller gone: the request is cancelled and forgotten")
    func everyCallerGone() async throws {
        try await ScenarioSetup.run { setup in
            try await setup.backend.admin(["hold": "UserName"])
            let first = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName")
            let second = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await waitForWaiters(2, on: setup.client)
            first.cancel()
            second.cancel()
            await #expect(throws: APIError.self) { try await first.value }
            await #expect(throws: APIError.self) { try await second.value }
            try await waitForWaiters(0, on: setup.client)
            #expect(setup.client.inFlightRequestCount == 0)
            try await setup.backend.admin(["release": "UserName"])
        }
    }

    @Test("A request started after a write is not joined to one started before it, nor overwritten by it (row 6)")
    func writeBetweenRequests() async throws {
        try await ScenarioSetup.run { setup in
            _ = try await setup.client.execute(UserNameQuery(id: "1"))
            // The slow request reads "Alice", then waits to answer.
            try await setup.backend.admin(["holdAfter": "UserName"])
            let slow = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName")
            // A mutation lands meanwhile.
            let renamed = try await setup.client.execute(RenameUserMutation(id: "1", name: "Alice (new)"))
            #expect(renamed.data?.renameUser.name == "Alice (new)")
            // Pull to refresh: a request of its own, which reads the new name.
            let refresh = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName", count: 2)
            #expect(setup.counter.count("UserName") == 3)
            // The slow answer lands first: its caller gets what the server said then, the cache keeps the newer name.
            try await setup.backend.admin(["releaseOne": "UserName"])
            #expect(try await slow.value.data?.user?.name == "Alice")
            let cached = try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            #expect(cached.data?.user?.name == "Alice (new)")
            try await setup.backend.admin(["release": "UserName"])
            #expect(try await refresh.value.data?.user?.name == "Alice (new)")
        }
    }

    @Test("clear() while a request is in flight: its answer does not land in the cleared store (row 11)")
    func clearWhileInFlight() async throws {
        try await ScenarioSetup.run { setup in
            try await setup.backend.admin(["holdAfter": "UserName"])
            let pending = Task { try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .serverOnly) }
            try await setup.backend.waitUntilWaiting("UserName")
            try await setup.cache.clear()
            try await setup.backend.admin(["release": "UserName"])
            #expect(try await pending.value.data?.user?.name == "Alice", "the caller still gets its answer")
            #expect(await setup.cache.recordCount == 0)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(UserNameQuery(id: "1"), fetchPolicy: .cacheOnly)
            }
        }
    }

    /// Waits until `count` callers wait on the client's shared requests (a hang detector only).
    private func waitForWaiters(_ count: Int, on client: GraphQLHTTPClient) async throws {
        try await HangDetector.waitUntil("\(count) callers waiting on shared requests") {
            client.inFlightWaiterCount == count
        }
    }
}
