import GraphQLBridge

extension ModelFixedCases {
    /// A list pager opened by `opening` (on cache 1 of two on one file, a friend list of `e\\f`), a friend's karma
    /// changed through the other connection, the friends changed on the server, the list refreshed and loaded further.
    static func friendsChangedThroughAnotherConnection(opening: ModelPageStep) -> [ModelStep] {
        [
            .page(opening),
            .page(.next(0)),
            .mutate(
                cache: 0, operation: "SetKarma", variables: ["id": .string("ann"), "karma": .number("42")],
                kind: .init(), headers: .none),
            .change(.setFriends(user: "e\\f", to: ["bob", "ann", "c:1", "d\"q"])),
            .page(.next(0)),
            .page(.refresh(0)),
            .page(.next(0)),
            .page(.next(0)),
        ]
    }

    /// Issue 31's paths into the store: the faults hand-inserted in the redirect reader that the random sequences
    /// found at once (a list redirect read as `[]` when an item has no record: seed 3; an object not found read as
    /// `null`: seed 1), a marked local write under an alias (a checker defect the first run found, seed 428), and pagers
    /// (a fault hand-inserted in the pager, pages no longer following the cache, found at once in two steps).
    static let issue31: [Case] = [
        Case(
            name: "a list redirect whose items have no record is a miss, never [] (hand-inserted fault, seed 3)",
            steps: [
                .query(
                    cache: 0, operation: "Users",
                    variables: ["ids": .array([.string("c:1"), .string("ann"), .string("bob")])],
                    policy: .preferCache, headers: .maxAge(0))
            ]),
        Case(
            name: "an evicted object is a miss through its redirect, never null (hand-inserted fault, seed 1)",
            steps: [.local(.evictObject(cache: 0, user: "c:1"))]),
        Case(
            name: "a local write is read back, its marked names under every alias (seed 428)",
            configuration: ModelConfiguration(persistent: true),
            steps: [
                .local(
                    .write(
                        cache: 0, operation: "Pair",
                        variables: ["a": .string("e\\f"), "b": .string("e\\f"), "skipB": .bool(false)], marked: true)),
                .local(.open(cache: 0, ids: ["ann", "e\\f"], user: "e\\f")),
                .hold(cache: 0, operation: "UserName", variables: ["id": .string("e\\f")], headers: .none),
                .local(.write(cache: 0, operation: "UserName", variables: ["id": .string("e\\f")], marked: true)),
                .deliver(0),
                .query(
                    cache: 0, operation: "UserName", variables: ["id": .string("e\\f")], policy: .preferCache,
                    headers: .none),
            ]),
        Case(
            name: "a pager's page follows a mutation made through another connection to the file (hand-inserted fault)",
            configuration: ModelConfiguration(persistent: true, caches: 2),
            steps: [
                .page(.open(cache: 1, user: "ann.profile")),
                .mutate(
                    cache: 0, operation: "SetKarma", variables: ["id": .string("bob"), "karma": .number("42")],
                    kind: .init(), headers: .none),
            ]),
        Case(
            name: "seed 6587: a clear in another process while pagers and a query ref follow the file",
            configuration: ModelConfiguration(persistent: true, caches: 2, byteLimit: 1760, storesResponses: false),
            steps: [
                .query(
                    cache: 1, operation: "TwoSites", variables: ["a": .string("alice.owner"), "b": .string("alice")],
                    policy: .preferCache, headers: .none),
                .ref(cache: 0, operation: "UserFriends", variables: ["id": .string("ann.profile")]),
                .hold(cache: 1, operation: "SiteOwner", variables: ["id": .string("s,1")], headers: .none),
                .page(.open(cache: 0, user: "d\"q")),
                .page(.open(cache: 1, user: "bob")),
                .deliver(1),
                .query(
                    cache: 0, operation: "TwoSites", variables: ["a": .string("s,1"), "b": .string("alice")],
                    policy: .serverOnly, headers: .none),
                .local(.open(cache: 0, ids: ["e\\f", "d\"q", "bob"], user: "d\"q")),
                .local(.write(cache: 0, operation: "SearchDefault", variables: [:], marked: true)),
                .change(.setBestFriend(user: "bob", to: "c:1")),
                .clear(cache: 1),
            ]),
        Case(
            name: "a pager loads further, a friend renamed by a local write, then refreshed: every page follows",
            steps: [
                .page(.open(cache: 0, user: "e\\f")),
                .page(.next(0)),
                .page(.next(0)),
                .local(.write(cache: 0, operation: "UserFriends", variables: ["id": .string("e\\f")], marked: true)),
                .change(.rename(user: "ann", to: "New")),
                .page(.refresh(0)),
                .page(.next(0)),
            ]),
        Case(
            name: "a list pager (pages one list in the file), a friend changed through another connection, the friends "
                + "changed, refreshed and loaded further: the list is the server's",
            configuration: ModelConfiguration(persistent: true, caches: 2),
            steps: friendsChangedThroughAnotherConnection(opening: .openList(cache: 1, user: "e\\f"))),
        Case(
            name: "list pagers of two users in memory, a friend renamed by a local write: each list follows",
            steps: [
                .page(.openList(cache: 0, user: "e\\f")),
                .page(.openList(cache: 0, user: "d\"q")),
                .page(.next(0)),
                .page(.next(1)),
                .local(.write(cache: 0, operation: "UserFriends", variables: ["id": .string("e\\f")], marked: true)),
                .change(.rename(user: "ann", to: "New")),
                .page(.refresh(1)),
            ]),
        Case(
            name: "a nested list pager (pages one list in the user's record, in the file), a friend changed through "
                + "another connection, the friends changed, refreshed and loaded further: the list is the server's",
            configuration: ModelConfiguration(persistent: true, caches: 2),
            steps: friendsChangedThroughAnotherConnection(opening: .openNestedList(cache: 1, user: "e\\f"))),
        Case(
            name: "nested list pagers of two users in memory beside a root list pager, a friend renamed by a local "
                + "write and the user's record read by another query: each list follows",
            steps: [
                .page(.openNestedList(cache: 0, user: "e\\f")),
                .page(.openNestedList(cache: 0, user: "d\"q")),
                .page(.openList(cache: 0, user: "e\\f")),
                .page(.next(0)),
                .page(.next(1)),
                .page(.next(2)),
                .local(.write(cache: 0, operation: "UserFriends", variables: ["id": .string("e\\f")], marked: true)),
                .query(
                    cache: 0, operation: "UserFriends", variables: ["id": .string("e\\f")], policy: .serverOnly,
                    headers: .none),
                .change(.rename(user: "ann", to: "New")),
                .page(.refresh(1)),
                .page(.next(0)),
            ]),
        Case(
            name: "a list pager's list is the merge of the pages the server answered, root and nested (hand-inserted "
                + "faults, a page dropped and an item skipped, found in three pages)",
            steps: [
                .change(.setFriends(user: "e\\f", to: ["bob", "ann", "c:1", "d\"q", "ann.profile"])),
                .page(.openList(cache: 0, user: "e\\f")),
                .page(.openNestedList(cache: 0, user: "e\\f")),
                .page(.next(0)),
                .page(.next(1)),
                .page(.next(0)),
                .page(.next(1)),
            ]),
    ]
}
