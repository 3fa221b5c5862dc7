import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import PagingAPI
import Testing

/// Two aliases of one listed field in one answer (`newest: listedItemsBefore(last: 2)`, `older:
/// listedItemsBefore(last: 2, before: 6)`): each is a page of the same list, merged in response order, for a root
/// field's list and for an object's (`Shelf.items`), plain lists and Relay connections (`edges` merged, `pageInfo` the
/// first page's start and the last page's end).
@Suite("Two pages of one list in one answer")
struct ListAliasTests {
    static func item(_ number: Int) -> String {
        #"{"__typename":"Item","id":"i\#(number)","number":\#(number),"name":"item \#(number)"}"#
    }

    static func items(_ numbers: [Int]) -> String { "[" + numbers.map(item).joined(separator: ",") + "]" }

    @Test("a root field's two aliases: the first page, then the page after it, one list; a later answer continues it")
    func rootAliases() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(data: #"{"newest":\#(Self.items([8, 7])),"older":\#(Self.items([6, 5]))}"#)
        let answer = try await client.execute(ListedItemsTwoPagesQuery(tag: "a", before: 7), fetchPolicy: .serverOnly)
        #expect(answer.data?.newest.map(\.number) == [8, 7])
        #expect(answer.data?.older.map(\.number) == [6, 5])
        let list = try await client.execute(
            ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(list.data?.listedItemsBefore.map(\.number) == [8, 7, 6, 5], "both pages, in response order")
        // A second answer: its first page replaces the list, its page after 5 follows it (plain append: no anchor).
        transport.enqueue(data: #"{"newest":\#(Self.items([9, 8])),"older":\#(Self.items([4, 3]))}"#)
        _ = try await client.execute(ListedItemsTwoPagesQuery(tag: "a", before: 5), fetchPolicy: .serverOnly)
        let replaced = try await client.execute(
            ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(replaced.data?.listedItemsBefore.map(\.number) == [9, 8, 4, 3])
        // Two later pages in one answer: both continue the stored list, in response order.
        transport.enqueue(data: #"{"older":\#(Self.items([2, 1])),"oldest":\#(Self.items([0]))}"#)
        _ = try await client.execute(
            ListedItemsTwoLaterPagesQuery(tag: "a", first: 3, second: 1), fetchPolicy: .serverOnly)
        let continued = try await client.execute(
            ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(continued.data?.listedItemsBefore.map(\.number) == [9, 8, 4, 3, 2, 1, 0])
    }

    @Test("an object's list: two aliases of Shelf.items in one answer are both merged into the shelf's list")
    func nestedAliases() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(
            data:
                #"{"shelf":{"__typename":"Shelf","id":"s1","name":"shelf","newest":\#(Self.items([8, 7])),"older":\#(Self.items([6, 5]))}}"#
        )
        let answer = try await client.execute(
            ShelfTwoPagesQuery(id: "s1", tag: "t", before: 7), fetchPolicy: .serverOnly)
        #expect(answer.data?.shelf?.older.map(\.number) == [6, 5])
        let list = try await client.execute(
            ShelfItemsQuery(id: "s1", tag: "t", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(list.data?.shelf?.items.map(\.number) == [8, 7, 6, 5], "both pages, in response order")
    }

    static func edge(_ number: Int) -> String { #"{"cursor":"c\#(number)","node":\#(item(number))}"# }

    /// A connection's page of the items `numbers` (cursor "c<number>").
    static func page(_ numbers: [Int], hasNext: Bool, hasPrevious: Bool) -> String {
        let edges = numbers.map(edge).joined(separator: ",")
        let start = numbers.first.map { #""c\#($0)""# } ?? "null"
        let end = numbers.last.map { #""c\#($0)""# } ?? "null"
        return #"{"edges":[\#(edges)],"pageInfo":{"hasNextPage":\#(hasNext),"hasPreviousPage":\#(hasPrevious),"#
            + #""startCursor":\#(start),"endCursor":\#(end)}}"#
    }

    @Test("a connection's two aliases: the first page, then the page after it, one list; two later pages continue it")
    func connectionAliases() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        let newest = Self.page([1, 2], hasNext: true, hasPrevious: false)
        let older = Self.page([3, 4], hasNext: true, hasPrevious: true)
        transport.enqueue(data: #"{"newest":\#(newest),"older":\#(older)}"#)
        _ = try await client.execute(ListedConnectionTwoPagesQuery(first: 2, after: "c2"), fetchPolicy: .serverOnly)
        let list = try await client.execute(ListedItemsConnectionQuery(first: 2, after: .none), fetchPolicy: .cacheOnly)
        let connection = try #require(list.data?.listedItemsConnection)
        #expect(connection.edges.map(\.node.number) == [1, 2, 3, 4], "both pages, in response order")
        #expect(connection.edges.map(\.cursor) == ["c1", "c2", "c3", "c4"])
        #expect(connection.pageInfo.startCursor == "c1", "the list's start: the first page's")
        #expect(connection.pageInfo.hasPreviousPage == false)
        #expect(connection.pageInfo.endCursor == "c4", "the list's end: the page after it")
        #expect(connection.pageInfo.hasNextPage == true)
        // Two later pages in one answer: both continue the stored list, in response order; the end is the last's.
        let later = Self.page([5, 6], hasNext: true, hasPrevious: true)
        let last = Self.page([7], hasNext: false, hasPrevious: true)
        transport.enqueue(data: #"{"older":\#(later),"oldest":\#(last)}"#)
        _ = try await client.execute(
            ListedConnectionTwoLaterPagesQuery(first: 2, after: "c4", then: "c6"), fetchPolicy: .serverOnly)
        let whole = try await client.execute(
            ListedItemsConnectionQuery(first: 2, after: .none), fetchPolicy: .cacheOnly)
        let grown = try #require(whole.data?.listedItemsConnection)
        #expect(grown.edges.map(\.node.number) == [1, 2, 3, 4, 5, 6, 7])
        #expect(grown.pageInfo.startCursor == "c1")
        #expect(grown.pageInfo.hasPreviousPage == false)
        #expect(grown.pageInfo.endCursor == "c7")
        #expect(grown.pageInfo.hasNextPage == false)
        // A first page again (one alias): it replaces the list.
        transport.enqueue(data: #"{"listedItemsConnection":\#(Self.page([1, 2], hasNext: true, hasPrevious: false))}"#)
        _ = try await client.execute(ListedItemsConnectionQuery(first: 2, after: .none), fetchPolicy: .serverOnly)
        let replaced = try await client.execute(
            ListedItemsConnectionQuery(first: 2, after: .none), fetchPolicy: .cacheOnly)
        #expect(replaced.data?.listedItemsConnection.edges.map(\.node.number) == [1, 2])
        #expect(replaced.data?.listedItemsConnection.pageInfo.endCursor == "c2")
    }

    @Test("an object's connection: two aliases of Shelf.itemsConnection in one answer are one list in the shelf")
    func nestedConnectionAliases() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        let newest = Self.page([1, 2], hasNext: true, hasPrevious: false)
        let older = Self.page([3, 4], hasNext: false, hasPrevious: true)
        transport.enqueue(
            data: #"{"shelf":{"__typename":"Shelf","id":"s1","newest":\#(newest),"older":\#(older)}}"#)
        _ = try await client.execute(
            ShelfConnectionTwoPagesQuery(id: "s1", first: 2, after: "c2"), fetchPolicy: .serverOnly)
        let list = try await client.execute(
            ShelfConnectionQuery(id: "s1", first: 2, after: .none), fetchPolicy: .cacheOnly)
        let connection = try #require(list.data?.shelf?.itemsConnection)
        #expect(connection.edges.map(\.node.number) == [1, 2, 3, 4], "both pages, in response order")
        #expect(connection.pageInfo.startCursor == "c1")
        #expect(connection.pageInfo.endCursor == "c4")
        #expect(connection.pageInfo.hasNextPage == false)
        #expect(connection.pageInfo.hasPreviousPage == false)
    }
    // A later page's alias before the first page's, the first page without a pagination argument: its field key (and a
    // connection's path and `pageInfo` path) are the list's own, where the later page is moved first. Each page is
    // placed in response order: the later page continues the stored list, then the first page replaces it.

    @Test("a root list: a later page's alias, then the first page's without pagination arguments, in response order")
    func rootLaterThenFirst() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(data: #"{"recentItems":\#(Self.items([9, 8, 7]))}"#)
        _ = try await client.execute(RecentItemsQuery(tag: "a"), fetchPolicy: .serverOnly)
        transport.enqueue(data: #"{"older":\#(Self.items([6, 5])),"newest":\#(Self.items([10, 9]))}"#)
        let answer = try await client.execute(
            RecentItemsLaterThenFirstQuery(tag: "a", before: 7), fetchPolicy: .serverOnly)
        #expect(answer.data?.newest.map(\.number) == [10, 9])
        let list = try await client.execute(RecentItemsQuery(tag: "a"), fetchPolicy: .cacheOnly)
        #expect(list.data?.recentItems.map(\.number) == [10, 9], "the first page, last in the answer, is the list")
        #expect(list.isStale == false)
    }

    @Test("an object's list: a later page's alias, then the first page's without pagination arguments")
    func nestedLaterThenFirst() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(
            data: #"{"shelf":{"__typename":"Shelf","id":"s1","recentItems":\#(Self.items([9, 8, 7]))}}"#)
        _ = try await client.execute(ShelfRecentItemsQuery(id: "s1", tag: "t"), fetchPolicy: .serverOnly)
        transport.enqueue(
            data:
                #"{"shelf":{"__typename":"Shelf","id":"s1","older":\#(Self.items([6, 5])),"newest":\#(Self.items([10, 9]))}}"#
        )
        _ = try await client.execute(
            ShelfRecentLaterThenFirstQuery(id: "s1", tag: "t", before: 7), fetchPolicy: .serverOnly)
        let list = try await client.execute(ShelfRecentItemsQuery(id: "s1", tag: "t"), fetchPolicy: .cacheOnly)
        #expect(list.data?.shelf?.recentItems.map(\.number) == [10, 9])
        #expect(list.isStale == false)
    }

    @Test("a root connection: a later page's alias, then the first page's without arguments: its edges and pageInfo")
    func connectionLaterThenFirst() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        let older = Self.page([3, 4], hasNext: true, hasPrevious: true)
        let newest = Self.page([1, 2], hasNext: true, hasPrevious: false)
        transport.enqueue(data: #"{"older":\#(older),"newest":\#(newest)}"#)
        _ = try await client.execute(
            ListedConnectionLaterThenFirstQuery(first: 2, after: "c2"), fetchPolicy: .serverOnly)
        let list = try await client.execute(
            ListedItemsConnectionQuery(first: .none, after: .none), fetchPolicy: .cacheOnly)
        let connection = try #require(list.data?.listedItemsConnection)
        #expect(connection.edges.map(\.node.number) == [1, 2], "the first page, last in the answer, is the list")
        #expect(connection.pageInfo.startCursor == "c1")
        #expect(connection.pageInfo.endCursor == "c2")
        #expect(connection.pageInfo.hasPreviousPage == false)
        #expect(list.isStale == false)
    }

    @Test("an object's connection: a later page's alias, then the first page's without arguments")
    func nestedConnectionLaterThenFirst() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        let older = Self.page([3, 4], hasNext: false, hasPrevious: true)
        let newest = Self.page([1, 2], hasNext: true, hasPrevious: false)
        transport.enqueue(
            data: #"{"shelf":{"__typename":"Shelf","id":"s1","older":\#(older),"newest":\#(newest)}}"#)
        _ = try await client.execute(
            ShelfConnectionLaterThenFirstQuery(id: "s1", first: 2, after: "c2"), fetchPolicy: .serverOnly)
        let list = try await client.execute(
            ShelfConnectionQuery(id: "s1", first: .none, after: .none), fetchPolicy: .cacheOnly)
        let connection = try #require(list.data?.shelf?.itemsConnection)
        #expect(connection.edges.map(\.node.number) == [1, 2])
        #expect(connection.pageInfo.endCursor == "c2")
        #expect(connection.pageInfo.hasNextPage == true)
        #expect(list.isStale == false)
    }
}
