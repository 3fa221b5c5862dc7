import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import PagingAPI
import Testing

/// Two aliases of one listed field in one answer (`newest: listedItemsBefore(last: 2)`, `older:
/// listedItemsBefore(last: 2, before: 6)`): each is a page of the same list, merged in response order, for a root
/// field's list and for an object's (`Shelf.items`).
@Suite("Two pages of one list in one answer")
struct ListAliasTests {
    static func item(_ number: Int) -> String {
        #"{"__typename":"Item","id":"i\#(number)","number":\#(number),"name":"item \#(number)"}"#
    }

    static func items(_ numbers: [Int]) -> String { "[" + numbers.map(item).joined(separator: ",") + "]" }

    @Test("a root field's two aliases: the first page, then the page after it, one list; a later answer continues it")
    func rootAliases() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/aliases.test/graphql"), transport: transport,
            cache: GraphQLCache(maxAge: .seconds(3600)))
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
        let client = GraphQLHTTPClient(
            endpoint: URL(fileURLWithPath: "/aliases.test/graphql"), transport: transport,
            cache: GraphQLCache(maxAge: .seconds(3600)))
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
}
