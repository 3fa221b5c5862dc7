import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// Issue 31's feed: `friendFeed`, a user's friends as one `appendAfter` list in the cache (a list policy with
/// `continuationField: "id"`: a page with `after` goes after the stored item it names), driven through the public API
/// by the checker's feed steps (first pages with every fetch policy and any `Cache-Control`, later pages after an item
/// the list holds or not, friends added and removed on the server, watches, pagers loaded further and refreshed), and
/// its reference model (``ModelFeedModel``): what the store holds for each list and how old its oldest part is.
enum ModelFeed {
    /// The users whose feeds the steps look at (few: the steps meet the same lists). `c:1` has three friends at the
    /// start and a key component that is quoted (`User:"c:1"`), which an anchor must read whole.
    static let users = ["c:1", "ann.profile", "ann"]

    /// The operation's name.
    static let operationName = "FriendFeed"

    /// The variables of `user`'s first page.
    static func firstPage(_ user: String) -> [String: JSONValue] {
        ["id": .string(user), "first": .number(String(ModelPager.limit))]
    }

    /// Whether sequences draw feed steps: yes unless `GRAPHQLBRIDGE_MODEL_FEED=0` (they come from a random stream of
    /// their own: a seed's other steps do not depend on this switch).
    static let drawn = ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_FEED"] != "0"

    /// The chance of a feed step after each other step (`GRAPHQLBRIDGE_MODEL_FEED_WEIGHT`, default 0.2).
    static let weight =
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_FEED_WEIGHT"].flatMap { Double($0) } ?? 0.2

    /// A feed step: a first page from the server (any fetch policy, mostly without `Cache-Control`), the page after
    /// the list's last item (the next page) or after another item (held or not), a friend added or removed on the
    /// server, a read of the list (`.cacheOnly` or `.preferCache`: checked against the model when fresh), a watch, a
    /// feed pager opened, loaded further or refreshed.
    static func random(_ random: inout ModelRandom, caches: Int) -> ModelStep {
        let cache = random.next(upTo: caches)
        let user = random.pick(users)
        switch random.next(upTo: 100) {
        case 0..<26:
            let policy: ModelStep.Policy = random.chance(0.8) ? .serverOnly : .serverFirst
            return .query(
                cache: cache, operation: operationName, variables: firstPage(user), policy: policy,
                headers: random.chance(0.75) ? .none : .random(&random))
        case 26..<48:
            return .page(.feedPage(cache: cache, user: user, pick: -1, gap: false, headers: .none))
        case 48..<56:
            return .page(
                .feedPage(
                    cache: cache, user: user, pick: random.next(upTo: 6), gap: random.chance(0.3),
                    headers: random.chance(0.7) ? .none : .random(&random)))
        case 56..<72:
            let friend = random.pick(ModelWorld.userIDs)
            let added = random.chance(0.55)
            return .change(added ? .addFriend(user: user, friend: friend) : .removeFriend(user: user, friend: friend))
        case 72..<86:
            return .query(
                cache: cache, operation: operationName, variables: firstPage(user),
                policy: random.chance(0.6) ? .cacheOnly : .preferCache, headers: .none)
        case 86..<90:
            return .watch(
                cache: cache, operation: operationName, variables: firstPage(user), offline: random.chance(0.2),
                partialData: random.chance(0.5), headers: random.chance(0.7) ? .none : .random(&random))
        case 90..<94: return .page(.openFeed(cache: cache, user: user))
        case 94..<97: return .page(.next(random.next(upTo: 3)))
        default: return .page(.refresh(random.next(upTo: 3)))
        }
    }
}

/// The reference model of the feed lists in the store (one store per run: two caches share one file): for each
/// user's list, the ids it holds and the answers it was made of (its parts), each with the time until which it is
/// fresh. An answer written to a list (each `FriendFeed` answer received, in the order the server gave them) places
/// its page as the list policy's rule says:
/// - a page with `after` goes after the last stored item with that id (none, or no list: it joins nothing), taking the
///   places after it up to the stored item equal to its own last (the stored items after that stay; none: the list
///   ends with the page), each record once;
/// - a pager's refresh (`replacingLists`) replaces the list: the page alone;
/// - any other first page whose last item the list holds, not as its last, replaces the list's head up to that item
///   and keeps the stored tail, each record once; else (empty, last item not held, no list) it is the list.
/// A list that keeps a part is as fresh as its oldest part: a read marked fresh must come before every part's expiry.
/// A `no-store` answer is not written; a `no-cache` one is, never fresh. A clear (a new epoch) empties the store.
struct ModelFeedModel {
    struct List {
        var ids: [String]
        /// The answers the list is made of: their executions and the times until which each is fresh.
        var parts: [(execution: Int, expiry: Date)]
    }

    var lists: [String: List] = [:]
    /// The epoch the lists belong to.
    var epoch = 0

    /// Forgets the lists of an earlier epoch (a clear, a relaunch in memory, a new schema version).
    mutating func enter(epoch current: Int) {
        guard current != epoch else { return }
        lists = [:]
        epoch = current
    }

    /// Writes `execution`'s page, if it is a feed page written to the store: `expiry` `nil` for an answer not kept
    /// (`no-store`).
    mutating func write(_ execution: ModelTransport.Execution, expiry: Date?, epoch current: Int) {
        guard execution.operationName == ModelFeed.operationName, !execution.refused,
            case .string(let user)? = execution.variables["id"]
        else { return }
        enter(epoch: current)
        guard execution.epoch == current, let expiry,
            case .array(let items)? = ModelPager.member(["friendFeed"], of: execution.result.data)
        else { return }
        let page = items.map { item -> String in
            guard case .object(let members) = item, case .string(let id)? = members["id"] else { return "null" }
            return id
        }
        let part = (execution: execution.id, expiry: expiry)
        let stored = lists[user]
        if case .string(let anchor)? = execution.variables["after"] {
            guard var list = stored, let index = list.ids.lastIndex(of: anchor) else { return }
            var joined = Array(list.ids[...index]) + page
            if index < list.ids.count - 1, let last = page.last,
                let end = list.ids[(index + 1)...].firstIndex(of: last)
            {
                joined += list.ids[(end + 1)...]
            }
            list.ids = Self.unique(joined)
            list.parts.append(part)
            lists[user] = list
            return
        }
        if !execution.replacing, var list = stored, let last = page.last, let end = list.ids.firstIndex(of: last),
            end < list.ids.count - 1
        {
            list.ids = Self.unique(page + list.ids[(end + 1)...])
            list.parts.append(part)
            lists[user] = list
            return
        }
        lists[user] = List(ids: page, parts: [part])
    }

    /// `ids` with each once, in its first place.
    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

extension ModelRun {
    /// Whether the run's model of the feed lists is exact: the store is never trimmed (with a small byte limit, a
    /// list or its items may be evicted at any write, which the model cannot place).
    var feedModelled: Bool { configuration.byteLimit == ModelConfiguration().byteLimit }

    /// How many fresh reads of a feed list were checked against the model's list, in this process, and how many of
    /// those lists kept a part from before their last first page (for the progress lines).
    static let feedChecks = Locked((lists: 0, kept: 0))

    /// Checks a result of `FriendFeed` (any page's variables: a read gives the whole list): marked fresh, its ids are
    /// the model's list (when ``feedModelled``), no part of that list has expired, and each item's fields are what the
    /// server held in the result's lifetime (checked as `users(ids:)` of those ids, each field by its source).
    func checkFeed(
        _ outcome: ModelOperation.Outcome, variables: [String: JSONValue], cache: Int, what: String
    ) throws {
        guard case .result(let data?, .cache, false, _) = outcome, case .string(let user)? = variables["id"] else {
            return
        }
        guard case .array(let items)? = ModelPager.member(["friendFeed"], of: data) else {
            throw ModelFailure(
                step: 0, message: "FriendFeed of \(user) on cache \(cache) gave no list: \(data.jsonText)")
        }
        let ids = items.map { item -> JSONValue in
            guard case .object(let members) = item, let id = members["id"] else { return .null }
            return id
        }
        let (time, epoch) = transport.state.withLock { ($0.latestSeen[cache] ?? $0.latest, $0.epoch) }
        feed.enter(epoch: epoch)
        if feedModelled {
            let shown = ids.map { $0.stringValue ?? "null" }
            guard let list = feed.lists[user] else {
                throw ModelFailure(
                    step: 0,
                    message: "FriendFeed of \(user) on cache \(cache) was served as fresh with \(shown), but the "
                        + "model's store holds no such list; \(what): \(data.jsonText)")
            }
            guard list.ids == shown else {
                throw ModelFailure(
                    step: 0,
                    message: "FriendFeed of \(user) on cache \(cache) was served as fresh with \(shown), while the "
                        + "model's list (its pages placed by the appendAfter rule) is \(list.ids); \(what)")
            }
            Self.feedChecks.withLock {
                $0.lists += 1
                if list.parts.count > 1 { $0.kept += 1 }
            }
            if let expired = list.parts.first(where: { $0.expiry <= time }) {
                throw ModelFailure(
                    step: 0,
                    message: "FriendFeed of \(user) on cache \(cache) was served as fresh with \(shown) at \(time), "
                        + "but a part of the list (the answer of request \(expired.execution)) expired at "
                        + "\(expired.expiry): a list is as fresh as its oldest part (parts: "
                        + "\(list.parts.map { "\($0.execution) until \($0.expiry)" })); \(what)")
            }
        }
        let users = try Self.operation("Users")
        try check(
            .result(data: .object(["users": .array(items)]), source: .cache, isStale: false, errorCount: 0),
            operation: users, variables: ["ids": .array(ids)], cache: cache,
            what: "\(what) (FriendFeed of \(user), its items read as users(ids:))")
    }

    /// The time until which `execution`'s answer is fresh (as ``receiveAnswers(including:)`` counts it; `time`: the
    /// checker's time now): `nil` when it is not kept (`no-store`), the distant past when never fresh (`no-cache`).
    func expiry(of execution: ModelTransport.Execution, time: Date) -> Date? {
        switch execution.headers {
        case .noStore: nil
        case .noCache: .distantPast
        case .none, .sharedMaxAge: time.addingTimeInterval(TimeInterval(configuration.maxAge))
        case .maxAge(let seconds): execution.sentAt.addingTimeInterval(TimeInterval(seconds))
        case .maxAgeWithAge(let seconds, let age): execution.sentAt.addingTimeInterval(TimeInterval(seconds - age))
        case .duplicatedMaxAge(let first, let second):
            execution.sentAt.addingTimeInterval(TimeInterval(max(first, second)))
        }
    }

    /// Runs a page after an item (`ModelPageStep.feedPage`): after the model list's item at `pick` (modulo its
    /// count; its last for -1), or, when the list is empty or `gap`, after the user at `pick` of the world's (held by
    /// the list or not), from the server.
    func performFeedPage(cache: Int, user: String, pick: Int, gap: Bool, headers: ModelHeaders) async throws {
        let held = feed.lists[user]?.ids ?? []
        let ids = ModelWorld.userIDs
        let anchor =
            gap || held.isEmpty
            ? ids[(pick < 0 ? ids.count - 1 : pick) % ids.count] : held[pick < 0 ? held.count - 1 : pick % held.count]
        var variables = ModelFeed.firstPage(user)
        variables["after"] = .string(anchor)
        let operation = try Self.operation(ModelFeed.operationName)
        transport.state.withLock {
            $0.headers = headers
            $0.refuse = false
        }
        let outcome = await operation.run(clients[cache], variables, ModelOperation.Options(fetchPolicy: .serverOnly))
        receiveAnswers()
        log.append(
            "page of \(user.debugDescription)'s feed after \(anchor.debugDescription) -> \(Self.describe(outcome))")
        try check(outcome, operation: operation, variables: variables, cache: cache)
    }
}

/// Marks a pager's refresh (a task-local the transport records with each request: ``ModelTransport/Execution``'s
/// `replacing`): its first page replaces the list whatever it holds.
enum ModelListRefresh {
    @TaskLocal static var current = false
}
