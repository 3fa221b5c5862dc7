import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import PagingAPI
import Testing

/// A pager's ``GraphQLQueryPager/refresh()`` whose request is shared (the client's requests in flight) with another
/// screen's `execute` of the same first page of an `appendAfter` list (`listedItemsBeforeID`, issue 31): one request,
/// two writes of its answer, the execute's merged as a first page (keeping the stored tail after its last item), the
/// refresh's replacing the list. Whatever order they land in, the list is the refresh's page alone.
@Suite("A pager's refresh sharing the request of an execute of the same first page")
@MainActor
struct SharedRefreshTests {
    @Test("the refresh replaces the list: it does not keep the tail the execute's first page keeps")
    func refreshSharingAnExecute() async throws {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: true)
        let client = GraphQLHTTPClient(
            endpoint: PagingServer.endpoint, transport: server.transport, cache: GraphQLCache(maxAge: .seconds(3600)))
        let pager = client.pager(FirstPageTests.first, pagination: FirstPageTests.belowID)
        try await server.load(3, through: pager)
        #expect(pager.items.map(\.number) == Array((2...10).reversed()))
        let requests = server.requestCount
        // Another screen's execute of the first page, held by the server; then the pager's refresh, which joins it.
        let execute = Task { try await client.execute(FirstPageTests.first, fetchPolicy: .serverOnly) }
        try await HangDetector.waitUntil("the execute's request") { @MainActor in server.pendingCount == 1 }
        let refresh = Task { try await pager.refresh() }
        try await HangDetector.waitUntil("the refresh joins the execute's request") { @MainActor in
            client.inFlightWaiterCount == 2
        }
        #expect(server.requestCount == requests + 1, "the refresh sent a request of its own")
        server.answer(at: 0, failing: false)
        let fetched = try await execute.value
        try await refresh.value
        #expect(fetched.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8])
        #expect(server.requestCount == requests + 1)
        let cached = try await client.execute(FirstPageTests.first, fetchPolicy: .cacheOnly)
        #expect(cached.data?.listedItemsBeforeID.map(\.number) == [10, 9, 8], "the list kept the tail")
        try await HangDetector.waitUntil("the pager at rest") { @MainActor in
            !pager.isRefreshing && pager.isFollowingAtRest
        }
        #expect(pager.items.map(\.number) == [10, 9, 8])
    }
}
