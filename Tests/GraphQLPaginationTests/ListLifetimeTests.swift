import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import PagingAPI
import Testing

/// Issue 31: a list combined from pages (a later page appended, a first page that keeps the stored tail) is as fresh
/// as its oldest part, also when one part has a lifetime of its own (`Cache-Control: max-age`) and the other the
/// cache's default: the shorter of the two, the default standing for the missing one. Before, a later page with the
/// default lifetime appended to a list with a shorter own lifetime gave the whole list the default (a list past its
/// first page's `max-age` read as fresh), and a first page with its own lifetime over a list with the default made
/// the kept list stale at once.
@Suite("A list combined from pages of own and default lifetimes")
@MainActor
struct ListLifetimeTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A cache with an hour's default lifetime on `clock` (in memory, or persistent in `folder`), and a client of
    /// `server` through it.
    func client(_ server: PagingServer, clock: Locked<Date>, folder: URL? = nil) -> GraphQLHTTPClient {
        let cache = GraphQLCache(
            storage: folder.map { .persistent(directory: $0) } ?? .memory, maxAge: .seconds(3600),
            now: { clock.withLock { $0 } })
        return GraphQLHTTPClient(endpoint: PagingServer.endpoint, transport: server.transport, cache: cache)
    }

    /// A server of ten items that answers at once, the clock at ``start``, and a client through a cache in memory or
    /// (`persistent`) in a new folder (the caller removes it).
    func setUp(persistent: Bool) -> (PagingServer, Locked<Date>, GraphQLHTTPClient, URL?) {
        let server = PagingServer(numbers: Array(1...10), holdsRequests: false)
        let clock = Locked(Self.start)
        let folder =
            persistent
            ? FileManager.default.temporaryDirectory.appendingPathComponent(
                "list-lifetime-\(UUID().uuidString)", isDirectory: true) : nil
        return (server, clock, client(server, clock: clock, folder: folder), folder)
    }

    /// The list (a cache-only read of the first page's query) and whether it is stale.
    func cached(_ client: GraphQLHTTPClient) async throws -> (numbers: [Int], isStale: Bool) {
        let read = try await client.execute(FirstPageTests.first, fetchPolicy: .cacheOnly)
        return (read.data?.listedItemsBeforeID.map(\.number) ?? [], read.isStale)
    }

    @Test(
        "a later page of the default lifetime keeps the list's shorter own lifetime from its first page",
        arguments: [false, true])
    func laterPageKeepsTheShorterLifetime(persistent: Bool) async throws {
        let (server, clock, client, folder) = setUp(persistent: persistent)
        defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
        let pager = client.pager(FirstPageTests.first, pagination: FirstPageTests.belowID)
        // The first page fresh for 10 minutes; the next, 5 minutes later, with the default hour.
        server.setCacheControl("max-age=600")
        try await pager.loadNext()
        clock.withLock { $0 += 5 * 60 }
        server.setCacheControl(nil)
        try await pager.loadNext()
        // 10 minutes in: the items read again (fresh for an hour), so that only the list's own age decides.
        clock.withLock { $0 += 5 * 60 }
        _ = try await client.execute(ItemsPageQuery(offset: 0, limit: 10), fetchPolicy: .serverOnly)
        clock.withLock { $0 += 60 }
        let eleven = try await cached(client)
        #expect(eleven.numbers == Array((5...10).reversed()))
        #expect(eleven.isStale, "the list's first page is 11 minutes old, past its max-age of 10 minutes")
    }

    @Test(
        "a first page with its own lifetime over a list of the default lifetime: fresh for the shorter, not stale",
        arguments: [false, true])
    func firstPageWithOwnLifetimeKeepsTheList(persistent: Bool) async throws {
        let (server, clock, client, folder) = setUp(persistent: persistent)
        defer { folder.map { try? FileManager.default.removeItem(at: $0) } }
        let pager = client.pager(FirstPageTests.first, pagination: FirstPageTests.belowID)
        try await pager.loadNext()
        try await pager.loadNext()
        // A minute later another screen fetches the first page, which the server now says is fresh for 10 minutes:
        // the list keeps its tail, fresh for the shorter lifetime from its oldest part.
        clock.withLock { $0 += 60 }
        server.setCacheControl("max-age=600")
        _ = try await client.execute(FirstPageTests.first, fetchPolicy: .serverOnly)
        clock.withLock { $0 += 60 }
        let two = try await cached(client)
        #expect(two.numbers == Array((5...10).reversed()))
        #expect(!two.isStale, "2 minutes old, every part within its lifetime")
        clock.withLock { $0 += 9 * 60 }
        let eleven = try await cached(client)
        #expect(eleven.numbers == Array((5...10).reversed()))
        #expect(eleven.isStale, "the list's oldest part is 11 minutes old, past the shorter lifetime")
    }
}
