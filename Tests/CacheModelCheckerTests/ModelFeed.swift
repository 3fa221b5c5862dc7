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

    /// Whether sequences draw late feed pages (``randomLate(_:caches:)``): yes unless `GRAPHQLBRIDGE_MODEL_FEED_LATE=0`.
    static let lateDrawn = ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_FEED_LATE"] != "0"

    /// A late feed step: a first page (or, less often, a page after one of the world's users) that the server holds
    /// once it has computed it, or the delivery of a held answer (perhaps after newer pages of the list were written:
    /// the store's overtaken rule, which the model follows).
    static func randomLate(_ random: inout ModelRandom, caches: Int) -> ModelStep {
        guard random.chance(0.55) else { return .deliver(random.next(upTo: 4)) }
        var variables = firstPage(random.pick(users))
        if random.chance(0.25) { variables["after"] = .string(random.pick(ModelWorld.userIDs)) }
        return .hold(
            cache: random.next(upTo: caches), operation: operationName, variables: variables,
            headers: random.chance(0.75) ? .none : .random(&random))
    }

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
///   ends with the page), each record once; whatever was written since its request started (a later page is combined
///   with the list the store holds when it arrives);
/// - a pager's refresh (`replacingLists`) replaces the list: the page alone;
/// - any other first page whose last item the list holds, not as its last, replaces the list's head up to that item
///   and keeps the stored tail, each record once; else (empty, last item not held, no list) it is the list.
/// A first page delivered late (held by the server) whose list was written since its request started is overtaken: the
/// store keeps the newer list, unless the page's list would be the same; stale when the kept list's writer may have
/// been answered first (its request was sent before the page's, or at the same store version by another client), else
/// as fresh as it was. Whether a write since the request stamped the list (a write of the same ids may or may not, as
/// it shortens a lifetime or not) and whether the store knows the two requests' order are not all visible from here:
/// the model then keeps each state the store may hold (``states``), and a fresh read keeps the ones it agrees with.
/// A list that keeps a part is as fresh as its oldest part: a read marked fresh must come before every part's expiry.
/// A `no-store` answer is not written, but a stored list it would change is made stale (none stored: the cache marks
/// the page, and an older answer that differs may be written stale); a `no-cache` one is written, never fresh. A clear
/// (a new epoch) empties the store.
struct ModelFeedModel {
    struct List: Hashable {
        var ids: [String]
        /// The answers the list is made of: their executions and the times until which each is fresh (the distant
        /// past: made stale by an overtaken page).
        var parts: [Part]
        /// The model's write (``ModelFeedModel/writes``) that last changed the ids or made the list stale, and the
        /// executions whose request start the store may have kept with it (the writer the overtaken rule compares).
        var changed: Stamp
        /// The writes since ``changed`` that gave the list the same ids: each may have stamped it (a shorter lifetime)
        /// or not.
        var touches: [Stamp] = []
    }

    struct Part: Hashable {
        var execution: Int
        var expiry: Date
    }

    struct Stamp: Hashable {
        /// The model's write count when it was made.
        var write: Int
        /// The executions (in the server's order of arrival) one of which the stored request start is from.
        var writers: Set<Int>
    }

    /// What the store may hold of each user's list (`nil`: no list): one state, or several when a late page's
    /// outcome depends on what the model cannot see. A user absent from ``unknown`` and from this has no list.
    var states: [String: [List?]] = [:]
    /// Users whose lists had more possible states than the model follows (``maximumStates``): not checked until a
    /// refresh replaces them or a clear empties the store.
    var unknown: Set<String> = []
    /// How many states of one list the model follows.
    static let maximumStates = 12
    /// The epoch the lists belong to.
    var epoch = 0
    /// How many answers were written to feed lists (the model's clock for "written since the request started").
    var writes = 0
    /// For each execution, ``writes`` when its request was sent (when the model first saw it).
    var starts: [Int: Int] = [:]
    /// The last `no-store` page of each user's list given while the store held none (the write it came at).
    var marks: [String: (write: Int, page: [String])] = [:]

    /// Notes `execution`'s request start (the model's writes so far) the first time the model sees it.
    mutating func see(_ execution: Int) {
        if starts[execution] == nil { starts[execution] = writes }
    }

    /// Forgets the lists of an earlier epoch (a clear, a relaunch in memory, a new schema version).
    mutating func enter(epoch current: Int) {
        guard current != epoch else { return }
        states = [:]
        unknown = []
        marks = [:]
        epoch = current
    }

    /// Keeps, of `user`'s states, the ones `keep` accepts (a fresh read saw the list); `false` when none is.
    mutating func narrow(_ user: String, to keep: (List?) -> Bool) -> Bool {
        let kept = (states[user] ?? [nil]).filter(keep)
        guard !kept.isEmpty else { return false }
        states[user] = kept
        return true
    }

    /// Writes `execution`'s page, if it is a feed page written to the store: `expiry` `nil` for an answer not kept
    /// (`no-store`).
    mutating func write(_ execution: ModelTransport.Execution, expiry: Date?, epoch current: Int) {
        guard execution.operationName == ModelFeed.operationName, !execution.refused,
            case .string(let user)? = execution.variables["id"]
        else { return }
        enter(epoch: current)
        guard execution.epoch == current,
            case .array(let items)? = ModelPager.member(["friendFeed"], of: execution.result.data)
        else { return }
        let page = ModelPager.ids(items)
        writes += 1
        let start = starts[execution.id] ?? writes - 1
        let answer = Answer(
            execution: execution.id, start: start, write: writes, page: page,
            part: Part(execution: execution.id, expiry: expiry ?? .distantPast),
            after: execution.variables["after"]?.stringValue, replacing: execution.replacing)
        guard expiry != nil else { return unwritten(answer, user: user) }
        // A no-store page since the request started, another than this one, while the store held no list: this one
        // may be written stale (the cache's marks of unwritten answers; loose: either).
        let marked = marks[user].map { $0.write > start && $0.page != page } ?? false
        defer { if marked, let states = states[user] { add(states.compactMap { $0?.staled(by: answer) }, to: user) } }
        if answer.replacing {
            unknown.remove(user)
            states[user] = [answer.placed(on: nil)]
            return
        }
        guard !unknown.contains(user) else { return }
        let current = states[user] ?? [nil]
        states[user] = []
        add(current.flatMap { answer.outcomes(on: $0) }, to: user)
    }

    /// The app's own write of `user`'s feed (a local edit in a cache transaction): the list it writes replaces the
    /// stored one whole, fresh until `expiry`; newer than any answer in flight (its request start unknown: the model's
    /// overtaken rule then allows the list kept fresh or stale).
    mutating func writeLocally(user: String, ids: [String], expiry: Date, epoch current: Int) {
        enter(epoch: current)
        writes += 1
        unknown.remove(user)
        let stamp = Stamp(write: writes, writers: [Int.max])
        let part = Part(execution: -1, expiry: expiry)
        var next: [List?] = []
        for state in states[user] ?? [nil] {
            var list = List(ids: ids, parts: [part], changed: stamp)
            if let state, state.ids == ids {
                // The same ids: its lifetime replaced, its version stamped or not.
                list.changed = state.changed
                list.touches = state.touches + [stamp]
            }
            if !next.contains(list) { next.append(list) }
        }
        states[user] = next
    }

    /// A `no-store` page (not written): a stored list it would change is made stale (its version stamped, its
    /// request start kept); with no list, the page is marked (``marks``).
    private mutating func unwritten(_ answer: Answer, user: String) {
        guard !unknown.contains(user) else { return }
        var next: [List?] = []
        for state in states[user] ?? [nil] {
            guard let list = state else {
                marks[user] = (answer.write, answer.page)
                next.append(nil)
                continue
            }
            let placed = answer.placed(on: list)
            next.append(placed == nil || placed?.ids == list.ids ? list : list.staled(by: answer, stamping: true))
        }
        states[user] = next
    }

    /// Adds `more` to `user`'s states (each once); past ``maximumStates``, the list is not followed (``unknown``).
    private mutating func add(_ more: [List?], to user: String) {
        var next = states[user] ?? []
        for list in more where !next.contains(list) { next.append(list) }
        if next.count > Self.maximumStates {
            unknown.insert(user)
            states[user] = nil
        } else {
            states[user] = next
        }
    }

    /// A page received, and what it makes of a list.
    struct Answer {
        var execution: Int
        /// The model's writes when its request was sent, and the write it is.
        var start: Int
        var write: Int
        var page: [String]
        var part: Part
        var after: String?
        var replacing: Bool

        /// The states `list` may become: the page placed, or (overtaken) the list kept, made stale or not.
        func outcomes(on list: List?) -> [List?] {
            guard let list, after == nil else { return [placed(on: list)] }
            // A first page: overtaken when the list's version is above the request's start, which the model knows
            // for a change of its ids (or a stale mark) since, and cannot tell for a write of the same ids since.
            let changedSince = list.changed.write > start
            let touchedSince = list.touches.contains { $0.write > start }
            guard changedSince || touchedSince else { return [placed(on: list)] }
            var outcomes: [List?] = changedSince ? [] : [placed(on: list)]
            let placed = placed(on: list)
            if placed?.ids == list.ids {
                // The same list: kept as it is (nothing conflicts).
                outcomes.append(list)
                return outcomes
            }
            // Kept; stale when its writer may have been answered first: the writers since the stamp the store
            // compares (the change, or a touch after it that stamped the list).
            outcomes.append(list.staled(by: self, stamping: false))
            if list.writers.contains(where: { $0 > execution }) { outcomes.append(list) }
            return outcomes
        }

        /// The page placed by the list policy's rule on `list` (no overtaken rule).
        func placed(on stored: List?) -> List? {
            let stamp = Stamp(write: write, writers: [execution])
            if let after {
                guard let list = stored, let index = list.ids.lastIndex(of: after) else { return stored }
                var joined = Array(list.ids[...index]) + page
                if index < list.ids.count - 1, let last = page.last,
                    let end = list.ids[(index + 1)...].firstIndex(of: last)
                {
                    joined += list.ids[(end + 1)...]
                }
                return list.with(ids: ModelFeedModel.unique(joined), part: part, stamp: stamp)
            }
            if !replacing, let list = stored, let last = page.last, let end = list.ids.firstIndex(of: last),
                end < list.ids.count - 1
            {
                return list.with(ids: ModelFeedModel.unique(page + list.ids[(end + 1)...]), part: part, stamp: stamp)
            }
            if let list = stored, list.ids == page {
                // The same ids again: a touch (its lifetime replaced by the page's).
                var same = List(ids: page, parts: [part], changed: list.changed, touches: list.touches)
                same.touches.append(stamp)
                return same
            }
            return List(ids: page, parts: [part], changed: stamp)
        }
    }

    /// `ids` with each once, in its first place.
    static func unique(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}

extension ModelFeedModel.List {
    /// The executions whose request start the store may keep with the list: the change's, or a later touch's.
    var writers: Set<Int> { touches.reduce(changed.writers) { $0.union($1.writers) } }

    /// The list made stale by `answer` (its request start kept): its version stamped for sure (`stamping`: a no-store
    /// page's mark), or when it was not stale already (an overtaken page's).
    func staled(by answer: ModelFeedModel.Answer, stamping: Bool = false) -> Self {
        var stale = self
        stale.parts.append(ModelFeedModel.Part(execution: answer.execution, expiry: .distantPast))
        let stamp = ModelFeedModel.Stamp(write: answer.write, writers: writers)
        if stamping {
            stale.changed = stamp
            stale.touches = []
        } else {
            stale.touches.append(stamp)
        }
        return stale
    }

    /// The list with `ids` and `part` added: a change (its ids differ) or a touch.
    func with(ids: [String], part: ModelFeedModel.Part, stamp: ModelFeedModel.Stamp) -> Self {
        var list = self
        list.parts.append(part)
        if ids == self.ids {
            list.touches.append(stamp)
        } else {
            list.ids = ids
            list.changed = stamp
            list.touches = []
        }
        return list
    }
}
extension ModelRun {
    /// Whether the run's model of the feed lists is exact: the store is never trimmed (with a small byte limit, a
    /// list or its items may be evicted at any write, which the model cannot place).
    var feedModelled: Bool { configuration.byteLimit == ModelConfiguration().byteLimit }

    /// How many fresh reads of a feed list were checked against the model's list, in this process, and how many of
    /// those lists kept a part from before their last first page, and how many were read when the model followed
    /// more than one state of the list (a late first page's outcome it could not tell; for the progress lines).
    static let feedChecks = Locked((lists: 0, kept: 0, open: 0))

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
        if feedModelled, !feed.unknown.contains(user) {
            let shown = ids.map { $0.stringValue ?? "null" }
            let states = feed.states[user] ?? [nil]
            func describe(_ list: ModelFeedModel.List?) -> String {
                guard let list else { return "no list" }
                return "\(list.ids), parts \(list.parts.map { "\($0.execution) until \($0.expiry)" })"
            }
            let listed = states.compactMap { $0 }.filter { $0.ids == shown }
            guard !listed.isEmpty else {
                throw ModelFailure(
                    step: 0,
                    message: "FriendFeed of \(user) on cache \(cache) was served as fresh with \(shown), while the "
                        + "model's store (its pages placed by the appendAfter rule, a late first page overtaken by a "
                        + "newer list) holds \(states.map(describe)); \(what)")
            }
            guard let fresh = listed.first(where: { list in !list.parts.contains { $0.expiry <= time } }) else {
                throw ModelFailure(
                    step: 0,
                    message: "FriendFeed of \(user) on cache \(cache) was served as fresh with \(shown) at \(time), "
                        + "but a part of the list expired (or an overtaken first page made it stale): a list is as "
                        + "fresh as its oldest part (\(listed.map(describe))); \(what)")
            }
            Self.feedChecks.withLock {
                $0.lists += 1
                if fresh.parts.count > 1 { $0.kept += 1 }
                if states.count > 1 { $0.open += 1 }
            }
            // The store holds one of the states this read agrees with.
            _ = feed.narrow(user) { list in
                guard let list else { return false }
                return list.ids == shown && !list.parts.contains { $0.expiry <= time }
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
        let held = feed.states[user]?.first??.ids ?? []
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
