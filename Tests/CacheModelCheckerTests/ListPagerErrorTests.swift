import CacheModelAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// A list pager (issue 31, `friendList` one list in the cache, merged by offset) over a page whose answer nulls one
/// element with a field error: the element is `null` (as the server answered), the rest of the list is read and
/// followed, and a plain read of the list from the cache is a miss (the cache has no value for that element).
@Suite("One list in the cache with an element the server's error made null")
@MainActor
struct ListPagerErrorTests {
    static func page(_ users: [String?]) -> String {
        let items = users.map { id in
            id.map { #"{"id":"\#($0)","name":"name \#($0)","karma":1}"# } ?? "null"
        }
        return #"{"data":{"friendList":[\#(items.joined(separator: ","))]}"#
    }

    @Test("the element reads as null, the others are read and follow the cache; a plain read of the list misses")
    func elementErrorIsNull() async throws {
        let transport = MockTransport()
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = GraphQLHTTPClient(endpoint: URL(fileURLWithPath: "/graphql"), transport: transport, cache: cache)
        let pager = client.pager(
            FriendListQuery(id: "ann", offset: 0, limit: 2),
            pagination: .offset(
                items: { $0.friendList }, limit: 2, offsetOf: { $0.offset },
                page: { FriendListQuery(id: "ann", offset: $0, limit: $1) }),
            errorPolicy: .returnPartialData)
        // The second friend's name failed on the server: `name` is non-null, so its user is null, with the error.
        transport.enqueue(
            json: Self.page(["bob", nil])
                + #","errors":[{"message":"name unavailable","path":["friendList",1,"name"]}]}"#)
        try await pager.loadNext()
        transport.enqueue(json: Self.page(["cid", "dan"]) + "}")
        try await pager.loadNext()
        #expect(pager.items.map { $0?.id } == ["bob", nil, "cid", "dan"])
        #expect(pager.hasNextPage)
        // A mutation changes a listed user in place: the list is followed, not lost to the null element.
        transport.enqueue(json: #"{"data":{"renameUser":{"id":"cid","name":"Cid"}}}"#)
        _ = try await client.execute(RenameUserMutation(id: "cid", name: "Cid"))
        try await HangDetector.waitUntil("the pager shows the renamed user") { @MainActor in
            pager.items.count == 4 && pager.items[2]?.name == "Cid"
        }
        #expect(pager.items.map { $0?.id } == ["bob", nil, "cid", "dan"])
        // A plain read of the list cannot vouch for the element the server's error made null: a miss.
        await #expect(throws: APIError.self) {
            _ = try await client.execute(FriendListQuery(id: "ann", offset: 0, limit: 2), fetchPolicy: .cacheOnly)
        }
        #expect(transport.requests.count == 3)
    }
}
