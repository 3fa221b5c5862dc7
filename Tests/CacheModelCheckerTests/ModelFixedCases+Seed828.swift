import GraphQLBridge

extension ModelFixedCases {
    /// Seed 828, found when the `executeRef` steps were turned on by default (its shrunk sequences have none): a record
    /// trimmed under a small byte limit took its fields' versions with it, so an answer to a request that started
    /// before the record's last change wrote it again as fresh, with a value the server had changed since. First a
    /// record written again whole (the owner's `page`), then a record written again by another query without the field
    /// the old answer carried (the site's `title`). The stores now keep the highest version a removed record had, and
    /// such an answer writes the fields the stored record lacks stale (`RemovedRecordVersionTests`).
    private static let sites: [String: JSONValue] = ["a": .string("s,1"), "b": .string("alice.owner")]

    static let seed828: [Case] = [
        Case(
            name:
                "seed 828 (15 steps): a held query answered after another connection's mutation of the same path-keyed owner",
            configuration: ModelConfiguration(
                persistent: true, caches: 2, maxAge: 30, byteLimit: 2476, memoizedResultLimit: 10_000,
                storesResponses: false),
            steps: [
                .hold(cache: 0, operation: "TwoSites", variables: sites, headers: .none),
                .local(
                    .write(
                        cache: 0, operation: "Search", variables: ["limit": .number("1"), "withSites": .bool(false)],
                        marked: true)),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("ann.profile")], policy: .preferCache,
                    headers: .none),
                .page(.open(cache: 0, user: "c:1")),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("d\"q")], policy: .serverFirst,
                    headers: .noCache),
                .ref(cache: 1, operation: "TwoSites", variables: sites),
                .mutate(
                    cache: 1, operation: "SetOwnerPage",
                    variables: ["id": .string("alice.owner"), "page": .string("y")], kind: .init(), headers: .none),
                .local(.open(cache: 1, ids: ["ann", "ann.profile"], user: "ann")),
                .query(
                    cache: 0, operation: "ShopItems", variables: ["shop": .string("a")], policy: .preferCache,
                    headers: .maxAge(20)),
                .query(
                    cache: 0, operation: "UserFriend", variables: ["id": .string("d\"q")], policy: .preferCache,
                    headers: .none),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("s,1")], policy: .preferCache,
                    headers: .maxAgeWithAge(maxAge: 60, age: 59)),
                .ref(
                    cache: 0, operation: "UserProfile", variables: ["id": .string("ann"), "withProfile": .bool(true)]),
                .page(.next(1)),
                .deliver(0),
                .mutate(
                    cache: 1, operation: "Feature", variables: ["id": .string("ann")], kind: .init(optimistic: true),
                    headers: .noStore),
            ]),
        Case(
            name:
                "seed 828 (21 steps): a held query answered after a rename, its site trimmed and written again without the title",
            configuration: ModelConfiguration(
                persistent: true, caches: 2, maxAge: 30, byteLimit: 2476, memoizedResultLimit: 10_000,
                storesResponses: false),
            steps: [
                .hold(cache: 0, operation: "TwoSites", variables: sites, headers: .none),
                .hold(
                    cache: 1, operation: "UserFriendsDefault",
                    variables: ["first": .number("3"), "id": .string("bob")], headers: .noStore),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("ann.profile")], policy: .preferCache,
                    headers: .none),
                .mutate(
                    cache: 0, operation: "RenameSite",
                    variables: ["id": .string("alice.owner"), "title": .string("a.b")], kind: .init(partialData: true),
                    headers: .none),
                .page(.open(cache: 0, user: "c:1")),
                .publish(0),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("d\"q")], policy: .serverFirst,
                    headers: .noCache),
                .local(.open(cache: 1, ids: ["bob", "c:1", "d\"q"], user: "c:1")),
                .ref(cache: 1, operation: "TwoSites", variables: sites),
                .deliver(3),
                .query(
                    cache: 1, operation: "Users",
                    variables: ["ids": .array([.string("ann"), .string("nobody"), .string("bob")])],
                    policy: .preferCache, headers: .maxAgeWithAge(maxAge: 0, age: 9)),
                .page(.next(0)),
                .watch(
                    cache: 1, operation: "UserBio", variables: ["id": .string("e\\f"), "withBio": .bool(false)],
                    offline: false, partialData: true, headers: .maxAge(20)),
                .query(
                    cache: 0, operation: "UserFriend", variables: ["id": .string("d\"q")], policy: .preferCache,
                    headers: .none),
                .executeRef(1, policy: .serverOnly, held: true),
                .query(
                    cache: 0, operation: "NodeByID", variables: ["id": .string("s,1")], policy: .preferCache,
                    headers: .maxAgeWithAge(maxAge: 60, age: 59)),
                .ref(
                    cache: 0, operation: "UserProfile", variables: ["id": .string("ann"), "withProfile": .bool(true)]),
                .mutate(
                    cache: 0, operation: "SetOwnerPage",
                    variables: ["id": .string("alice.owner"), "page": .string("y")], kind: .init(), headers: .none),
                .mutate(
                    cache: 0, operation: "SetPrice",
                    variables: ["price": .number("70"), "shop": .string("a,b"), "sku": .string("b,c")],
                    kind: .init(refused: true, optimistic: true, partialData: true), headers: .none),
                .deliver(0),
                .deliver(0),
            ]),
    ]
}
