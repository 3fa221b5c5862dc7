import GraphQLBridge

extension ModelFixedCases {
    private static func feedFirst(_ user: String, _ policy: ModelStep.Policy = .serverOnly) -> ModelStep {
        .query(
            cache: 0, operation: ModelFeed.operationName, variables: ModelFeed.firstPage(user), policy: policy,
            headers: .none)
    }

    private static func feedNext(_ user: String) -> ModelStep {
        .page(.feedPage(cache: 0, user: user, pick: -1, gap: false, headers: .none))
    }

    /// Issue 31's feed, an `appendAfter` list (`ModelFeed.swift`): `c:1`'s friends are ann, bob and ann.profile at the
    /// start (two a page). Each case fails with a fault inserted by hand in `CacheListMergeStep` (named in the case).
    static let feed: [Case] = [
        Case(
            name:
                "a first page over a longer feed keeps its tail (hand-inserted fault: a first page replaces the list)",
            steps: [feedFirst("c:1"), feedNext("c:1"), feedFirst("c:1"), feedFirst("c:1", .cacheOnly)]),
        Case(
            name:
                "a feed that kept its tail is as fresh as its oldest part (hand-inserted fault: the first page's age)",
            steps: [
                // The kept item's record is answered again (its fields fresh): only the list's age makes it stale.
                feedFirst("c:1"), feedNext("c:1"), .clock(seconds: 20), feedFirst("c:1"),
                .query(
                    cache: 0, operation: "Users", variables: ["ids": .array([.string("ann.profile")])],
                    policy: .serverOnly, headers: .none),
                .clock(seconds: 15), feedFirst("c:1", .cacheOnly),
            ]),
        Case(
            name:
                "a feed pager's refresh replaces the list, whatever it holds (hand-inserted fault: it keeps the tail)",
            steps: [
                .page(.openFeed(cache: 0, user: "c:1")), .page(.next(0)), feedFirst("c:1"), .page(.refresh(0)),
                feedFirst("c:1", .cacheOnly),
            ]),
        Case(
            name: "friends added and removed between the feed's pages: the first page's head, the tail kept",
            steps: [
                feedFirst("c:1"), feedNext("c:1"), .change(.addFriend(user: "c:1", friend: "d\"q")), feedNext("c:1"),
                .watch(
                    cache: 0, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("c:1"), offline: true,
                    partialData: false, headers: .none),
                .change(.removeFriend(user: "c:1", friend: "bob")), feedFirst("c:1"), feedFirst("c:1", .preferCache),
            ]),
        Case(
            name: "a page after a stale part of the feed (no-cache) does not make the list fresh (seed 514)",
            configuration: ModelConfiguration(persistent: true, caches: 2, memoizedResultLimit: 0),
            steps: [
                .watch(
                    cache: 1, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("c:1"),
                    offline: false, partialData: true, headers: .noCache),
                feedNext("c:1"),
                .query(
                    cache: 1, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("ann.profile"),
                    policy: .preferCache, headers: .none),
            ]),
        Case(
            name:
                "a late first page does not overwrite the newer list written since its request (hand-inserted fault: "
                + "first pages merged without their request's start)",
            steps: [
                late("c:1"), .change(.removeFriend(user: "c:1", friend: "bob")), feedFirst("c:1"), .deliver(0),
                feedFirst("c:1", .cacheOnly),
            ]),
        Case(
            name:
                "a first page overtaken by an older request's late page leaves that list stale (hand-inserted fault: "
                + "an overtaken answer's conflicting fields kept fresh, by both rules: the order, and values taken)",
            steps: [
                late("c:1"), .change(.removeFriend(user: "c:1", friend: "bob")), late("c:1"), .deliver(0), .deliver(0),
                feedFirst("c:1", .cacheOnly),
            ]),
        Case(
            name: "a late page after an item goes after it in the list the store holds when it arrives",
            steps: [
                feedFirst("c:1"), late("c:1", after: "bob"), .change(.addFriend(user: "c:1", friend: "d\"q")),
                feedFirst("c:1"), .deliver(0), feedFirst("c:1", .cacheOnly),
            ]),
    ]

    /// `no-store` answers of the feed: not written, but what they say of the list counts (seed 20817, with
    /// `GRAPHQLBRIDGE_MODEL_FEED_WEIGHT=0.4`).
    static let unwrittenFeed: [Case] = [
        Case(
            name:
                "a watch whose first page is answered no-store shows the whole list the cache keeps, as a read does "
                + "(seed 20817)",
            steps: [
                feedFirst("c:1"), feedNext("c:1"),
                .watch(
                    cache: 0, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("c:1"),
                    offline: false, partialData: false, headers: .noStore),
            ]),
        Case(
            name: "a no-store first page that would change the list the cache keeps makes it stale",
            steps: [
                feedFirst("c:1"), feedNext("c:1"), .change(.removeFriend(user: "c:1", friend: "bob")),
                .query(
                    cache: 0, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("c:1"),
                    policy: .serverOnly, headers: .noStore),
                feedFirst("c:1", .cacheOnly),
            ]),
    ]

    /// The app's own write of a feed (issue 31's local edits): the list it writes is the list, whole.
    static let localFeedWrite: [Case] = [
        Case(
            name:
                "a local write of a feed's first page replaces the longer list the cache kept (the model's fault: the "
                + "local write not in the feed model)",
            steps: [
                feedFirst("c:1"), feedNext("c:1"),
                .local(
                    .write(
                        cache: 0, operation: ModelFeed.operationName, variables: ModelFeed.firstPage("c:1"),
                        marked: true)),
                late("c:1"), .change(.addFriend(user: "c:1", friend: "d\"q")), .deliver(0),
                feedFirst("c:1", .cacheOnly),
            ])
    ]

    /// A page of `user`'s feed (after `after`, when given) that the server holds until a `.deliver`.
    private static func late(_ user: String, after: String? = nil) -> ModelStep {
        var variables = ModelFeed.firstPage(user)
        if let after { variables["after"] = .string(after) }
        return .hold(cache: 0, operation: ModelFeed.operationName, variables: variables, headers: .none)
    }
}
