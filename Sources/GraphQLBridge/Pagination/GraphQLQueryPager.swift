import Foundation
import GraphQLBridgeSupport
import Observation

/// The pages of one list, as one list: loads pages forward (``loadNext()``), backward (``loadPrevious()``) or both, as
/// a ``GraphQLPagination`` rule says (cursor, offset or your own), and shows them as one ``items`` array that follows
/// the cache.
///
/// ```swift
/// let pager = client.pager(
///     DrawsQuery(gameId: "6x45", last: 20, before: nil),
///     pagination: GraphQLPagination(items: { $0.draws }, next: { query, data in
///         guard data.draws.count >= 20, let last = data.draws.last else { return nil }
///         return DrawsQuery(gameId: query.gameId, last: 20, before: .some(last.number))
///     }))
/// try await pager.loadNext()        // the first page
/// try await pager.loadNext()        // the second: `items` holds both
/// ```
///
/// - Every page is a query of its own, fetched from the server and written to the client's cache as any query is
///   (normalized, persisted by a persistent store); each page then follows the cache: a mutation, a subscription
///   event or a cache edit that changes an item changes it in ``items`` in place, without a request.
/// - A load while the same load is in flight sends nothing: it waits for that one. ``hasNextPage`` and
///   ``hasPreviousPage`` say where the list ends; a load past the end sends nothing.
/// - ``refresh()`` loads the first page again from the server; until its answer is in, the pages shown stay. Then
///   the list is that page alone, and a load of another page still in flight is dropped when it answers (its
///   answer is still written to the cache). With a list policy, the refresh's page replaces the list in the cache
///   whatever it holds (other pagers and watches of that list then show that page too); any other first page (the
///   pager's first load, a watch's refetch, another screen's fetch) is merged as ``GraphQLListPolicy`` says: the first
///   page of a ``GraphQLListPolicy/Merge/appendAfter(continuation:field:)`` list keeps the stored items after its last
///   one, which ``items`` then show after it (``pages`` holds that first page alone: the next load asks for the page
///   after it again, which takes its places in the list).
/// - A page that fails throws ``GraphQLPageError`` (its query, its direction, the client's error), also kept in
///   ``error``; the pages loaded stay.
/// - ``loadCached()`` shows the pages the cache holds, with no request: a persistent cache reopened gives back
///   every page it stored.
/// - When `graphql-codegen.json` declares a list policy for the field (``GraphQLListPolicy``), the pages are one list
///   in the cache itself: ``items`` are that list as the cache holds it, ``pages`` each page's answer as it came (which
///   says where the list goes on), and ``loadCached()`` shows the whole list as one page. The list is read element by
///   element and followed: after a change (a page merged, an item changed) only the elements that are new or whose
///   records changed are read again, so a page costs its own items whatever the list's length (`items` must give each
///   element's items in order; a rule that does not is read whole). A page that continues the list is written only
///   when no first page was asked for since it began and none is in flight (the refresh wins); an element the
///   server's error made null reads as `null`; a list the cache no longer holds is asked for again from its first
///   page, once.
///
/// Main-actor isolated and `@Observable`, for SwiftUI, as ``QueryRef``; ``updates()`` gives the same as an
/// `AsyncSequence`. Releasing the pager stops following the cache.
@MainActor
@Observable
public final class GraphQLQueryPager<Query: GraphQLQuery, Item: Sendable> where Query.Data: Equatable {
    /// The items of every page loaded, in order (with a list policy: the list the cache holds).
    public private(set) var items: [Item] = []
    /// The pages loaded, in order, each as the cache holds it now.
    public private(set) var pages: [GraphQLPage<Query>] = []
    /// Whether there is a page after the last one; `true` before the first load.
    public private(set) var hasNextPage = true
    /// Whether there is a page before the first one.
    public private(set) var hasPreviousPage = false
    /// Whether a next page is loading.
    public private(set) var isLoadingNext = false
    /// Whether a previous page is loading.
    public private(set) var isLoadingPrevious = false
    /// Whether the first page is loading (``refresh()``, or the first ``loadNext()`` or ``loadPrevious()``).
    public private(set) var isRefreshing = false
    /// The last load's error, cleared by the next load that succeeds.
    public private(set) var error: GraphQLPageError<Query>?

    /// The first page's query.
    @ObservationIgnored public let initialQuery: Query
    @ObservationIgnored private let client: GraphQLHTTPClient
    @ObservationIgnored private let pagination: GraphQLPagination<Query, Item>
    @ObservationIgnored private let errorPolicy: GraphQLErrorPolicy
    /// The loads in flight, shared by a second call; each finishes its own bookkeeping.
    @ObservationIgnored private var loads: [GraphQLPageDirection: Task<Result<Void, GraphQLPageError<Query>>, Never>] =
        [:]
    /// Raised by each refresh that lands: a load started before it is dropped when it answers.
    @ObservationIgnored private var generation: UInt64 = 0
    @ObservationIgnored private var nextPageID: UInt64 = 0
    @ObservationIgnored private var followers: [UInt64: PageFollower] = [:]
    @ObservationIgnored private var observers: [UInt64: AsyncStream<GraphQLPagerSnapshot<Query, Item>>.Continuation] =
        [:]
    @ObservationIgnored private var nextObserverID: UInt64 = 0
    /// The response key of the root field whose pages are one list in the cache (a ``GraphQLListPolicy`` declared for
    /// a root field the query selects, and a cache): ``items`` are then the list as the cache holds it (``list``).
    @ObservationIgnored private let listField: String?
    /// Whether the pages are one list in the cache.
    @ObservationIgnored private let mergesPages: Bool
    /// The list as the cache holds it, element by element (``mergesPages``), once read.
    @ObservationIgnored private var list = PagerListState<Item>()
    /// Whether ``list`` was read since the pager began.
    @ObservationIgnored private var listRead = false
    /// Whether the list's first page was asked for again because a read of the list missed, no read having found it
    /// since.
    @ObservationIgnored private var refreshedAfterMiss = false
    /// The watcher the list is read with: it keeps the records changed, so that a read reads again only the elements
    /// they touch.
    @ObservationIgnored private var listWatcher: CacheWatcher?
    /// The last read of the list: each waits for the one before (reads apply in the order they were made).
    @ObservationIgnored private var listSync: Task<Void, Never>?
    /// Where the server's errors in the pages put their `null`s (never cached): read as `null` there, as the server
    /// answered, the rest of the list read (a watch of a partial result reads the same).
    @ObservationIgnored private var listErrorNulls: Set<ErrorNull> = []
    /// Raised when a first page is asked for and when one lands (or ``loadCached()`` replaces the list): a page that
    /// continues the list is written only when this has not moved since it began and no first page is in flight (the
    /// refresh wins: its answer replaces the list, and what continued the old list is not merged into the new one).
    @ObservationIgnored private var listEpoch: UInt64 = 0
    /// The last write of a page: each waits for the one before (written in the order they were reached).
    @ObservationIgnored private var storeChain: Task<Void, Never>?
    /// The follower of the whole list (``mergesPages``), by this page number.
    private static var listPageID: UInt64 { .max }

    /// Creates a pager; ``GraphQLHTTPClient/pager(_:pagination:errorPolicy:)`` is the usual way. Nothing is loaded
    /// until the first ``loadNext()``, ``loadPrevious()``, ``refresh()`` or ``loadCached()``.
    /// - Parameters:
    ///   - client: the client the pages are fetched with; its cache holds them.
    ///   - initialQuery: the first page's query.
    ///   - pagination: how pages follow each other.
    ///   - errorPolicy: as for ``GraphQLHTTPClient/execute(_:fetchPolicy:errorPolicy:)``.
    public nonisolated init(
        client: GraphQLHTTPClient, initialQuery: Query, pagination: GraphQLPagination<Query, Item>,
        errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) {
        self.client = client
        self.initialQuery = initialQuery
        self.pagination = pagination
        self.errorPolicy = errorPolicy
        // One list in the cache: a root field's list policy, or another type's field paged with the query's variables
        // (``GraphQLCacheMetadata/pagesAListInTheCache``).
        self.mergesPages = client.cache != nil && (Query.cacheMetadata?.pagesAListInTheCache ?? false)
        self.listField = mergesPages ? Self.listField(Query.cacheMetadata) : nil
    }

    /// The response key of the first root field `metadata` selects that has a ``GraphQLListPolicy`` (its list is read
    /// element by element); `nil` for another type's list (read whole).
    private nonisolated static func listField(_ metadata: GraphQLCacheMetadata?) -> String? {
        guard let metadata, !metadata.listPolicies.isEmpty else { return nil }
        let set = metadata.selections
        return set.fields(forType: set.typeName).first { metadata.listPolicies[$0.name] != nil }?.responseKey
    }

    /// What the pager shows now.
    public var snapshot: GraphQLPagerSnapshot<Query, Item> {
        GraphQLPagerSnapshot(
            items: items, pages: pages, hasNextPage: hasNextPage, hasPreviousPage: hasPreviousPage,
            isLoadingNext: isLoadingNext, isLoadingPrevious: isLoadingPrevious, isRefreshing: isRefreshing,
            error: error)
    }

    /// The pager's snapshots: the current one at once, then one each time it changes (a page loaded, an item changed
    /// in the cache, a load started, ended or failed); a consumer that is slower than the changes gets the newest.
    /// The sequence ends when the consuming task is cancelled or the pager goes.
    public func updates() -> AsyncStream<GraphQLPagerSnapshot<Query, Item>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: GraphQLPagerSnapshot<Query, Item>.self, bufferingPolicy: .bufferingNewest(1))
        let id = nextObserverID
        nextObserverID += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.observers[id] = nil }
        }
        continuation.yield(snapshot)
        return stream
    }

    /// Loads the page after the last one (the first page when none is loaded) and appends it. Sends nothing past
    /// the end of the list, and nothing while a next page is loading: it waits for that load.
    /// - Throws: the page's error; the pages loaded stay.
    public func loadNext() async throws(GraphQLPageError<Query>) {
        calls += 1
        if pages.isEmpty { return try await loadFirst() }
        if let load = loads[.next] { return try await load.value.get() }
        guard let last = pages.last, let query = pagination.next(last.query, last.data) else { return }
        try await start(.next, query: query).value.get()
    }

    /// Loads the page before the first one (the first page when none is loaded) and puts it in front. Sends nothing
    /// at the start of the list, and nothing while a previous page is loading: it waits for that load.
    /// - Throws: the page's error; the pages loaded stay.
    public func loadPrevious() async throws(GraphQLPageError<Query>) {
        calls += 1
        if pages.isEmpty { return try await loadFirst() }
        if let load = loads[.previous] { return try await load.value.get() }
        guard let first = pages.first, let query = pagination.previous(first.query, first.data) else { return }
        try await start(.previous, query: query).value.get()
    }

    /// Loads the first page again from the server; the pages shown stay until its answer is in, then the list is
    /// that page alone (with a list policy, the list in the cache too, whatever it held). A refresh while a first
    /// page is in flight waits for it.
    /// - Throws: the page's error; the pages shown stay.
    public func refresh() async throws(GraphQLPageError<Query>) {
        calls += 1
        try await loadFirst(replacing: true)
    }

    /// Loads the first page; `replacing`: its answer replaces the list in the cache whatever it holds (a
    /// ``refresh()``), else it is merged as any first page is (``GraphQLListPolicy``: one of a list that goes on after
    /// its items keeps the stored items after its last one).
    private func loadFirst(replacing: Bool = false) async throws(GraphQLPageError<Query>) {
        if let load = loads[.first] { return try await load.value.get() }
        try await start(.first, query: initialQuery, replacing: replacing).value.get()
    }

    /// Shows the pages the cache holds, with no request: the first page, then each next one while the cache has it
    /// (whatever its age), as a persistent cache reopened gives them back; pages shown are replaced. Nothing is
    /// shown when the cache does not hold the first page.
    /// - Returns: the number of pages shown.
    @discardableResult
    public func loadCached() async -> Int {
        var found: [(Query, GraphQLResult<Query.Data>)] = []
        var query: Query? = initialQuery
        // A list that leads back to a page it holds would never end: each query is read once.
        var seen: Set<String> = []
        while let current = query {
            guard let variables = try? GraphQLHTTPClient.variablesJSON(current),
                seen.insert(GraphQLHTTPClient.cacheQueryKey(Query.self, variables: variables)).inserted,
                let result = try? await client.execute(current, fetchPolicy: .cacheOnly, errorPolicy: errorPolicy),
                let data = result.data
            else { break }
            found.append((current, result))
            // One list: the first page's read holds it whole.
            if mergesPages { break }
            query = pagination.next(current, data)
        }
        guard !found.isEmpty else { return 0 }
        listEpoch += 1
        if mergesPages {
            followList()
            await syncList()
        }
        generation += 1
        // The loads in flight continued (or refreshed) the list replaced here: dropped.
        loads = [:]
        isLoadingNext = false
        isLoadingPrevious = false
        isRefreshing = false
        replacePages(with: found.compactMap { query, result in result.data.map { (query, $0, result.isStale) } })
        publish()
        return found.count
    }

    /// Whether every page's follower waits for a change, none pending
    /// (for tests: what it shows is what the cache holds, once the loads ended).
    package var isFollowingAtRest: Bool {
        followers.values.allSatisfy(\.isAtRest)
    }

    /// The calls of ``loadNext()``, ``loadPrevious()`` and ``refresh()`` begun, and the loads whose answer (or
    /// failure) was handled, dropped or not (for tests: a call or an answer has been seen).
    @ObservationIgnored package private(set) var calls = 0
    @ObservationIgnored package private(set) var loadsEnded = 0

    /// Starts a load and records it until it ends.
    private func start(_ direction: GraphQLPageDirection, query: Query, replacing: Bool = false)
        -> Task<Result<Void, GraphQLPageError<Query>>, Never>
    {
        let generation = self.generation
        if direction == .first { listEpoch += 1 }
        let epoch = listEpoch
        let client = self.client
        let errorPolicy = self.errorPolicy
        let merges = mergesPages && !client.streamsIncrementally(Query.self)
        // The page's request is shared with the same query's in flight (a watch's refetch), as `execute` shares it.
        let queryKey = Query.cacheMetadata.flatMap { metadata in
            (try? GraphQLHTTPClient.variablesJSON(query)).map {
                GraphQLHTTPClient.cacheQueryKey(Query.self, variables: metadata.coercedVariables($0))
            }
        }
        let task = Task { @MainActor [weak self] () -> Result<Void, GraphQLPageError<Query>> in
            var answer: Result<GraphQLResult<Query.Data>, APIError>
            var written = true
            if merges {
                // One list in the cache: the page is written in its turn, unless a first page was written since it
                // began (it continued the list that first page replaced).
                let fetched: GraphQLHTTPClient.Fetched<Query.Data>
                do throws(APIError) {
                    fetched = try await client.fetch(query, errorPolicy: errorPolicy, sharedAs: queryKey)
                } catch {
                    guard let self else { return .success(()) }
                    return self.finish(
                        direction, query: query, answer: .failure(error), written: true, generation: generation)
                }
                guard let self else { return .success(()) }
                written = await self.storeInTurn(
                    fetched, query: query, direction: direction, epoch: epoch, replacing: replacing)
                do throws(APIError) {
                    answer = .success(try fetched.get())
                } catch {
                    answer = .failure(error)
                }
                // The page merged into the list: the elements it added (and those it changed) read.
                if written, case .success = answer { await self.syncList() }
            } else {
                do throws(APIError) {
                    answer = .success(
                        try await client.execute(query, fetchPolicy: .serverOnly, errorPolicy: errorPolicy))
                } catch {
                    answer = .failure(error)
                }
            }
            guard let self else { return .success(()) }
            return self.finish(direction, query: query, answer: answer, written: written, generation: generation)
        }
        loads[direction] = task
        setLoading(direction, true)
        publish()
        return task
    }

    /// A load's answer: applied when no refresh landed since it started (and, for a page of one list in the cache,
    /// when it was `written`: a first page was not written since it began); its error is the page's.
    private func finish(
        _ direction: GraphQLPageDirection, query: Query, answer: Result<GraphQLResult<Query.Data>, APIError>,
        written: Bool, generation: UInt64
    ) -> Result<Void, GraphQLPageError<Query>> {
        loadsEnded += 1
        guard generation == self.generation, written else {
            if generation == self.generation {
                // A first page was written since this one began: its refresh lands on its own; this load ends.
                loads[direction] = nil
                setLoading(direction, false)
                publish()
            }
            // A refresh landed meanwhile: this page continued a list that is no longer shown.
            return answer.map { _ in () }.mapError { GraphQLPageError(query: query, direction: direction, error: $0) }
        }
        loads[direction] = nil
        setLoading(direction, false)
        let result: Result<Void, GraphQLPageError<Query>>
        switch answer {
        case .success(let fetched):
            if let data = fetched.data {
                error = nil
                switch direction {
                case .first:
                    self.generation += 1
                    listEpoch += 1
                    // The loads of the other directions continued the old list: dropped.
                    loads = [:]
                    isLoadingNext = false
                    isLoadingPrevious = false
                    replacePages(with: [(query, data, fetched.isStale)])
                case .next:
                    pages.append(makePage(query: query, data: data, isStale: fetched.isStale))
                    updateItemsAndEnds()
                case .previous:
                    pages.insert(makePage(query: query, data: data, isStale: fetched.isStale), at: 0)
                    updateItemsAndEnds()
                }
                result = .success(())
            } else {
                let failure = GraphQLPageError(
                    query: query, direction: direction,
                    error: .invalidResponse(
                        operation: Query.operationName, status: fetched.httpResponse.status,
                        reason: "the server answered the page with no data", bodyExcerpt: ""))
                error = failure
                result = .failure(failure)
            }
        case .failure(let failure):
            let pageError = GraphQLPageError(query: query, direction: direction, error: failure)
            error = pageError
            result = .failure(pageError)
        }
        publish()
        return result
    }

    private func setLoading(_ direction: GraphQLPageDirection, _ loading: Bool) {
        switch direction {
        case .first: isRefreshing = loading
        case .next: isLoadingNext = loading
        case .previous: isLoadingPrevious = loading
        }
    }

    /// Replaces every page (and stops following the old ones).
    private func replacePages(with new: [(Query, Query.Data, Bool)]) {
        for (id, follower) in followers where id != Self.listPageID { follower.stop() }
        followers = followers.filter { $0.key == Self.listPageID }
        pages = new.map { makePage(query: $0.0, data: $0.1, isStale: $0.2) }
        updateItemsAndEnds()
    }

    /// A page, following the cache from now on (with ``mergesPages``, the whole list follows it instead).
    private func makePage(query: Query, data: Query.Data, isStale: Bool) -> GraphQLPage<Query> {
        let id = nextPageID
        nextPageID += 1
        if mergesPages { followList() } else { follow(query, pageID: id) }
        return GraphQLPage(query: query, data: data, isStale: isStale, id: id)
    }

    /// Follows the whole list in the cache (``mergesPages``), once: reads it again (what changed of it) each time a
    /// record it was read from changes.
    private func followList() {
        guard followers[Self.listPageID] == nil, client.cache != nil else { return }
        let follower = PageFollower()
        followers[Self.listPageID] = follower
        let task = Task { @MainActor [weak self, weak follower] in
            defer { follower?.stop() }
            guard let watcher = await self?.syncList() else { return }
            follower?.watch(with: watcher)
            while !Task.isCancelled {
                guard await watcher.waitForChange() else { return }
                guard let self else { return }
                await self.syncList()
            }
        }
        follower.keep(task)
    }

    /// Reads the list again (``mergesPages``), after the reads already begun; returns the list's watcher.
    @discardableResult
    private func syncList() async -> CacheWatcher? {
        let previous = listSync
        let task = Task { @MainActor [weak self] in
            await previous?.value
            await self?.readList()
        }
        listSync = task
        await task.value
        return listWatcher
    }

    /// One read of the list: only the elements that are new or whose records changed (all of them after a miss), the
    /// items of the others kept; the list's watcher, made at the first read, depends on every record read.
    private func readList() async {
        guard let cache = client.cache, let metadata = Query.cacheMetadata,
            let variables = try? metadata.coercedVariables(GraphQLHTTPClient.variablesJSON(initialQuery))
        else { return }
        let watcher: CacheWatcher
        if let listWatcher {
            watcher = listWatcher
        } else {
            watcher = await cache.makeWatcher(collectsChanges: true)
            listWatcher = watcher
        }
        let whole = list.needsFullRead || !list.elementwise
        let read = await cache.readList(
            Query.Data.self, operationName: Query.operationName, metadata: metadata, variables: variables,
            responseKey: listField ?? "", known: whole ? GraphQLCache.ListElementsKnown() : list.known,
            errorNulls: listErrorNulls, watcher: watcher)
        if read.unchanged { return }
        guard case .hit(let data, _, _) = read.outcome else {
            // Not in the cache as a whole (cleared, evicted, trimmed): the changes this read took are lost, so the next
            // read reads every element. The list is asked for again from its first page (as a watch refetches what the
            // cache no longer gives), once until a read finds it: an answer the cache cannot keep does not loop.
            list.needsFullRead = true
            if !refreshedAfterMiss, listRead, loads.isEmpty {
                refreshedAfterMiss = true
                Task { @MainActor [weak self] in try? await self?.loadFirst() }
            }
            return
        }
        refreshedAfterMiss = false
        list.needsFullRead = false
        var released: Set<String>
        if let values = read.elements, list.elementwise,
            let fromElements = list.apply(
                values: values, reads: read.reads, items: pagination.items(data), dependencies: read.dependencies)
        {
            released = fromElements
        } else if list.elementwise, read.elements != nil {
            // The items are not one per element: read whole from now on.
            list.needsFullRead = true
            await readList()
            return
        } else {
            var dependencies = read.dependencies
            for element in read.reads { dependencies.formUnion(element.dependencies) }
            released = list.applyWhole(items: pagination.items(data), dependencies: dependencies)
        }
        if !released.isEmpty { await cache.removeDependencies(released, of: watcher) }
        listRead = true
        updateItemsAndEnds()
        publish()
    }

    /// Writes a page of the list (``mergesPages``) in its turn, after the pages reached before it; `false` when it is
    /// not written: it continues the list (`epoch`, ``listEpoch`` when it began) and a first page was asked for since,
    /// or is in flight. `replacing`: a first page that replaces the list whatever it holds (a ``refresh()``).
    private func storeInTurn(
        _ fetched: GraphQLHTTPClient.Fetched<Query.Data>, query: Query, direction: GraphQLPageDirection, epoch: UInt64,
        replacing: Bool
    ) async -> Bool {
        let previous = storeChain
        let turn = Task { @MainActor [weak self] () -> Bool in
            await previous?.value
            guard let self else { return false }
            return await self.store(fetched, query: query, direction: direction, epoch: epoch, replacing: replacing)
        }
        storeChain = Task { _ = await turn.value }
        return await turn.value
    }

    private func store(
        _ fetched: GraphQLHTTPClient.Fetched<Query.Data>, query: Query, direction: GraphQLPageDirection, epoch: UInt64,
        replacing: Bool
    ) async -> Bool {
        if direction != .first, epoch != listEpoch || loads[.first] != nil { return false }
        guard let cache = client.cache, let metadata = Query.cacheMetadata,
            let variables = try? metadata.coercedVariables(GraphQLHTTPClient.variablesJSON(query))
        else { return true }
        let outcome = await client.store(
            fetched, in: cache, metadata: metadata, variables: variables,
            queryKey: GraphQLHTTPClient.cacheQueryKey(Query.self, variables: variables),
            replacingLists: replacing && direction == .first)
        let nulls = Set(outcome?.errorNulls.compactMap { $0 } ?? [])
        if direction == .first { listErrorNulls = nulls } else { listErrorNulls.formUnion(nulls) }
        return true
    }

    private func updateItemsAndEnds() {
        items = listRead ? list.items : pages.flatMap { pagination.items($0.data) }
        if let last = pages.last { hasNextPage = pagination.next(last.query, last.data) != nil }
        if let first = pages.first { hasPreviousPage = pagination.previous(first.query, first.data) != nil }
    }

    private func publish() {
        guard !observers.isEmpty else { return }
        let current = snapshot
        for observer in observers.values { observer.yield(current) }
    }

    /// A page's data as the cache holds it now.
    private func apply(_ result: GraphQLResult<Query.Data>, pageID: UInt64) {
        guard let data = result.data, let index = pages.firstIndex(where: { $0.id == pageID }) else { return }
        guard pages[index].data != data || pages[index].isStale != result.isStale else { return }
        pages[index].data = data
        pages[index].isStale = result.isStale
        updateItemsAndEnds()
        publish()
    }

    /// Makes a page follow the cache: its watcher is registered before the follower's first read, which comes after
    /// the page's answer was written, so no change after it is missed.
    private func follow(_ query: Query, pageID: UInt64) {
        guard client.cache != nil, Query.cacheMetadata != nil else { return }
        let follower = PageFollower()
        followers[pageID] = follower
        let client = self.client
        let errorPolicy = self.errorPolicy
        let task = Task { @MainActor [weak self, weak follower] in
            var driver = WatchDriver(client: client, query: query, start: .observeOnly, errorPolicy: errorPolicy)
            defer { follower?.stop() }
            guard let watcher = try? await driver.prepare() else { return }
            follower?.watch(with: watcher)
            while !Task.isCancelled {
                do throws(APIError) {
                    guard let result = try await driver.next() else { return }
                    guard let self else { return }
                    self.apply(result, pageID: pageID)
                } catch {
                    // A refetch of the page failed: the page keeps what it showed; following goes on.
                    continue
                }
            }
        }
        follower.keep(task)
    }
}

extension GraphQLHTTPClient {
    /// A pager over a paginated query: see ``GraphQLQueryPager``.
    /// - Parameters:
    ///   - initialQuery: the first page's query.
    ///   - pagination: how pages follow each other (cursor, offset, or your own rule).
    ///   - errorPolicy: as for ``execute(_:fetchPolicy:errorPolicy:)``.
    @MainActor
    public func pager<Query: GraphQLQuery, Item: Sendable>(
        _ initialQuery: Query, pagination: GraphQLPagination<Query, Item>,
        errorPolicy: GraphQLErrorPolicy = .failOnAnyError
    ) -> GraphQLQueryPager<Query, Item> where Query.Data: Equatable {
        GraphQLQueryPager(client: self, initialQuery: initialQuery, pagination: pagination, errorPolicy: errorPolicy)
    }
}
