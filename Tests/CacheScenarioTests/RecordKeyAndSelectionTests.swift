import CacheScenarioAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import GraphQLBridgeTesting
import Testing

/// Record keys that no id can make another's, and selections merged as the spec's field collection merges them: a
/// field selected in several places of one operation is written and read with all of its places' sub-selections,
/// and selected when any of its places is. A mock transport gives the answers (written here by hand); the cache keeps
/// no memoized results unless a test says so, so that every read is rebuilt from the records.
@Suite("Record keys and merged selections")
struct RecordKeyAndSelectionTests {
    /// A client on a mock transport and a memory cache on a clock that does not move.
    struct Setup {
        let transport = MockTransport()
        let cache: GraphQLCache
        let client: GraphQLHTTPClient

        /// `memoized`: whether the cache keeps memoized results (off: every read is rebuilt from the records).
        init(memoized: Bool = false) throws {
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            cache = GraphQLCache(
                maxAge: .seconds(60), memoizedResultLimit: memoized ? 10_000 : 0, now: { now })
            client = GraphQLHTTPClient(
                endpoint: try #require(URL(string: "http://127.0.0.1:1/graphql")), transport: transport, cache: cache)
        }

        /// Queues the server's next answer, `{"data":<data>}`.
        func answer(_ data: String) { transport.enqueue(data: data) }

        /// How many requests were sent.
        var requestCount: Int { transport.requests.count }

        /// `operation` read from the cache only: fails unless it is a fresh hit.
        func cached<Operation: GraphQLQuery>(_ operation: Operation) async throws -> Operation.Data {
            let result = try await client.execute(operation, fetchPolicy: .cacheOnly)
            #expect(result.source == .cache)
            #expect(!result.isStale)
            return try #require(result.data)
        }
    }

    // MARK: - One field selected in several places

    @Test("row 1: `... @include(if: $withBio) { bio }` and a plain `bio`, withBio false: bio is written and read")
    func unconditionalPlaceWins() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","name":"Ann","bio":"Hello"}}"#)
        let fetched = try await setup.client.execute(MemberBioQuery(id: "m1", withBio: false))
        #expect(fetched.data?.member?.bio == "Hello")

        #expect(try await setup.cached(MemberBioQuery(id: "m1", withBio: false)).member?.bio == "Hello")
        // Stored: another query selecting `bio` reads it.
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m1")).member?.bio == "Hello")
        #expect(setup.requestCount == 1)
    }

    @Test("`bio @skip(if: $noBio)` then `... @include(if: $withBio) { bio }`: selected when either place is")
    func conditionsAreOred() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","name":"Ann","bio":"Hello"}}"#)
        _ = try await setup.client.execute(MemberSkipBioQuery(id: "m1", noBio: true, withBio: true))
        #expect(try await setup.cached(MemberSkipBioQuery(id: "m1", noBio: true, withBio: true)).member?.bio == "Hello")
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m1")).member?.bio == "Hello")

        // Neither place selected: the server leaves `bio` out, and the cache needs none to answer.
        let other = try Setup()
        other.answer(#"{"member":{"id":"m1","name":"Ann"}}"#)
        _ = try await other.client.execute(MemberSkipBioQuery(id: "m1", noBio: true, withBio: false))
        let read = try await other.cached(MemberSkipBioQuery(id: "m1", noBio: true, withBio: false))
        #expect(read.member?.name == "Ann")
        #expect(read.member?.bio == nil)
    }

    @Test("the optimistic path merges the same way: the optimistic `bio` of row 1's shape is written and read")
    func optimisticMergesTheSameWay() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","name":"Ann","bio":"Hello"}}"#)
        _ = try await setup.client.execute(MemberPlainBioQuery(id: "m1"))

        let gate = AnswerGate()
        let answer = Data(#"{"data":{"setMemberBio":{"id":"m1","name":"Ann","bio":"New"}}}"#.utf8)
        setup.transport.enqueue { _, _ in
            await gate.wait()
            return (HTTPResponse(status: 200, headers: ["Content-Type": "application/json"]), answer)
        }
        let client = setup.client
        let mutation = Task {
            try await client.execute(
                SetMemberBioMutation(id: "m1", bio: "New", full: false),
                optimisticData: .init(setMemberBio: .init(id: "m1", name: "Ann", bio: "Optimistic")))
        }
        #expect(await setup.transport.waitForRequests(2))
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m1")).member?.bio == "Optimistic")
        await gate.open()
        _ = try await mutation.value
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m1")).member?.bio == "New")
    }

    @Test("one named fragment spread twice under different conditions: selected when the second one is")
    func fragmentSpreadTwice() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","name":"Ann","bio":"Hello"}}"#)
        _ = try await setup.client.execute(MemberBioTwiceQuery(id: "m1", first: false, second: true))
        let read = try await setup.cached(MemberBioTwiceQuery(id: "m1", first: false, second: true))
        #expect(read.member?.bio == "Hello")
        #expect(read.member?.fragments.memberBioFields?.bio == "Hello")
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m1")).member?.bio == "Hello")
    }

    @Test("row 3: two colocated fragments select different fields of one object without a key: both are read")
    func colocatedFragmentsMerge() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","bestFriend":{"id":"m2","profile":{"headline":"Hi","karma":7}}}}"#)
        _ = try await setup.client.execute(MemberFriendProfileQuery(id: "m1"))
        let read = try await setup.cached(MemberFriendProfileQuery(id: "m1"))
        #expect(read.member?.bestFriend?.profile?.headline == "Hi")
        #expect(read.member?.bestFriend?.profile?.karma == 7)
        #expect(read.member?.fragments.friendKarma.bestFriend?.profile?.karma == 7)
        #expect(read.member?.fragments.friendHeadline.bestFriend?.profile?.headline == "Hi")
    }

    @Test("the same as two type cases on an interface")
    func interfaceTypeCasesMerge() async throws {
        let setup = try Setup()
        setup.answer(
            #"{"entity":{"__typename":"Member","id":"m1","bestFriend":{"id":"m2","profile":{"headline":"Hi","karma":7}}}}"#
        )
        _ = try await setup.client.execute(EntityFriendProfileQuery(id: "m1"))
        let read = try await setup.cached(EntityFriendProfileQuery(id: "m1"))
        #expect(read.entity?.asMember?.bestFriend?.profile?.headline == "Hi")
        #expect(read.entity?.asMember?.bestFriend?.profile?.karma == 7)
    }

    @Test("the same as type cases on a union in a list, one under @skip: read when selected, not needed when not")
    func unionTypeCasesMerge() async throws {
        let setup = try Setup()
        setup.answer(
            #"{"search":[{"__typename":"Member","id":"m1","bestFriend":{"id":"m2","profile":{"headline":"Hi","karma":7}}},"#
                + #"{"__typename":"Site","id":"s1","name":"Home"}]}"#)
        _ = try await setup.client.execute(SearchProfilesQuery(text: "a"))
        let read = try await setup.cached(SearchProfilesQuery(text: "a"))
        #expect(read.search.first?.asMember?.bestFriend?.profile?.headline == "Hi")
        #expect(read.search.first?.asMember?.bestFriend?.profile?.karma == 7)
        #expect(read.search.last?.asSite?.name == "Home")

        // With the second case skipped the server leaves `karma` out: the cache answers without it.
        let other = try Setup()
        other.answer(
            #"{"search":[{"__typename":"Member","id":"m1","bestFriend":{"id":"m2","profile":{"headline":"Hi"}}}]}"#)
        _ = try await other.client.execute(SearchProfilesQuery(text: "a", noKarma: true))
        let skipped = try await other.cached(SearchProfilesQuery(text: "a", noKarma: true))
        #expect(skipped.search.first?.asMember?.bestFriend?.profile?.headline == "Hi")
        #expect(other.requestCount == 1)
    }

    @Test("a field selected plainly and again under @include with more below: the more is needed only when included")
    func conditionalSubSelection() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m1","bestFriend":{"id":"m2","name":"Bo"}}}"#)
        _ = try await setup.client.execute(MemberFriendMaybeKarmaQuery(id: "m1", withKarma: false))
        let plain = try await setup.client.execute(MemberFriendMaybeKarmaQuery(id: "m1", withKarma: false))
        #expect(plain.source == .cache)
        #expect(plain.data?.member?.bestFriend?.name == "Bo")
        #expect(setup.requestCount == 1)

        // Included: the profile is not in the cache yet, so the server is asked; then it is read from the records.
        setup.answer(#"{"member":{"id":"m1","bestFriend":{"id":"m2","name":"Bo","profile":{"karma":7}}}}"#)
        let included = try await setup.client.execute(MemberFriendMaybeKarmaQuery(id: "m1", withKarma: true))
        #expect(included.source == .server)
        let read = try await setup.cached(MemberFriendMaybeKarmaQuery(id: "m1", withKarma: true))
        #expect(read.member?.bestFriend?.profile?.karma == 7)
        #expect(read.member?.bestFriend?.name == "Bo")
        #expect(setup.requestCount == 2)
    }

    @Test("aliases named as other fields: each value is stored under its field, not its response key")
    func aliasesNamedAsFields() async throws {
        let setup = try Setup()
        // `bio: name`, `name: bio`.
        setup.answer(#"{"member":{"id":"m1","bio":"Ann","name":"Hello"}}"#)
        _ = try await setup.client.execute(MemberSwappedQuery(id: "m1"))
        let read = try await setup.cached(MemberPlainBioQuery(id: "m1"))
        #expect(read.member?.name == "Ann")
        #expect(read.member?.bio == "Hello")
        let swapped = try await setup.cached(MemberSwappedQuery(id: "m1"))
        #expect(swapped.member?.bio == "Ann")
        #expect(swapped.member?.name == "Hello")
    }

    // MARK: - Record keys

    /// Fetches `SiteOwner` for `id`, answered with `name` and `ownerName`.
    private static func fetchSite(_ setup: Setup, id: String, name: String, ownerName: String) async throws {
        setup.answer(
            JSONValue.object([
                "site": .object([
                    "id": .string(id), "name": .string(name), "owner": .object(["name": .string(ownerName)]),
                ])
            ]).jsonText)
        let result = try await setup.client.execute(SiteOwnerQuery(id: id), fetchPolicy: .serverOnly)
        #expect(result.data?.site?.name == name)
    }

    @Test("row 2: a Site whose id is `alice.owner` does not write into alice's owner (stored under alice's path)")
    func idLikeAPath() async throws {
        let setup = try Setup()
        try await Self.fetchSite(setup, id: "alice", name: "Alice's page", ownerName: "Alice")
        try await Self.fetchSite(setup, id: "alice.owner", name: "Mallory's page", ownerName: "Mallory")

        let alice = try await setup.cached(SiteOwnerQuery(id: "alice"))
        #expect(alice.site?.name == "Alice's page")
        #expect(alice.site?.owner?.name == "Alice")
        let mallory = try await setup.cached(SiteOwnerQuery(id: "alice.owner"))
        #expect(mallory.site?.name == "Mallory's page")
        #expect(mallory.site?.owner?.name == "Mallory")
        #expect(await setup.cache.record(forKey: CacheRecord.objectKey(typeName: "Site", keyValues: ["alice"])) != nil)
        #expect(
            await setup.cache.record(forKey: CacheRecord.objectKey(typeName: "Site", keyValues: ["alice.owner"]))
                != nil)
    }

    @Test("a key field's response key holding another field (`id: name`) does not key the object: no overwrite")
    func keyFieldResponseKeyAliased() async throws {
        let setup = try Setup()
        setup.answer(#"{"member":{"id":"m2","name":"Bob","bio":"Bob's bio"}}"#)
        _ = try await setup.client.execute(MemberPlainBioQuery(id: "m2"))
        // Member m1's name is "m2" (a user chose it), selected as `id: name`.
        setup.answer(#"{"member":{"id":"m2","bio":"Mallory's bio"}}"#)
        _ = try await setup.client.execute(MemberNameAsIDQuery(id: "m1"))

        let bob = try await setup.cached(MemberPlainBioQuery(id: "m2"))
        #expect(bob.member?.name == "Bob")
        #expect(bob.member?.bio == "Bob's bio")
        let mallory = try await setup.cached(MemberNameAsIDQuery(id: "m1"))
        #expect(mallory.member?.id == "m2")
        #expect(mallory.member?.bio == "Mallory's bio")

        // The id under an alias keys the object as `id` does: one record, read by the other query.
        setup.answer(#"{"member":{"memberID":"m2","name":"Bob","bio":"New bio"}}"#)
        _ = try await setup.client.execute(MemberAliasedIDQuery(id: "m2"), fetchPolicy: .serverOnly)
        #expect(try await setup.cached(MemberPlainBioQuery(id: "m2")).member?.bio == "New bio")
        #expect(setup.requestCount == 3)
    }

    @Test("a field selected under the response key `__typename` (`__typename: name`) is not the object's type")
    func typenameResponseKeyAliased() async throws {
        let setup = try Setup()
        try await Self.fetchSite(setup, id: "m1", name: "Home", ownerName: "Ann")
        // Member m1's name is "Site" (a user chose it), selected as `__typename: name`.
        setup.answer(#"{"member":{"__typename":"Site","id":"m1","bio":"Mallory's bio"}}"#)
        _ = try await setup.client.execute(MemberNameAsTypenameQuery(id: "m1"))

        #expect(try await setup.cached(SiteOwnerQuery(id: "m1")).site?.name == "Home")
        #expect(try await setup.cached(MemberNameAsTypenameQuery(id: "m1")).member?.__typename == "Site")
    }

    /// Ids that spell, or try to spell, other keys: separators, quotes, escapes, braces, an empty one, a key's own text.
    static let trickyIDs = [
        "a", "a.owner", "a.owner.name", "a,b", "a:b", "Site:a", "Site:a.owner", "\"a\"", "\"a\".owner", "a\\",
        "a\\\"", "{a}", "a}", "{", "", " ", "a b", "a\"", "\"", "\\u0061", "QUERY_ROOT.site({\"id\":\"a\"})",
        "a(b)", "0", "-1", "1.5", "1e3", "a\n", "\u{1F3B2}",
    ]

    @Test("ids with `.`, `,`, `:`, quotes, backslashes and braces: every site keeps its own record and owner")
    func trickyIDsKeepTheirRecords() async throws {
        let setup = try Setup()
        for (index, id) in Self.trickyIDs.enumerated() {
            try await Self.fetchSite(setup, id: id, name: "site \(index)", ownerName: "owner \(index)")
        }
        for (index, id) in Self.trickyIDs.enumerated() {
            let read = try await setup.cached(SiteOwnerQuery(id: id))
            #expect(read.site?.name == "site \(index)", "id \(String(reflecting: id))")
            #expect(read.site?.owner?.name == "owner \(index)", "id \(String(reflecting: id))")
        }
        #expect(setup.requestCount == Self.trickyIDs.count)
    }

    @Test("ids that differ only in their Unicode normalization are two objects (and two queries to the memo)")
    func unicodeNormalization() async throws {
        let composed = "jos\u{E9}"
        let decomposed = "jose\u{301}"
        #expect(composed == decomposed, "Swift's String equality: canonical equivalence")
        for memoized in [false, true] {
            let setup = try Setup(memoized: memoized)
            try await Self.fetchSite(setup, id: composed, name: "composed", ownerName: "first")
            setup.answer(#"{"site":{"id":"jose\u0301","name":"decomposed","owner":{"name":"second"}}}"#)
            let second = try await setup.client.execute(SiteOwnerQuery(id: decomposed))
            #expect(second.source == .server, "memoized: \(memoized)")
            #expect(second.data?.site?.name == "decomposed", "memoized: \(memoized)")
            #expect(try await setup.cached(SiteOwnerQuery(id: composed)).site?.name == "composed")
            #expect(try await setup.cached(SiteOwnerQuery(id: composed)).site?.owner?.name == "first")
            #expect(try await setup.cached(SiteOwnerQuery(id: decomposed)).site?.name == "decomposed")
            #expect(setup.requestCount == 2)
        }
    }

    @Test("composite keyFields whose values hold the separator: (`a,b`, `c`) and (`a`, `b,c`) are two records")
    func compositeKeys() async throws {
        let setup = try Setup()
        let items = [
            ("a,b", "c", "first"), ("a", "b,c", "second"), ("a\",\"b", "c", "third"), ("a", "b\",\"c", "fourth"),
        ]
        for (shelf, slot, label) in items {
            setup.answer(
                JSONValue.object([
                    "shelfItem": .object(["shelf": .string(shelf), "slot": .string(slot), "label": .string(label)])
                ]).jsonText)
            _ = try await setup.client.execute(ShelfItemQuery(shelf: shelf, slot: slot))
        }
        for (shelf, slot, label) in items {
            #expect(try await setup.cached(ShelfItemQuery(shelf: shelf, slot: slot)).shelfItem?.label == label)
        }
        #expect(
            await setup.cache.record(forKey: CacheRecord.objectKey(typeName: "ShelfItem", keyValues: ["a,b", "c"]))
                != nil)
    }
}

/// Holds a mock server's answer until the test opens it.
private actor AnswerGate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Returns once the gate is open.
    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Opens the gate: every waiter goes on.
    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
