import Foundation
import GraphQLBridgeSupport
import Observation

/// An observable query, as Firebase Data Connect's query refs: `execute(fetchPolicy:)` runs the query and
/// sets ``data``; from then on the ref follows the cache (a mutation, another query, an optimistic write),
/// updating ``data`` without a request, and refetching when the cache can no longer answer. A query that asks for
/// incremental delivery (`@defer`, `@stream`) sets ``data`` at each state as it arrives: first the initial payload
/// (deferred fragments `nil`), then with each increment merged in, from one request.
///
/// ```swift
/// struct GameView: View {
///     @State var game = client.ref(GameQuery(id: "6x45"))
///     var body: some View {
///         Text(game.data?.game?.name ?? "…")
///             .task { try? await game.execute() }
///     }
/// }
/// ```
///
/// Main-actor isolated, for SwiftUI; on Linux it is observed with `withObservationTracking`. Releasing the
/// ref stops following the cache.
@MainActor
@Observable
public final class QueryRef<Query: GraphQLQuery> where Query.Data: Equatable {
    /// The last result's data; `nil` before the first `execute` or when the server sent none.
    public private(set) var data: Query.Data?
    /// The last error, cleared by the next result.
    public private(set) var error: APIError?
    /// Where the last result came from; `nil` before the first.
    public private(set) var source: GraphQLResultSource?
    /// Whether the last result holds data older than its lifetime.
    public private(set) var isStale = false
    /// Whether an ``execute(fetchPolicy:)`` is running.
    public private(set) var isLoading = false

    /// The query.
    @ObservationIgnored public let query: Query
    @ObservationIgnored private let client: GraphQLHTTPClient
    @ObservationIgnored private let errorPolicy: GraphQLErrorPolicy
    @ObservationIgnored private let follower = QueryRefFollower()

    /// Creates a ref; ``GraphQLHTTPClient/ref(_:errorPolicy:)`` is the usual way.
    public nonisolated init(client: GraphQLHTTPClient, query: Query, errorPolicy: GraphQLErrorPolicy = .failOnAnyError)
    {
        self.client = client
        self.query = query
        self.errorPolicy = errorPolicy
    }

    /// Runs the query and updates the ref; from the first call on, the ref also follows the cache.
    /// - Parameter fetchPolicy: ``GraphQLFetchPolicy/preferCache`` by default.
    /// - Returns: the result (also in ``data``); a failure is also in ``error``.
    @discardableResult
    public func execute(fetchPolicy: GraphQLFetchPolicy = .preferCache) async throws(APIError)
        -> GraphQLResult<Query.Data>
    {
        isLoading = true
        defer { isLoading = false }
        // While this request is in flight, the follower does not ask the server for the query on a miss: its request
        // would join this one and stop following the cache until the answer (seed 11193 of the model checker).
        let following = follower.watcher
        following?.beginOwnerFetch()
        do {
            // A query that asks for incremental delivery shows each state as it arrives (the initial payload, then
            // each increment merged in); `execute` returns the complete one.
            let result = try await client.execute(
                query, fetchPolicy: fetchPolicy, errorPolicy: errorPolicy,
                onState: { [weak self] state in await self?.apply(state) })
            apply(result)
            await follow(shown: result)
            following?.endOwnerFetch(failed: false)
            return result
        } catch {
            following?.endOwnerFetch(failed: true)
            if self.error != error { self.error = error }
            throw error
        }
    }

    /// Sets what changed (an unchanged property is not written, so observers are not woken for nothing).
    private func apply(_ result: GraphQLResult<Query.Data>) {
        if data != result.data { data = result.data }
        if error != nil { error = nil }
        if source != result.source { source = result.source }
        if isStale != result.isStale { isStale = result.isStale }
    }

    /// Follows the cache from the first `execute` on; the cache knows the ref's watcher before `execute` returns, so
    /// a change made after it returns is one the follower sees (its first read comes after it, or the change signals
    /// it). A later `execute` set ``data`` itself, perhaps to an answer older than what the follower showed (the cache
    /// kept newer values): the follower reads the cache again and shows what it holds, whatever it showed last. When
    /// that read misses, `shown` (the `execute`'s result) is shown again, marked stale if it was read from the cache (an
    /// optimistic layer it came from may have ended).
    private func follow(shown: GraphQLResult<Query.Data>) async {
        follower.latestShown = shown
        switch follower.phase {
        case .following(let watcher):
            watcher.requestResync(shown: shown)
            return
        case .starting:
            // The first `execute` is registering the follower, whose first read comes after this `execute`'s result
            // (it takes `latestShown`).
            return
        case .idle:
            break
        }
        guard client.cache != nil, Query.cacheMetadata != nil else { return }
        follower.phase = .starting
        var driver = WatchDriver(client: client, query: query, start: .observeOnly, errorPolicy: errorPolicy)
        let watcher: CacheWatcher?
        do throws(APIError) {
            watcher = try await driver.prepare()
        } catch {
            // The variables that `execute` just sent cannot fail to encode now; if they did, nothing is followed.
            watcher = nil
        }
        guard let watcher else {
            follower.phase = .idle
            return
        }
        // What the ref shows before the follower's first read: the last `execute`'s result (another may have finished
        // while this one registered the watcher).
        if let latest = follower.latestShown { watcher.setShown(latest) }
        let prepared = driver
        follower.start(
            Task { [weak self] in
                var driver = prepared
                while !Task.isCancelled {
                    do throws(APIError) {
                        guard let result = try await driver.next() else { return }
                        guard let self else { return }
                        self.apply(result)
                    } catch {
                        guard let self else { return }
                        if self.error != error { self.error = error }
                    }
                }
            }, watcher: watcher)
    }
}

/// Holds the task that makes a ``QueryRef`` follow the cache and the watcher it follows with, and cancels the task
/// when the ref goes.
final class QueryRefFollower: Sendable {
    /// Where following stands.
    enum Phase: Sendable {
        /// Not following (no `execute` has succeeded yet).
        case idle
        /// The first `execute` is registering the watcher.
        case starting
        /// Following: the watcher, signalled when the ref's `execute` replaced what it showed.
        case following(CacheWatcher)
    }

    private struct State {
        var phase = Phase.idle
        var task: Task<Void, Never>?
        var latestShown: (any Sendable)?
    }

    private let state = Locked(State())

    var phase: Phase {
        get { state.withLock { $0.phase } }
        set { state.withLock { $0.phase = newValue } }
    }

    /// The last `execute` result the ref showed (set on the main actor, before the follower is told).
    var latestShown: (any Sendable)? {
        get { state.withLock { $0.latestShown } }
        set { state.withLock { $0.latestShown = newValue } }
    }

    /// The watcher, once following.
    var watcher: CacheWatcher? {
        guard case .following(let watcher) = phase else { return nil }
        return watcher
    }

    func start(_ task: Task<Void, Never>, watcher: CacheWatcher) {
        state.withLock { state in
            state.phase = .following(watcher)
            state.task = task
        }
    }

    deinit {
        state.withLock { $0.task }?.cancel()
    }
}
