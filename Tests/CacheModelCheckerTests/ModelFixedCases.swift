import GraphQLBridge
import Testing

/// The checker's fixed cases: the rows of issue 28 (and the defects the checker found) as sequences of steps, run
/// by the same checker as the random ones.
enum ModelFixedCases {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var configuration = ModelConfiguration()
        var steps: [ModelStep]
        var testDescription: String { name }
    }

    private static let ann: [String: JSONValue] = ["id": .string("ann")]
    private static func rename(_ to: String) -> [String: JSONValue] { ["id": .string("ann"), "name": .string(to)] }
    private static let twoFiles = ModelConfiguration(persistent: true, caches: 2)
    /// Every read rebuilt from the records (no memo).
    private static let recordsOnly = ModelConfiguration(memoizedResultLimit: 0)

    /// The query-ref cases (not run with `GRAPHQLBRIDGE_MODEL_REFS=0`, see ``ModelStep/refsEnabled``).
    static let refs: [Case] = [
        Case(
            name: "a query ref follows the cache: a mutation's answer reaches it, and it ends equal to a fresh read",
            steps: [
                .ref(cache: 0, operation: "UserName", variables: ann),
                .mutate(
                    cache: 0, operation: "RenameUser", variables: rename("Anna"), kind: .init(), headers: .none),
                .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
            ]),
        Case(
            name:
                "a query ref executed again and answered late, with an older name than it showed from the cache, ends "
                + "equal to a fresh read",
            steps: [
                .ref(cache: 0, operation: "UserName", variables: ann),
                .executeRef(0, policy: .serverOnly, held: true),
                .mutate(
                    cache: 0, operation: "RenameUser", variables: rename("Anna"), kind: .init(), headers: .none),
                .deliver(0),
                .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
            ]),
        Case(
            name:
                "a ref's held execute answered after a no-store mutation made its field stale: the same value is not "
                + "fresh again (seed 335)",
            steps: [
                .ref(cache: 0, operation: "ItemByKey", variables: ["shop": .string("a,b"), "sku": .string("c")]),
                .executeRef(3, policy: .serverOnly, held: true),
                .mutate(
                    cache: 0, operation: "SetPrice",
                    variables: ["price": .number("383"), "shop": .string("a,b"), "sku": .string("c")],
                    kind: .init(optimistic: true), headers: .noStore),
                .deliver(0),
            ]),
        Case(
            name:
                "the same on two connections to one file, the mutation not optimistic (seed 995)",
            configuration: ModelConfiguration(persistent: true, caches: 2, byteLimit: 7315),
            steps: [
                .ref(cache: 1, operation: "Search", variables: ["withSites": .bool(true)]),
                .executeRef(1, policy: .serverOnly, held: true),
                .mutate(
                    cache: 1, operation: "RenameUser",
                    variables: ["id": .string("ann.profile"), "name": .string("a.b")], kind: .init(),
                    headers: .noStore),
                .deliver(1),
            ]),
        Case(
            name:
                "a ref's follower that misses after a clear in another connection, while the ref's execute is in "
                + "flight, does not join that request and keeps following the cache (seed 11193)",
            configuration: ModelConfiguration(persistent: true, caches: 2, storesResponses: false),
            steps: [
                .ref(cache: 1, operation: "FeaturedUser", variables: [:]),
                .clear(cache: 0),
                .executeRef(3, policy: .serverOnly, held: true),
                .query(cache: 0, operation: "FeaturedUserName", variables: [:], policy: .preferCache, headers: .none),
                .change(.setBio(user: "ann", to: "Mallory's page")),
                .local(.open(cache: 1, ids: ["ann"], user: "ann")),
            ]),
        Case(
            name:
                "a ref's execute sent after a clear and answered after a no-store rename of the record the clear "
                + "removed: its older name is not fresh (seed 4175, the clear shape)",
            steps: [
                .ref(cache: 0, operation: "UserName", variables: ann),
                .executeRef(0, policy: .serverOnly, held: true),
                .clear(cache: 0),
                .executeRef(0, policy: .serverOnly, held: true),
                .mutate(
                    cache: 0, operation: "RenameUser", variables: rename("Carol"), kind: .init(), headers: .noStore),
                .deliver(1),
                .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
            ]),
    ]

    static let all: [Case] =
        (ModelStep.refsEnabled ? refs : []) + seed828 + followedLists + feed + unwrittenFeed + localFeedWrite + [
            Case(
                name:
                    "a mutation's answer delivered after a newer answer the app saw does not overwrite it (seed 1863)",
                configuration: ModelConfiguration(persistent: true, memoizedResultLimit: 2),
                steps: [
                    .holdMutation(cache: 0, operation: "Feature", variables: ann),
                    .change(.rename(user: "ann", to: "Old")),
                    .query(
                        cache: 0, operation: "FeaturedUserName", variables: [:], policy: .serverOnly, headers: .none),
                    .deliver(0),
                    .query(cache: 0, operation: "FeaturedUserName", variables: [:], policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "a subscription event is written through the cache: a read after it is not older than the event",
                configuration: recordsOnly,
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .subscribe(cache: 0, operation: "UserChanged", variables: ann),
                    .change(.rename(user: "ann", to: "Anna")),
                    .publish(0),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "an answer computed before an event and delivered after it does not overwrite the event's fields",
                steps: [
                    .subscribe(cache: 0, operation: "UserChanged", variables: ann),
                    .hold(cache: 0, operation: "UserName", variables: ann, headers: .none),
                    .change(.rename(user: "ann", to: "Anna")),
                    .publish(0),
                    .deliver(0),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "an event for one cache on a shared file reaches the other cache's reads",
                configuration: twoFiles,
                steps: [
                    .query(cache: 1, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .subscribe(cache: 0, operation: "UserChanged", variables: ann),
                    .change(.rename(user: "ann", to: "Anna")),
                    .publish(0),
                    .query(cache: 1, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "row 7: an error belongs to the object it was reported on",
                steps: [
                    .change(.feature(user: "d\"q")),
                    .watch(
                        cache: 0, operation: "FeaturedUser", variables: [:], offline: false, partialData: true,
                        headers: .none),
                    .change(.feature(user: "bob")),
                    // The featured user is now Bob, whose bio the cache does not have.
                    .query(
                        cache: 0, operation: "FeaturedUserName", variables: [:], policy: .serverOnly, headers: .none),
                ]),
            Case(
                name: "a watch whose answer was no-store follows what the cache learns later",
                steps: [
                    .watch(
                        cache: 0, operation: "FeaturedUser", variables: [:], offline: false, partialData: false,
                        headers: .noStore),
                    .mutate(
                        cache: 0, operation: "Feature", variables: ["id": .string("bob")], kind: .init(), headers: .none
                    ),
                    .query(cache: 0, operation: "FeaturedUser", variables: [:], policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 1: a field selected under a condition and unconditionally is written and read",
                configuration: recordsOnly,
                steps: [
                    .query(
                        cache: 0, operation: "UserBio", variables: ["id": .string("ann"), "withBio": .bool(false)],
                        policy: .preferCache, headers: .none),
                    .query(
                        cache: 0, operation: "UserBio", variables: ["id": .string("ann"), "withBio": .bool(false)],
                        policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "row 2: an id equal to another object's path does not overwrite it",
                steps: [
                    .query(cache: 0, operation: "UserProfile", variables: ann, policy: .preferCache, headers: .none),
                    .query(
                        cache: 0, operation: "Users", variables: ["ids": .array([.string("ann.profile")])],
                        policy: .preferCache, headers: .none),
                    .query(cache: 0, operation: "UserProfile", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "row 2: composite keys whose parts hold the separator stay apart",
                steps: [
                    .query(
                        cache: 0, operation: "ItemByKey", variables: ["shop": .string("a,b"), "sku": .string("c")],
                        policy: .preferCache, headers: .none),
                    .mutate(
                        cache: 0, operation: "SetPrice",
                        variables: ["shop": .string("a"), "sku": .string("b,c"), "price": .number("241")],
                        kind: .init(), headers: .none),
                    .query(
                        cache: 0, operation: "ItemByKey", variables: ["shop": .string("a,b"), "sku": .string("c")],
                        policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "row 3: colocated fragments' sub-selections of one field are all read",
                configuration: recordsOnly,
                steps: [
                    .query(cache: 0, operation: "UserFriend", variables: ann, policy: .preferCache, headers: .none),
                    .query(cache: 0, operation: "UserFriend", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "row 4: a mutation answered with data and a field error is written",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .change(.setBioFails(user: "ann", true)),
                    .mutate(
                        cache: 0, operation: "RenameUserWithBio", variables: rename("New"), kind: .init(),
                        headers: .none),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 5: an optimistic mutation answered with data and a field error is not rolled back",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .change(.setBioFails(user: "ann", true)),
                    .mutate(
                        cache: 0, operation: "RenameUserWithBio", variables: rename("New"),
                        kind: .init(optimistic: true), headers: .none),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 6: a mutation answered no-store leaves what it replaced not fresh",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .mutate(
                        cache: 0, operation: "RenameUser", variables: rename("New"), kind: .init(), headers: .noStore),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 6: an optimistic mutation answered no-store leaves what it replaced not fresh",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .mutate(
                        cache: 0, operation: "RenameUser", variables: rename("New"), kind: .init(optimistic: true),
                        headers: .noStore),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 8: the Age header counts",
                steps: [
                    .query(
                        cache: 0, operation: "UserName", variables: ann, policy: .preferCache,
                        headers: .maxAgeWithAge(maxAge: 60, age: 50)),
                    .change(.rename(user: "ann", to: "New")),
                    .clock(seconds: 20),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 9: the age counts from when the request was sent",
                steps: [
                    .hold(cache: 0, operation: "UserName", variables: ann, headers: .maxAge(60)),
                    .clock(seconds: 50),
                    .deliver(0),
                    .change(.rename(user: "ann", to: "New")),
                    .clock(seconds: 20),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 10: no-cache is revalidated before use",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .noCache),
                    .change(.rename(user: "ann", to: "New")),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "a wall clock that moved back makes nothing fresher",
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .change(.rename(user: "ann", to: "New")),
                    .clock(seconds: 31),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                    .clock(seconds: -10),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 11: an answer older than another process's write does not overwrite it",
                configuration: twoFiles,
                steps: [
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .hold(cache: 0, operation: "UserName", variables: ann, headers: .none),
                    .mutate(cache: 1, operation: "RenameUser", variables: rename("New"), kind: .init(), headers: .none),
                    .deliver(0),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                    .query(cache: 1, operation: "UserName", variables: ann, policy: .preferCache, headers: .none),
                ]),
            Case(
                name: "row 12: a clear in another process discards answers to requests made before it",
                configuration: twoFiles,
                steps: [
                    .hold(cache: 0, operation: "UserName", variables: ann, headers: .none),
                    .clear(cache: 1),
                    .deliver(0),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                    .query(cache: 1, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
            Case(
                name: "a clear in the same process discards answers to requests made before it",
                steps: [
                    .hold(cache: 0, operation: "UserName", variables: ann, headers: .none),
                    .clear(cache: 0),
                    .deliver(0),
                    .query(cache: 0, operation: "UserName", variables: ann, policy: .cacheOnly, headers: .none),
                ]),
        ] + issue31
}
