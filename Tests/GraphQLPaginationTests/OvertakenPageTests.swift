import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// Two answers of one page, their requests sent at different cache versions and answered in the other order, each
/// after a change on the server (pager model seed 1074): what the cache then serves fresh is one of the server's
/// answers, never a mix of the two.
@Suite("A page answered out of order")
struct OvertakenPageTests {
    @Test(
        "the older request's later answer does not mix with the newer request's earlier one",
        arguments: [false, true])
    func noMixedPage(persistent: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("overtaken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = PagingServer(numbers: Array(stride(from: 0, through: 100, by: 10)), holdsRequests: true)
        let cache = GraphQLCache(
            storage: persistent ? .persistent(directory: directory) : .memory, maxAge: .seconds(3600),
            now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let client = GraphQLHTTPClient(endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
        let query = ItemsConnectionQuery(first: 3, after: .some("c80"))
        // The page as the server first gives it.
        let first = Task { try await client.execute(query, fetchPolicy: .serverOnly) }
        try await HangDetector.waitUntil("the first request") { server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        _ = try await first.value
        let older = Task { try await client.execute(query, fetchPolicy: .serverOnly) }
        try await HangDetector.waitUntil("the older request") { server.pendingCount == 1 }
        // The cache changes: the next request of the page is not joined to the older one.
        _ = try await client.execute(RenameItemMutation(id: "i0", name: "renamed"))
        let newer = Task { try await client.execute(query, fetchPolicy: .serverOnly) }
        try await HangDetector.waitUntil("the newer request") { server.pendingCount == 2 }
        server.insert(105)
        server.answer(at: 1, failing: false)
        let newerNumbers = try await newer.value.data?.itemsConnection.edges.map(\.node.number)
        server.insert(95)
        server.answer(at: 0, failing: false)
        let olderNumbers = try await older.value.data?.itemsConnection.edges.map(\.node.number)
        #expect(newerNumbers == [90, 100, 105])
        #expect(olderNumbers == [90, 95, 100])
        let read = try await client.execute(query, fetchPolicy: .cacheOnly)
        let numbers = read.data?.itemsConnection.edges.map(\.node.number)
        // The cache keeps the newer request's item where it wrote one (the rule for an older answer), takes the older
        // request's elsewhere: a page the server never gave, so it is stale (a read asks the server again).
        #expect(numbers == [90, 95, 105])
        #expect(read.isStale)
        // Asked again, the server's page, fresh.
        let again = Task { try await client.execute(query, fetchPolicy: .preferCache) }
        try await HangDetector.waitUntil("the page asked again") { server.pendingCount == 1 }
        server.answer(at: 0, failing: false)
        let fresh = try await again.value
        #expect(fresh.data?.itemsConnection.edges.map(\.node.number) == [90, 95, 100])
        let reread = try await client.execute(query, fetchPolicy: .cacheOnly)
        #expect(reread.data?.itemsConnection.edges.map(\.node.number) == [90, 95, 100])
        #expect(!reread.isStale)
    }
}
