import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import PagingAPI
import Testing

/// An object of the schema's query type inside an answer: a Relay-style mutation payload's `query: Query!`, or a
/// query's field of type `Query`. Its fields are the query root's: written to the records a query's root fields are
/// written to (as Apollo iOS does), so a later query reads them, its watchers hear of them, and the store's version
/// rules apply to them as to any answer.
@Suite("An object of the query type inside an answer")
struct QueryObjectInAnswerTests {
    static func item(_ number: Int, name: String? = nil) -> String {
        #"{"__typename":"Item","id":"i\#(number)","number":\#(number),"name":"\#(name ?? "item \(number)")"}"#
    }

    static func items(_ numbers: [Int]) -> String { "[" + numbers.map { item($0) }.joined(separator: ",") + "]" }

    /// The `addItem` payload: the new item, and the query root with the two newest items, the item `id` and the shelf.
    static func payload(newest: [Int], item: String, shelfItems: [Int]) -> String {
        #"{"addItem":{"item":\#(Self.item(newest[0])),"query":{"itemsBefore":\#(items(newest)),"item":\#(item),"#
            + #""shelf":{"__typename":"Shelf","id":"s1","name":"shelf","items":\#(items(shelfItems))}}}}"#
    }

    @Test("a mutation payload's query: its root fields are written to the query root's records, watchers signalled")
    func mutationPayloadQuery() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        // A query of the two newest items, watched; the item 3 not there yet (`null`).
        transport.enqueue(data: #"{"itemsBefore":\#(Self.items([2, 1]))}"#)
        let watch = client.watch(ItemsBeforeQuery(last: 2, before: .none), fetchPolicy: .preferCache)
        var updates = watch.makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.data?.itemsBefore.map { $0.number } == [2, 1])
        transport.enqueue(data: #"{"item":null}"#)
        let absent = try await client.execute(ItemByIDQuery(id: "i3"), fetchPolicy: .serverOnly)
        #expect(absent.data?.item == nil)

        transport.enqueue(data: Self.payload(newest: [3, 2], item: Self.item(3), shelfItems: [3, 2]))
        let added = try await client.execute(AddItemMutation(number: 3, id: "i3", shelfId: "s1", tag: "t"))
        #expect(added.data?.addItem.query.itemsBefore.map(\.number) == [3, 2])

        // The root field that was `null` now names the item; a query never sent reads the shelf the payload held.
        let item = try await client.execute(ItemByIDQuery(id: "i3"), fetchPolicy: .cacheOnly)
        #expect(item.data?.item?.name == "item 3")
        let shelf = try await client.execute(
            ShelfItemsQuery(id: "s1", tag: "t", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(
            shelf.data?.shelf?.items.map(\.number) == [3, 2], "the shelf's list (its list policy) from the payload")
        #expect(transport.requests.count == 3, "no request for the reads from the cache")
        // The watcher of the root field the payload's query held hears of it.
        let next = try await updates.next()
        #expect(
            next?.data?.itemsBefore.map { $0.number } == [3, 2], "the root field's record, written by the mutation")
    }

    @Test("a mutation payload's query: a root field with a list policy is merged into its list, its watcher told")
    func mutationPayloadQueryList() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(data: #"{"listedItemsBefore":\#(Self.items([2, 1]))}"#)
        let watch = client.watch(ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .preferCache)
        var updates = watch.makeAsyncIterator()
        let first = try await updates.next()
        #expect(first?.data?.listedItemsBefore.map(\.number) == [2, 1])

        transport.enqueue(
            data: #"{"addItem":{"item":\#(Self.item(3)),"query":{"listedItemsBefore":\#(Self.items([3, 2]))}}}"#)
        _ = try await client.execute(AddItemListedMutation(number: 3, tag: "a"))
        // The payload's page is the list's first page: it replaces the list (not written under its own field key,
        // which no read of the list reads).
        let list = try await client.execute(
            ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(list.data?.listedItemsBefore.map(\.number) == [3, 2])
        #expect(list.isStale == false)
        let next = try await updates.next()
        #expect(next?.data?.listedItemsBefore.map(\.number) == [3, 2], "the list's watcher hears of it")
        #expect(transport.requests.count == 2)
    }

    @Test("a query's answer sent before the mutation, landing after it, does not undo the payload's root fields")
    func earlierQueryOvertaken() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        let (gate, open) = AsyncStream<Void>.makeStream()
        transport.enqueue { _, _ in
            for await _ in gate { break }
            let body = Data(#"{"data":{"itemsBefore":\#(Self.items([2, 1]))}}"#.utf8)
            return (
                HTTPResponse(status: 200, headers: ["Content-Type": GraphQLResponseDecoder.graphQLResponseMediaType]),
                body
            )
        }
        let late = Task { try await client.execute(ItemsBeforeQuery(last: 2, before: .none), fetchPolicy: .serverOnly) }
        #expect(await transport.waitForRequests(1))
        transport.enqueue(data: Self.payload(newest: [3, 2], item: Self.item(3), shelfItems: [3, 2]))
        _ = try await client.execute(AddItemMutation(number: 3, id: "i3", shelfId: "s1", tag: "t"))
        open.yield()
        open.finish()
        let answer = try await late.value
        #expect(answer.data?.itemsBefore.map(\.number) == [2, 1], "the late answer is its caller's")
        let read = try await client.execute(ItemsBeforeQuery(last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(read.data?.itemsBefore.map(\.number) == [3, 2], "the payload's newer root field is kept")
    }

    @Test("a query's field of the query type: its fields are the root's, read by a query of them and read back")
    func queryFieldOfQueryType() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(data: #"{"root":{"__typename":"Query","itemsBefore":\#(Self.items([5, 4]))}}"#)
        let answer = try await client.execute(RootItemsQuery(last: 2), fetchPolicy: .serverOnly)
        #expect(answer.data?.root.itemsBefore.map(\.number) == [5, 4])
        let root = try await client.execute(ItemsBeforeQuery(last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(root.data?.itemsBefore.map(\.number) == [5, 4], "written to the root field's record")
        let again = try await client.execute(RootItemsQuery(last: 2), fetchPolicy: .cacheOnly)
        #expect(again.data?.root.itemsBefore.map(\.number) == [5, 4], "read back through the query root")
        // A change of the root field is the nested read's too.
        transport.enqueue(data: #"{"itemsBefore":\#(Self.items([6, 5]))}"#)
        _ = try await client.execute(ItemsBeforeQuery(last: 2, before: .none), fetchPolicy: .serverOnly)
        let changed = try await client.execute(RootItemsQuery(last: 2), fetchPolicy: .cacheOnly)
        #expect(changed.data?.root.itemsBefore.map(\.number) == [6, 5])
        #expect(transport.requests.count == 2)
    }

    @Test("a list policy's root field below a field of the query type: a later page joins the list, read whole")
    func listBelowQueryField() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        transport.enqueue(data: #"{"listedItemsBefore":\#(Self.items([5, 4]))}"#)
        _ = try await client.execute(ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .serverOnly)
        // The page below item 4, through `root`: merged into the list, as the same page at the root is.
        transport.enqueue(data: #"{"root":{"__typename":"Query","listedItemsBefore":\#(Self.items([3, 2]))}}"#)
        let page = try await client.execute(
            RootListedItemsBeforeQuery(tag: "a", last: 2, before: 4), fetchPolicy: .serverOnly)
        #expect(page.data?.root.listedItemsBefore.map(\.number) == [3, 2], "the answer is the page")
        let list = try await client.execute(
            ListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(list.data?.listedItemsBefore.map(\.number) == [5, 4, 3, 2], "the root read gives the whole list")
        // The same query read from the cache: the whole list too (as a root field's read of a later page gives it),
        // not a miss looking for the page under its own arguments.
        let nested = try await client.execute(
            RootListedItemsBeforeQuery(tag: "a", last: 2, before: 4), fetchPolicy: .cacheOnly)
        #expect(nested.data?.root.listedItemsBefore.map(\.number) == [5, 4, 3, 2])
        let first = try await client.execute(
            RootListedItemsBeforeQuery(tag: "a", last: 2, before: .none), fetchPolicy: .cacheOnly)
        #expect(first.data?.root.listedItemsBefore.map(\.number) == [5, 4, 3, 2])
        #expect(transport.requests.count == 2)
    }

    @Test("a cache redirect below a field of the query type: the object the key arguments name, or a miss")
    func redirectBelowQueryField() async throws {
        let transport = MockTransport()
        let client = GraphQLHTTPClient.withMemoryCache(transport)
        // The items through `root` (which the cache then knows to be the query root).
        transport.enqueue(data: #"{"root":{"__typename":"Query","itemsBefore":\#(Self.items([2, 1]))}}"#)
        _ = try await client.execute(RootItemsQuery(last: 2), fetchPolicy: .serverOnly)
        // `root { item(id: "i2") }` never asked: read from the record `Item:i2` the list wrote, as `item(id:)` is.
        let nested = try await client.execute(RootItemByIDQuery(id: "i2"), fetchPolicy: .cacheOnly)
        #expect(nested.data?.root.item?.name == "item 2")
        let atRoot = try await client.execute(ItemByIDQuery(id: "i2"), fetchPolicy: .cacheOnly)
        #expect(atRoot.data?.item?.name == "item 2")
        #expect(transport.requests.count == 1, "no request for either read")
        // An object the cache does not hold is a miss, never an empty value.
        await #expect(throws: APIError.self) {
            _ = try await client.execute(RootItemByIDQuery(id: "i9"), fetchPolicy: .cacheOnly)
        }
        // The item renamed: the redirected read follows its record.
        transport.enqueue(data: #"{"renameItem":\#(Self.item(2, name: "two"))}"#)
        _ = try await client.execute(RenameItemMutation(id: "i2", name: "two"))
        let renamed = try await client.execute(RootItemByIDQuery(id: "i2"), fetchPolicy: .cacheOnly)
        #expect(renamed.data?.root.item?.name == "two")
    }

    @Test("the generated metadata names the query type only for an operation that can meet it below its root")
    func metadataNamesTheQueryType() {
        #expect(AddItemMutation.cacheMetadata?.queryTypeName == "Query")
        #expect(RootItemsQuery.cacheMetadata?.queryTypeName == "Query")
        #expect(ItemsBeforeQuery.cacheMetadata?.queryTypeName == nil)
        #expect(RenameItemMutation.cacheMetadata?.queryTypeName == nil)
    }
}
