import Foundation
@_spi(Testing) import GraphQLBridge
import GraphQLBridgeSupport

/// How a run's caches are made.
struct ModelConfiguration: Sendable, Hashable, CustomStringConvertible {
    /// SQLite in a folder of the run's own (else memory).
    var persistent = false
    /// How many caches share the store: two are two connections to one file (an app and its extension).
    var caches = 1
    var maxAge = 30
    var byteLimit = 64 << 20
    var memoizedResultLimit = 10_000
    var storesResponses = true
    /// How long a request the server is to hold takes to reach it, in milliseconds (not drawn: 0, or
    /// `GRAPHQLBRIDGE_MODEL_HELD_DELAY_MS`): a loaded machine's timing, where another request sent meanwhile (a
    /// watcher's refetch) reaches the server first.
    var heldRequestDelay = 0

    var description: String {
        "\(persistent ? "SQLite" : "memory"), \(caches) cache(s), maxAge \(maxAge) s, byteLimit \(byteLimit), "
            + "memo \(memoizedResultLimit), storesResponses \(storesResponses)"
            + (heldRequestDelay > 0 ? ", held requests \(heldRequestDelay) ms late" : "")
    }

    static func random(_ random: inout ModelRandom) -> ModelConfiguration {
        var configuration = ModelConfiguration()
        configuration.persistent = random.chance(0.5)
        configuration.caches = configuration.persistent && random.chance(0.5) ? 2 : 1
        if random.chance(0.2) { configuration.byteLimit = 1_500 + random.next(upTo: 8_000) }
        if random.chance(0.25) { configuration.memoizedResultLimit = random.chance(0.5) ? 0 : 2 }
        configuration.storesResponses = random.chance(0.7)
        return configuration
    }
}

/// A watch the run started.
struct ModelWatch {
    var cache: Int
    var operation: ModelOperation
    var variables: [String: JSONValue]
    var sink: ModelWatchSink
    var task: Task<Void, Never>
    /// How many of its results were checked.
    var checked = 0
    /// A query ref's client (its own): its executes and its follower's refetches share its requests in flight.
    var client: (client: GraphQLHTTPClient, id: Int)? = nil
}

/// A subscription the run opened: its events are written through its cache.
struct ModelSubscription {
    var cache: Int
    var sink: ModelWatchSink
    var task: Task<Void, Never>
}

/// What broke the invariant, where.
struct ModelFailure: Error, Sendable, CustomStringConvertible {
    /// The index of the step after which it was found.
    var step: Int
    var message: String
    /// A stall (watches that never came to rest, a task that never ended) rather than a wrong answer: not shrunk by
    /// default, each run of a candidate costing the whole wait (see ``ModelChecker/check(_:configuration:seed:)``).
    var isHang = false

    var description: String { "after step \(step): \(message)" }
}

/// One run of a sequence of steps against fresh caches, a ``ModelTransport`` and a model of what the caches may
/// answer: the versions of the world (kept by the transport), the answers the caches received with the times until
/// which they are fresh (RFC 9111: `max-age` less `Age`, counted from the request; `no-cache` never fresh; `no-store`
/// not kept; the cache's `maxAge` from arrival otherwise), the clear epoch, and for each field of the world the newest
/// version any answer or mutation showed the app (a field the app has seen replaced is never served fresh with an
/// older value).
///
/// The invariant, checked after every step: every value of a result the cache marks fresh equals what the server
/// held for it at some version from the oldest answer still fresh (received since the last clear) to now, and no older
/// than what the app already saw of that field; nothing is fresh when no answer is; the byte limit holds.
final class ModelRun {
    let configuration: ModelConfiguration
    private let directory: URL
    let transport = ModelTransport()
    var caches: [GraphQLCache] = []
    var clients: [GraphQLHTTPClient] = []
    private var schemaVersion = "v0"
    private var heldTasks: [Int: Task<ModelOperation.Outcome, Never>] = [:]
    /// A query ref's executes that joined a held request of the ref's client (no request of their own: the client
    /// shares a query's request in flight), by the held request's execution.
    private var joinedTasks: [Int: [Task<ModelOperation.Outcome, Never>]] = [:]
    /// The query ref client that sent each held request (a ref's execute).
    private var heldClients: [Int: Int] = [:]
    /// The number of the last query ref's client.
    private var lastRefClient = 0
    private var watches: [ModelWatch] = []
    /// The pagers the run holds (issue 31's pager steps).
    var pagers: [ModelPager] = []
    /// The feed lists the store holds (issue 31's feed steps: `ModelFeed.swift`).
    var feed = ModelFeedModel()
    private var subscriptions: [ModelSubscription] = []
    var answers: [(version: Int, expiry: Date, epoch: Int)] = []
    var known: [String: Int] = [:]
    /// The app's own writes still in the caches (`ModelRun+LocalEdits.swift`).
    var localValues: [String: ModelLocalValue] = [:]
    /// The instances a relaunch replaced on a persistent store: what was made with them (a query ref) may still
    /// write to the file, and what they reported of it holds.
    var retiredCaches: [GraphQLCache] = []
    private var truths: [String: (leaves: [String: String], sources: [String: String])?] = [:]
    /// What the run did, step by step (for a failure's report).
    var log: [String] = []

    private static let endpoint = URL(string: "https://model.invalid/graphql") ?? URL(fileURLWithPath: "/")

    init(configuration: ModelConfiguration) {
        self.configuration = configuration
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphqlbridge-model-\(UUID().uuidString)")
        for index in 0..<configuration.caches { caches.append(makeCache(index)); clients.append(client(index)) }
        transport.state.withLock { $0.heldRequestDelay = configuration.heldRequestDelay }
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A new cache instance at `index` (one that has seen no time yet: its clock's high-water mark is its own).
    private func makeCache(_ index: Int) -> GraphQLCache {
        let transport = self.transport
        transport.state.withLock { $0.latestSeen[index] = nil }
        return GraphQLCache(
            storage: configuration.persistent ? .persistent(directory: directory) : .memory,
            maxAge: .seconds(configuration.maxAge), namespace: "model", byteLimit: configuration.byteLimit,
            schemaVersion: schemaVersion, memoizedResultLimit: configuration.memoizedResultLimit,
            storesResponses: configuration.storesResponses,
            now: {
                // The checker's time is the latest a cache has seen: a clock moved forwards then back between two of
                // the caches' looks at it is not a clock that moved back for them (seed 15460: a step that looked at
                // nothing counted as a look).
                // Each instance's own latest look judges what it serves (seed 700493): its time never runs backwards,
                // but it cannot know of a later time only another instance (another process) looked at.
                transport.state.withLock { state in
                    state.latest = max(state.latest, state.now)
                    state.latestSeen[index] = max(state.latestSeen[index] ?? state.now, state.now)
                    return state.now
                }
            })
    }

    private func client(_ index: Int) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: Self.endpoint, transport: transport, cache: caches[index],
            subscriptions: .serverSentEvents(transport: transport))
    }

    /// Runs `steps`; the first failure of the invariant, if any.
    func run(_ steps: [ModelStep]) async -> ModelFailure? {
        defer {
            for watch in watches { watch.task.cancel() }
            for subscription in subscriptions { subscription.task.cancel() }
        }
        for (index, step) in steps.enumerated() {
            if ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_PROGRESS"] == "steps" {
                let (held, holdMarked, executions) = transport.state.withLock { state in
                    (
                        state.held.map { "\($0.execution.id)\($0.continuation == nil ? " (arriving)" : "")" },
                        state.holdMarked.map(String.init) ?? "none",
                        state.executions.count
                    )
                }
                FileHandle.standardError.write(
                    Data(
                        ("  step \(index): \(step) [held \(held), holding mark \(holdMarked), \(executions) executions, "
                            + "held ref requests \(heldClients), joined \(joinedTasks.mapValues(\.count))]\n").utf8))
            }
            do {
                try await perform(step)
                switch step {
                case .clear, .relaunch, .local:
                    // (What the lists held before may be gone, or edited: see `checkMerged`.)
                    listDisturbedAt = transport.state.withLock { $0.executions.count }
                default: break
                }
                try await settle()
                receiveAnswers()
                try checkWatchResults()
                try await checkPagers()
                try await checkByteLimits()
            } catch let failure as ModelFailure {
                return ModelFailure(step: index, message: failure.message, isHang: failure.isHang)
            } catch {
                return ModelFailure(
                    step: index, message: "the checker failed: \(error)", isHang: error is HangDetected)
            }
        }
        do {
            try await checkWatches()
            try await checkPagers(reading: true)
        } catch let failure as ModelFailure {
            return ModelFailure(step: steps.count - 1, message: failure.message, isHang: failure.isHang)
        } catch {
            return ModelFailure(
                step: steps.count - 1, message: "the checker failed: \(error)", isHang: error is HangDetected)
        }
        // How many objects the caches took from their queries' earlier answers (counted over the process's runs).
        var reused = 0
        for cache in caches + retiredCaches { reused += await cache.statistics.reusedObjects }
        Self.reusedObjects.withLock { [reused] in $0 += reused }
        // Whatever is still held is cancelled: nothing outlives the run.
        let remaining = Array(heldTasks.values) + joinedTasks.values.flatMap { $0 }
        for task in remaining { task.cancel() }
        do {
            for task in remaining { _ = try await Self.value(of: task, "a cancelled request's caller to end") }
        } catch {
            return ModelFailure(step: steps.count - 1, message: "\(error)", isHang: error is HangDetected)
        }
        return nil
    }

    /// How long the checker waits for a task to end before it reports a hang: ``HangDetector/limit``, or
    /// `GRAPHQLBRIDGE_MODEL_HANG_SECONDS` (shorter, to find and shrink a stall).
    static let hangLimit: Duration =
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_HANG_SECONDS"].flatMap { Int($0) }.map {
            .seconds($0)
        } ?? HangDetector.limit

    /// `task`'s value, waited for at most ``hangLimit``: a stall is a failing step (shrunk and printed with its seed),
    /// not a run that never ends.
    static func value<T: Sendable>(of task: Task<T, Never>, _ what: String) async throws -> T {
        let box = Locked<T?>(nil)
        let waiter = Task {
            let value = await task.value
            box.withLock { $0 = value }
        }
        try await HangDetector.waitUntil(what, limit: hangLimit, interval: .microseconds(200)) { box.value != nil }
        _ = waiter
        guard let value = box.value else { throw HangDetected(what: what) }
        return value
    }

    /// Waits until the watches are at rest: each has shown something, every live watcher of every cache waits for a
    /// change with none pending, and no request is in flight, twice in a row. Not at rest after ``settleLimit`` (a
    /// hang detector, minutes long): a failure of the sequence, with what was still busy, never a silent wait.
    private func settle() async throws {
        guard !watches.isEmpty || !pagers.isEmpty else { return }
        var quiet = 0
        let deadline = ContinuousClock.now + Self.settleLimit
        while ContinuousClock.now < deadline {
            var atRest = watches.allSatisfy { $0.sink.isAtRest }
            for pager in pagers where atRest { atRest = await pager.isAtRest }
            atRest = atRest && clients.allSatisfy { $0.inFlightRequestCount == 0 }
            if atRest {
                for (index, cache) in caches.enumerated() {
                    let activity = await cache.watcherActivity
                    if activity.waiting + blockedFollowers(cache: index) < activity.live { atRest = false }
                }
            }
            if atRest {
                quiet += 1
                if quiet >= 2 { return }
            } else {
                quiet = 0
            }
            try? await Task.sleep(for: .microseconds(200))
        }
        // Not at rest after the hang detector's bound: the sequence fails, with what was busy.
        settleGaveUp += 1
        Self.settleGiveUps.withLock { $0 += 1 }
        var state: [String] = watches.enumerated().map { index, watch in
            "watch \(index): \(watch.sink.count) shown\(watch.sink.isPending ? ", pending" : "")"
        }
        state += clients.enumerated().map { "client \($0.offset): \($0.element.inFlightRequestCount) in flight" }
        for (index, cache) in caches.enumerated() {
            let activity = await cache.watcherActivity
            state.append("cache \(index): \(activity.waiting) of \(activity.live) watchers waiting")
        }
        state.append("held: \(transport.state.withLock { $0.held.map { "\($0.execution.id)" } })")
        for (index, watch) in watches.enumerated() {
            guard let (client, id) = watch.client else { continue }
            state.append(
                "ref \(index) (client \(id)): \(client.inFlightRequestCount) in flight, "
                    + "\(client.inFlightWaiterCount) waiting on them")
        }
        state.append("held by ref clients: \(heldClients), joined: \(joinedTasks.mapValues(\.count))")
        let busy = state.joined(separator: "; ")
        log.append("  (the watches did not come to rest: settle gave up; \(busy))")
        if ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_PROGRESS"] == "1" {
            FileHandle.standardError.write(Data((log.suffix(3).joined(separator: "\n") + "\n").utf8))
        }
        throw ModelFailure(
            step: 0, message: "a hang: the watches did not come to rest within \(Self.settleLimit) (\(busy))",
            isHang: true)
    }

    /// Runs a query ref's execute that is not held, and returns its outcome; `nil` when it joined a request of the
    /// ref's client that the server holds (the client shares a query's request in flight: an execute that goes to the
    /// server while an earlier held one is in flight, the cache as it was then, waits for that one's answer). The
    /// joined execute's task ends when that request is delivered or cancelled.
    private func executeRef(
        _ execute: @escaping @Sendable (GraphQLFetchPolicy) async -> ModelOperation.Outcome,
        policy: ModelStep.Policy, client: (client: GraphQLHTTPClient, id: Int)?
    ) async throws -> ModelOperation.Outcome? {
        let heldIDs = transport.state.withLock { Set($0.held.map(\.execution.id)) }
        let joinable = heldClients.filter { $0.value == client?.id && heldIDs.contains($0.key) }.map(\.key).max()
        guard client != nil, let joinable else { return await execute(policy.fetchPolicy) }
        let mark = nextExecuteMark()
        let outcome = Locked<ModelOperation.Outcome?>(nil)
        let task = Task {
            let result = await ModelExecuteMark.$current.withValue(mark) { await execute(policy.fetchPolicy) }
            outcome.withLock { $0 = result }
            return result
        }
        // A hang detector only. The client says whether this execute (its task marked) joined a request in flight: a
        // count of the client's waiters cannot tell it from the ref's follower, whose refetch may join one too.
        for _ in 0..<600_000 {
            if let outcome = outcome.value { return outcome }
            if joins.withLock({ $0[mark] }) == true {
                joinedTasks[joinable, default: []].append(task)
                return nil
            }
            try await Task.sleep(for: .microseconds(100))
        }
        task.cancel()
        throw ModelFailure(
            step: 0, message: "a query ref's execute neither ended nor waited on a held request (a hang)")
    }

    /// Which marked executes (``ModelExecuteMark``) joined a request in flight (`true`) or started one, as their clients
    /// said.
    let joins = Locked<[Int: Bool]>([:])
    private var lastExecuteMark = 0

    /// A new mark for a task whose request is told apart from others (``ModelExecuteMark``).
    private func nextExecuteMark() -> Int {
        lastExecuteMark += 1
        return lastExecuteMark
    }

    /// How many query-ref followers of cache `cache` wait on a request the server holds (a refetch that joined a held
    /// execute of their ref's client): at rest until the held answer is delivered.
    private func blockedFollowers(cache: Int) -> Int {
        let heldIDs = transport.state.withLock { Set($0.held.map(\.execution.id)) }
        var blocked = 0
        for watch in watches where watch.cache == cache {
            guard let (client, id) = watch.client else { continue }
            let held = heldClients.filter { $0.value == id && heldIDs.contains($0.key) }.map(\.key)
            // Only when every request of the client in flight is held: a refetch answered now is not blocked.
            guard !held.isEmpty, client.inFlightRequestCount == held.count else { continue }
            let executes = held.reduce(0) { $0 + (heldTasks[$1] == nil ? 0 : 1) + (joinedTasks[$1]?.count ?? 0) }
            blocked += max(0, client.inFlightWaiterCount - executes)
        }
        return blocked
    }

    /// How long ``settle()`` waits for the watches to come to rest before the sequence fails as a hang: two minutes
    /// (a hang detector, not a bound on speed), or `GRAPHQLBRIDGE_MODEL_SETTLE_SECONDS` (shorter, to shrink a hang).
    static let settleLimit: Duration =
        ProcessInfo.processInfo.environment["GRAPHQLBRIDGE_MODEL_SETTLE_SECONDS"].flatMap { Int($0) }.map {
            .seconds($0)
        } ?? .seconds(120)

    /// How many times ``settle()`` gave up (a watch or ref that never came to rest).
    private(set) var settleGaveUp = 0
    /// The same, over every run of the process (for the progress lines of `GRAPHQLBRIDGE_MODEL_PROGRESS`).
    static let settleGiveUps = Locked(0)
    /// How many list pagers' lists were checked against their pages (`checkMerged`), in this process.
    static let mergedListChecks = Locked(0)
    /// How many objects the runs' caches took as their queries' earlier answers wrote them
    /// (``GraphQLCache/Statistics/reusedObjects``), in this process: the invariant was checked on such writes.
    static let reusedObjects = Locked(0)

    /// The results the watches showed since the last step keep the invariant, as any result read from the cache.
    private func checkWatchResults() throws {
        for index in watches.indices {
            let watch = watches[index]
            let outcomes = watch.sink.outcomes(from: watch.checked)
            watches[index].checked += outcomes.count
            for outcome in outcomes { log.append("  watch \(index) showed \(Self.describe(outcome))") }
            // What the watch shows now: the results before it in this step were shown before the answers that
            // replaced them came (the model, taken after the step, knows those answers).
            guard let shown = outcomes.last else { continue }
            try check(
                shown, operation: watch.operation, variables: watch.variables, cache: watch.cache,
                what: "watch \(index) shows")
        }
    }

    /// What each pager shows keeps the invariant: after every step, its items are its pages' items; with `reading` (at
    /// the end of the run, as for watches), a page shown as fresh equals a fresh read of its query, itself checked
    /// against the server's truth: a page follows the cache as a watch does. The read comes first: it also shows the
    /// cache what another connection wrote, which the pages are then given time to follow. Reads after every step
    /// would show the caches other connections' writes at points no step chose, and make the watches' results of one
    /// step be checked after the next (seed 6587: after a clear, as results of the new epoch).
    private func checkPagers(reading: Bool = false) async throws {
        guard !pagers.isEmpty, let operation = ModelCatalogue.operation(named: "FriendPage") else { return }
        var reads: [Int: [String: JSONValue]] = [:]
        // A list pager's list as a fresh read of its first page's query gives it.
        var lists: [Int: JSONValue] = [:]
        if reading {
            for (index, pager) in pagers.enumerated() {
                if let list = await MainActor.run(body: { pager.list }),
                    let listOperation = ModelCatalogue.operation(named: list.operation)
                {
                    transport.state.withLock { $0.headers = .none }
                    let read = await listOperation.run(
                        clients[pager.cache], list.variables, ModelOperation.Options(fetchPolicy: .cacheOnly))
                    receiveAnswers()
                    // The whole list: checked as the server's first `count` items (each place as the page that wrote
                    // it had it, at its version).
                    var variables = list.variables
                    if case .result(let data?, _, _, _) = read,
                        case .array(let items)? = ModelPager.member(list.path, of: data)
                    {
                        variables["limit"] = .number(String(items.count))
                        if case .result(_, .cache, false, _) = read { lists[index] = .array(items) }
                    }
                    try check(read, operation: listOperation, variables: variables, cache: pager.cache)
                    continue
                }
                for page in await MainActor.run(body: { pager.pages }) {
                    transport.state.withLock { $0.headers = .none }
                    let read = await operation.run(
                        clients[pager.cache], page.variables, ModelOperation.Options(fetchPolicy: .cacheOnly))
                    // What the pages' followers fetched meanwhile (a refetch after a miss) is known before the check.
                    receiveAnswers()
                    try check(read, operation: operation, variables: page.variables, cache: pager.cache)
                    if case .result(let fresh?, .cache, false, _) = read {
                        reads[index, default: [:]][JSONObject(page.variables).description] = fresh
                    }
                }
            }
            try await settle()
        }
        for (index, pager) in pagers.enumerated() {
            let (pages, consistent, list) = await MainActor.run { (pager.pages, pager.itemsArePages, pager.list) }
            guard consistent else {
                throw ModelFailure(step: 0, message: "pager \(index)'s items are not its pages' items, in order")
            }
            if let fresh = lists[index], let shown = list?.items, shown != fresh {
                throw ModelFailure(
                    step: 0,
                    message: "list pager \(index) shows \(shown.jsonText) while a fresh read of the cache gives "
                        + "\(fresh.jsonText)")
            }
            if let fresh = lists[index], let list, list.operation != ModelFeed.operationName {
                try checkMerged(fresh, of: list, pager: index, offsets: await MainActor.run { pager.pageOffsets })
            }
            for page in pages {
                let key = JSONObject(page.variables).description
                guard !page.isStale, let shown = page.data, let fresh = reads[index]?[key], fresh != shown else {
                    continue
                }
                throw ModelFailure(
                    step: 0,
                    message: "pager \(index) shows the page \(key) as fresh with \(shown.jsonText) while a fresh read "
                        + "of the cache gives \(fresh.jsonText)")
            }
        }
    }

    /// A list pager's list as the cache holds it (`fresh`) against what the server's pages imply: the offset merge of
    /// the answers the server gave for that list since its last first page, in order. Checked only when those answers
    /// are the pager's own pages (the same offsets, in order: no other query, pager or process wrote the list) and no
    /// clear, relaunch or local edit came after the first of them; then the list's elements (their ids, `null` for an
    /// element an error made null) must be exactly those: a page left out, an item skipped or a list too short fails,
    /// which the per-leaf check (the server's first items, as many as the list holds) lets through.
    private func checkMerged(
        _ fresh: JSONValue,
        of list: (variables: [String: JSONValue], items: JSONValue?, operation: String, path: [String]),
        pager index: Int, offsets: [Int]
    ) throws {
        guard case .array(let held) = fresh, let user = list.variables["id"] else { return }
        let executions = transport.state.withLock { $0.executions }
        let answered = executions.enumerated().filter { _, execution in
            execution.operationName == list.operation && execution.variables["id"] == user && !execution.refused
                && !cancelled.contains(execution.id) && receivedIDs.contains(execution.id)
        }
        func offset(_ execution: ModelTransport.Execution) -> Int? {
            guard case .number(let text)? = execution.variables["offset"] else { return nil }
            return Int(text)
        }
        guard let firstPage = answered.lastIndex(where: { offset($0.element) == 0 }) else { return }
        let pages = answered[firstPage...]
        guard pages.map({ offset($0.element) }) == offsets.map(Optional.init),
            let start = pages.first?.offset, start >= listDisturbedAt
        else { return }
        let ids = ModelPager.ids
        var expected: [String]? = nil
        for (_, execution) in pages {
            guard let at = offset(execution),
                case .array(let items)? = ModelPager.member(list.path, of: execution.result.data)
            else { return }
            let page = ids(items)
            guard var merged = expected else {
                expected = page
                continue
            }
            // The offset merge: the page takes the places from its offset on; a page beyond the end joins nothing.
            guard at <= merged.count else { continue }
            merged = Array(merged.prefix(at)) + page + Array(merged.dropFirst(at + page.count))
            expected = merged
        }
        guard let expected else { return }
        Self.mergedListChecks.withLock { $0 += 1 }
        let holds = ids(held)
        guard holds != expected else { return }
        throw ModelFailure(
            step: 0,
            message: "list pager \(index)'s list (\(list.operation) of \(user.jsonText)) holds \(holds) in the cache, "
                + "while the server's pages it received (offsets \(offsets)) give \(expected)")
    }

    /// Each watch's last result equals a fresh read of its query (after the read, which also shows the cache what
    /// other processes wrote, the watches are given time to catch up).
    private func checkWatches() async throws {
        for (index, watch) in watches.enumerated() {
            transport.state.withLock { $0.headers = .none }
            let read = await watch.operation.run(
                clients[watch.cache], watch.variables, ModelOperation.Options(fetchPolicy: .cacheOnly))
            try await settle()
            guard case .result(let fresh?, .cache, false, _) = read,
                case .result(let data?, _, false, _)? = watch.sink.last
            else { continue }
            if fresh != data {
                throw ModelFailure(
                    step: 0,
                    message: "watch \(index) of \(watch.operation.name)\(JSONObject(watch.variables)) "
                        + "ended with \(data.jsonText) while a fresh read of the cache gives \(fresh.jsonText)")
            }
        }
    }

    // MARK: Steps

    private func perform(_ step: ModelStep) async throws {
        switch step {
        case .query(let cache, let name, let variables, let policy, let headers):
            let operation = try Self.operation(name)
            transport.state.withLock {
                $0.headers = headers
                $0.refuse = false
            }
            let outcome = await operation.run(
                clients[cache], variables, ModelOperation.Options(fetchPolicy: policy.fetchPolicy))
            receiveAnswers()
            log.append("\(step) -> \(Self.describe(outcome))")
            try check(outcome, operation: operation, variables: variables, cache: cache)
        case .watch(let cache, let name, let variables, let offline, let partialData, let headers):
            let operation = try Self.operation(name)
            guard let watch = operation.watch else { return }
            transport.state.withLock {
                $0.headers = headers
                $0.refuse = false
            }
            let sink = ModelWatchSink()
            let task = watch(
                clients[cache], variables, offline ? .cacheOnly : .cacheAndServer,
                partialData ? .returnPartialData : .failOnAnyError, sink)
            watches.append(ModelWatch(cache: cache, operation: operation, variables: variables, sink: sink, task: task))
            try await settle()
            log.append("\(step) -> \(sink.last.map(Self.describe) ?? "nothing yet")")
        case .ref(let cache, let name, let variables):
            let operation = try Self.operation(name)
            guard let ref = operation.ref else { return }
            transport.state.withLock {
                $0.headers = .none
                $0.refuse = false
            }
            let sink = ModelWatchSink()
            // A client of its own: its requests held by `executeRef` are not shared with the run's other requests.
            let refClient = client(cache)
            let joins = self.joins
            refClient.observeSharedRequests { joined in
                guard let mark = ModelExecuteMark.current else { return }
                joins.withLock { $0[mark] = joined }
            }
            lastRefClient += 1
            let task = ref(refClient, variables, sink)
            watches.append(
                ModelWatch(
                    cache: cache, operation: operation, variables: variables, sink: sink, task: task,
                    client: (refClient, lastRefClient)))
            try await settle()
            log.append("\(step) -> \(sink.last.map(Self.describe) ?? "nothing yet")")
        case .executeRef(let index, let policy, let held):
            let refs = watches.filter { $0.sink.execute != nil }
            guard !refs.isEmpty, let execute = refs[index % refs.count].sink.execute else {
                return log.append("\(step): no query ref")
            }
            let watch = refs[index % refs.count]
            if held {
                let mark = nextExecuteMark()
                let joined = try await hold(headers: .none, client: watch.client, mark: mark) {
                    Task { await ModelExecuteMark.$current.withValue(mark) { await execute(.serverOnly) } }
                }
                return log.append("\(step)\(joined.map { " (joined held request \($0))" } ?? "")")
            }
            transport.state.withLock {
                $0.headers = .none
                $0.refuse = false
            }
            guard let outcome = try await executeRef(execute, policy: policy, client: watch.client) else {
                return log.append("\(step) (joined a held request)")
            }
            receiveAnswers()
            log.append("\(step) -> \(Self.describe(outcome))")
            try check(outcome, operation: watch.operation, variables: watch.variables, cache: watch.cache)
        case .subscribe(let cache, let name, let variables):
            let operation = try Self.operation(name)
            guard let subscribe = operation.subscribe else { return }
            let before = transport.subscriberCount
            let sink = ModelWatchSink()
            subscriptions.append(
                ModelSubscription(cache: cache, sink: sink, task: subscribe(clients[cache], variables, sink)))
            let transport = self.transport
            try await HangDetector.waitUntil("the subscription to open", interval: .microseconds(200)) {
                transport.subscriberCount > before || sink.count > 0
            }
            log.append("\(step)")
        case .publish(let index):
            let before = subscriptions.reduce(0) { $0 + $1.sink.count }
            guard let (subscriber, execution) = try transport.publish(index) else {
                return log.append("\(step): no subscription is open")
            }
            let sinks = subscriptions.map(\.sink)
            let transport = self.transport
            // The event reached the app (written through the cache first), or its subscription closed meanwhile.
            try await HangDetector.waitUntil("the event", interval: .microseconds(200)) {
                sinks.reduce(0) { $0 + $1.count } > before
                    || !transport.state.withLock { $0.subscribers.contains { $0.id == subscriber } }
            }
            if sinks.reduce(0, { $0 + $1.count }) == before { cancelled.insert(execution.id) }
            receiveAnswers()
            log.append("\(step) -> \(execution.result.data.jsonText)")
        case .hold(let cache, let name, let variables, let headers):
            let operation = try Self.operation(name)
            let client = client(cache)
            let mark = nextExecuteMark()
            try await hold(headers: headers, mark: mark) {
                Task {
                    await ModelExecuteMark.$current.withValue(mark) {
                        await operation.run(client, variables, .init(fetchPolicy: .serverOnly))
                    }
                }
            }
            log.append("\(step)")
        case .holdMutation(let cache, let name, let variables):
            let operation = try Self.operation(name)
            let client = client(cache)
            let mark = nextExecuteMark()
            try await hold(headers: .none, mark: mark) {
                Task {
                    await ModelExecuteMark.$current.withValue(mark) {
                        await operation.run(client, variables, .init())
                    }
                }
            }
            log.append("\(step)")
        case .deliver(let index):
            guard let (id, continuation) = takeHeld(index) else { return log.append("\(step): nothing held") }
            continuation?.resume()
            let delivered = heldTasks.removeValue(forKey: id)
            let outcome = try await delivered.asyncMap { try await Self.value(of: $0, "held request \(id)'s caller") }
            for task in joinedTasks.removeValue(forKey: id) ?? [] {
                _ = try await Self.value(of: task, "a query ref's execute joined to held request \(id)")
            }
            heldClients[id] = nil
            receiveAnswers(including: id)
            log.append("\(step) -> \(outcome.map(Self.describe) ?? "no task")")
        case .cancel(let index):
            guard let (id, continuation) = takeHeld(index) else { return log.append("\(step): nothing held") }
            let task = heldTasks.removeValue(forKey: id)
            task?.cancel()
            let joined = joinedTasks.removeValue(forKey: id) ?? []
            for task in joined { task.cancel() }
            heldClients[id] = nil
            cancelled.insert(id)
            continuation?.resume(throwing: CancellationError())
            let outcome = try await task.asyncMap { try await Self.value(of: $0, "cancelled request \(id)'s caller") }
            for task in joined {
                _ = try await Self.value(of: task, "a query ref's execute joined to cancelled request \(id)")
            }
            log.append("\(step) -> \(outcome.map(Self.describe) ?? "no task")")
        case .mutate(let cache, let name, let variables, let kind, let headers):
            let operation = try Self.operation(name)
            var options = ModelOperation.Options(errorPolicy: kind.partialData ? .returnPartialData : .failOnAnyError)
            if kind.optimistic {
                var world = transport.state.withLock { $0.world }
                let intended = try ModelServer.execute(operation.document, variables: variables, world: &world)
                options.optimisticData = intended.data
            }
            transport.state.withLock {
                $0.headers = headers
                $0.refuse = kind.refused
            }
            let outcome = await operation.run(clients[cache], variables, options)
            transport.state.withLock { $0.refuse = false }
            receiveAnswers()
            log.append("\(step) -> \(Self.describe(outcome))")
        case .local(let edit):
            try await perform(edit)
        case .page(let step):
            try await perform(step)
        case .change(let change):
            transport.state.withLock { state in
                var world = state.world
                change.apply(to: &world)
                if world != state.world { state.history.append(world) }
            }
            log.append("\(step)")
        case .clock(let seconds):
            transport.state.withLock { state in
                state.now = state.now.addingTimeInterval(TimeInterval(seconds))
            }
            log.append("\(step)")
        case .clear(let cache):
            // A new epoch first: the watches' requests after the clear (it signals them) belong to it.
            transport.state.withLock { $0.epoch += 1 }
            do {
                try await caches[cache].clear()
            } catch {
                log.append("clear failed: \(error)")
            }
            log.append("\(step)")
        case .relaunch(let cache, let version):
            if let version, configuration.persistent {
                if version != schemaVersion {
                    schemaVersion = version
                    transport.state.withLock { $0.epoch += 1 }
                }
                for watch in watches { watch.task.cancel() }
                watches = []
                pagers = []
                await closeSubscriptions { _ in true }
                retiredCaches += caches
                caches = []
                for index in 0..<configuration.caches {
                    caches.append(makeCache(index))
                    clients[index] = client(index)
                }
            } else {
                for watch in watches where watch.cache == cache { watch.task.cancel() }
                watches.removeAll { $0.cache == cache }
                pagers.removeAll { $0.cache == cache }
                await closeSubscriptions { $0 == cache }
                if configuration.persistent { retiredCaches.append(caches[cache]) }
                caches[cache] = makeCache(cache)
                clients[cache] = client(cache)
                if !configuration.persistent { transport.state.withLock { $0.epoch += 1 } }
            }
            log.append("\(step)")
        }
    }

    private var cancelled: Set<Int> = []
    /// How many requests the server had run at the last clear, relaunch or local edit: a list whose first page came
    /// before is not checked against its pages (`checkMerged`).
    var listDisturbedAt = 0

    /// Cancels the subscriptions of the caches `closes` names, and waits until they ended.
    private func closeSubscriptions(_ closes: (Int) -> Bool) async {
        let closing = subscriptions.filter { closes($0.cache) }
        subscriptions.removeAll { closes($0.cache) }
        for subscription in closing { subscription.task.cancel() }
        for subscription in closing { await subscription.task.value }
    }

    /// Starts a request (`start`: an operation through a client of its own, or a query ref's execute through the ref's
    /// `client`) and waits until the server holds it. A query ref's execute may send no request: its client shares the
    /// query's request in flight (one the server holds, an execute of the same ref sent when the cache was as it is
    /// now); then it waits on that one, whose execution is returned.
    ///
    /// The request held is the one `start`'s task sends (it runs with ``ModelExecuteMark`` `mark`), never another that
    /// goes out meanwhile: the operation's own look at a shared store may signal a watcher of another cache on the file,
    /// whose refetch then reaches the server first (seeds 185 and 490, on a loaded machine: the watcher's refetch was
    /// held, the operation was answered, and the watches never came to rest).
    @discardableResult
    private func hold(
        headers: ModelHeaders, client: (client: GraphQLHTTPClient, id: Int)? = nil, mark: Int,
        _ start: () -> Task<ModelOperation.Outcome, Never>
    ) async throws -> Int? {
        try await settle()
        transport.state.withLock {
            $0.headers = headers
            $0.refuse = false
            // The marked task's request is held, not another request (a ref's follower's, a watcher's refetch).
            $0.holdMarked = mark
        }
        let before = transport.state.withLock { $0.executions.count }
        // The request the client would share: its latest one the server holds.
        let heldIDs = transport.state.withLock { Set($0.held.map(\.execution.id)) }
        let joinable = heldClients.filter { $0.value == client?.id && heldIDs.contains($0.key) }.map(\.key).max()
        let task = start()
        // A hang detector only: the request reaches the transport at once.
        for _ in 0..<600_000 {
            let held = transport.state.withLock { state in
                state.held.first { $0.execution.id >= before && $0.continuation != nil }?.execution.id
            }
            if let held {
                heldTasks[held] = task
                if let client { heldClients[held] = client.id }
                return nil
            }
            if joins.withLock({ $0[mark] }) == true {
                // Joined (the client said so for this execute's task): no request of its reached the server, and none
                // may be held for it now.
                transport.state.withLock { $0.holdMarked = nil }
                guard let joinable else {
                    // A request the server does not hold (the ref's follower's refetch): it ends by itself.
                    _ = try await Self.value(of: task, "a query ref's execute joined to a request not held")
                    return nil
                }
                joinedTasks[joinable, default: []].append(task)
                return joinable
            }
            try await Task.sleep(for: .microseconds(100))
        }
        task.cancel()
        throw ModelFailure(step: 0, message: "a held request never reached the server (a hang)")
    }

    private func takeHeld(_ index: Int) -> (Int, CheckedContinuation<Void, any Error>?)? {
        transport.state.withLock { state in
            guard !state.held.isEmpty else { return nil }
            let entry = state.held.remove(at: index % state.held.count)
            return (entry.execution.id, entry.continuation)
        }
    }

    // MARK: The model

    /// Takes the answers the clients received since the last step into the model (held ones only when delivered).
    func receiveAnswers(including delivered: Int? = nil) {
        let (executions, heldIDs, epoch) = transport.state.withLock { state in
            (state.executions, Set(state.held.map(\.execution.id)), state.epoch)
        }
        let time = transport.state.withLock { $0.latest }
        for execution in executions where !receivedIDs.contains(execution.id) {
            // Its request's start, for the feed model's overtaken rule (the answers written before it was sent).
            feed.see(execution.id)
            guard execution.id == delivered || (!heldIDs.contains(execution.id) && heldTasks[execution.id] == nil)
            else { continue }
            receivedIDs.insert(execution.id)
            if cancelled.contains(execution.id) || execution.refused { continue }
            for source in execution.result.sources.values { known[source] = max(known[source] ?? 0, execution.version) }
            supersedeLocalValues(by: execution)
            feed.write(execution, expiry: expiry(of: execution, time: time), epoch: epoch)
            guard execution.epoch == epoch, execution.result.data != .null else { continue }
            let expiry: Date
            switch execution.headers {
            case .noStore, .noCache: continue
            case .none, .sharedMaxAge: expiry = time.addingTimeInterval(TimeInterval(configuration.maxAge))
            case .maxAge(let seconds): expiry = execution.sentAt.addingTimeInterval(TimeInterval(seconds))
            case .maxAgeWithAge(let seconds, let age):
                expiry = execution.sentAt.addingTimeInterval(TimeInterval(seconds - age))
            case .duplicatedMaxAge(let first, let second):
                expiry = execution.sentAt.addingTimeInterval(TimeInterval(max(first, second)))
            }
            answers.append((execution.version, expiry, execution.epoch))
        }
    }

    private var receivedIDs: Set<Int> = []

    /// Checks a result the app got.
    func check(
        _ outcome: ModelOperation.Outcome, operation: ModelOperation, variables: [String: JSONValue], cache: Int,
        what: String = "the result"
    ) throws {
        if operation.name == ModelFeed.operationName, case .result = outcome {
            return try checkFeed(outcome, variables: variables, cache: cache, what: what)
        }
        if case .failure(let error) = outcome {
            switch error {
            case .decoding, .invalidResponse, .encoding:
                throw ModelFailure(
                    step: 0,
                    message:
                        "\(operation.name)\(JSONObject(variables)) on cache \(cache) failed: \(error)")
            default: return
            }
        }
        guard case .result(let data?, let source, let isStale, _) = outcome, source == .cache, !isStale else { return }
        // The time of the cache that served it: the latest it looked at (a cache that never looked: the checker's).
        let (time, epoch, current) = transport.state.withLock {
            ($0.latestSeen[cache] ?? $0.latest, $0.epoch, $0.history.count - 1)
        }
        let live = answers.filter { $0.epoch == epoch && $0.expiry > time }
        guard let oldest = live.map(\.version).min() else {
            throw ModelFailure(
                step: 0,
                message: "\(operation.name)\(JSONObject(variables)) on cache \(cache) was served as "
                    + "fresh, but no answer the cache received since the last clear is fresh now: "
                    + data.jsonText)
        }
        var leaves: [String: String] = [:]
        Self.flatten(data, path: [], into: &leaves)
        let versions = Array(oldest...current)
        var truths: [Int: (leaves: [String: String], sources: [String: String])] = [:]
        for version in versions {
            truths[version] = try truth(operation, variables: variables, version: version, following: data)
        }
        for (path, value) in leaves.sorted(by: { $0.key < $1.key }) {
            if isLocalValue(value, at: path, truths: truths, epoch: epoch) { continue }
            let explained = versions.contains { version in
                guard let truth = truths[version], truth.leaves[path] == value else { return false }
                let seen = truth.sources[path].flatMap { known[$0] } ?? 0
                return version >= seen
            }
            guard !explained else { continue }
            let held = versions.map { version in
                let truth = truths[version]
                let seen = truth?.sources[path].flatMap { known[$0] } ?? 0
                return "v\(version): \(truth?.leaves[path] ?? "absent")\(version < seen ? " (older than seen)" : "")"
            }
            throw ModelFailure(
                step: 0,
                message: "\(operation.name)\(JSONObject(variables)) on cache \(cache) was served as "
                    + "fresh with \(path) = \(value), which the server never held in the result's lifetime (the "
                    + "server held: \(held.joined(separator: ", "))); \(what): \(data.jsonText)")
        }
    }

    /// The server's answer to `operation` at `version`, as the app's type holds it: its leaves and their sources.
    func truth(
        _ operation: ModelOperation, variables: [String: JSONValue], version: Int, following result: JSONValue
    ) throws -> (leaves: [String: String], sources: [String: String]) {
        let key = operation.name + JSONValue.object(JSONObject(variables)).jsonText + "@\(version)" + result.jsonText
        if let known = truths[key], let known { return known }
        var world = transport.state.withLock { $0.history[version] }
        let execution = try ModelServer.execute(
            operation.document, variables: variables, world: &world, following: result)
        var leaves: [String: String] = [:]
        // As the app's type holds it; when it cannot (a list the result shows longer than the world's, with an element
        // that cannot be followed: a `null` in a list of non-null elements, seed 11888), the server's JSON as it is, so
        // that the other leaves are still explained one by one.
        Self.flatten(operation.canonical(execution.data) ?? execution.data, path: [], into: &leaves)
        for (path, leaf) in execution.overrides { leaves[path] = leaf }
        let truth = (leaves, execution.sources)
        truths[key] = truth
        return truth
    }

    static func flatten(_ value: JSONValue, path: [String], into leaves: inout [String: String]) {
        let key = path.joined(separator: ".")
        switch value {
        case .object(let members):
            if !path.isEmpty { leaves[key] = "{}" }
            for (name, member) in members { flatten(member, path: path + [name], into: &leaves) }
        case .array(let items):
            leaves[key] = "[\(items.count)]"
            for (index, item) in items.enumerated() { flatten(item, path: path + [String(index)], into: &leaves) }
        default:
            leaves[key] = value.jsonText
        }
    }

    private func checkByteLimits() async throws {
        for (index, cache) in caches.enumerated() {
            let bytes = await cache.byteCount
            guard bytes > configuration.byteLimit else { continue }
            // The store is trimmed after writes (the caching guide): it may stay over its limit when the last write's
            // trim kept the records of live watchers, which that instance reports. On a shared file the last writer
            // may be another instance, one a relaunch replaced included (seed 709393: its watchers' records kept, then
            // the relaunch, then no write).
            var sharing = [cache]
            if configuration.persistent { sharing += caches.filter { $0 !== cache } + retiredCaches }
            var excused = false
            for instance in sharing where !excused {
                excused = await instance.problems.contains { "\($0)".contains("live watchers") }
            }
            if !excused {
                throw ModelFailure(
                    step: 0,
                    message: "cache \(index) holds \(bytes) bytes, over its byteLimit \(configuration.byteLimit)")
            }
        }
    }

    static func operation(_ name: String) throws -> ModelOperation {
        guard let operation = ModelCatalogue.operation(named: name) else {
            throw ModelServer.Problem(description: "no operation \(name)")
        }
        return operation
    }

    static func describe(_ outcome: ModelOperation.Outcome) -> String {
        switch outcome {
        case .result(let data, let source, let isStale, let errorCount):
            "\(source)\(isStale ? " stale" : "") \(data?.jsonText ?? "null")\(errorCount > 0 ? " +\(errorCount) errors" : "")"
        case .failure(let error): "error: \(error)"
        }
    }
}

extension Optional {
    /// The wrapped value mapped by an asynchronous, throwing `transform`.
    fileprivate func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async rethrows -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
