import GraphQLBridge

/// Wakes the live models that REST serves (REST has no cache to observe): a repository's
/// ``LotteryRepository/refreshWatches()``, and each write through the repository, make them fetch again.
actor RESTRefreshCenter {
    private var generation = 0
    private var waiters: [Int: CheckedContinuation<Int?, Never>] = [:]
    private var lastWaiter = 0

    /// Asks every REST-served watch to fetch again.
    func refreshAll() {
        generation += 1
        let waiting = waiters
        waiters = [:]
        for continuation in waiting.values { continuation.resume(returning: generation) }
    }

    /// The current generation (a watch remembers it before its first fetch).
    var current: Int { generation }

    /// Waits for a refresh later than `seen`; `nil` when the waiting task is cancelled.
    nonisolated func waitForRefresh(after seen: Int) async -> Int? {
        let id = await nextWaiterID()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
                Task { await self.park(continuation, id: id, after: seen) }
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    private func nextWaiterID() -> Int {
        lastWaiter += 1
        return lastWaiter
    }

    private var cancelled: Set<Int> = []

    private func park(_ continuation: CheckedContinuation<Int?, Never>, id: Int, after seen: Int) {
        if cancelled.remove(id) != nil {
            continuation.resume(returning: nil)
        } else if generation > seen {
            continuation.resume(returning: generation)
        } else {
            waiters[id] = continuation
        }
    }

    private func cancel(_ id: Int) {
        if let continuation = waiters.removeValue(forKey: id) {
            continuation.resume(returning: nil)
        } else {
            cancelled.insert(id)
        }
    }
}

/// A model that REST serves: fetched at once, then again at each refresh, and every `pollInterval` when one is
/// given (the legacy app's way of following draws); an equal model is not repeated.
struct RESTModelSource<Model: Sendable & Equatable>: ModelWatchSource {
    let center: RESTRefreshCenter
    let fetch: @Sendable () async throws -> Model
    let pollInterval: Duration?
    private var seen: Int?
    private var last: Model?

    init(center: RESTRefreshCenter, pollInterval: Duration? = nil, fetch: @escaping @Sendable () async throws -> Model)
    {
        self.center = center
        self.fetch = fetch
        self.pollInterval = pollInterval
    }

    mutating func nextModel() async throws(any Error) -> Model? {
        while true {
            if let seen {
                guard let next = await waitForRefreshOrPoll(after: seen) else { return nil }
                self.seen = next
            } else {
                seen = await center.current
            }
            let model: Model
            do {
                model = try await fetch()
            } catch {
                if Task.isCancelled { return nil }
                throw error
            }
            if model != last {
                last = model
                return model
            }
        }
    }

    /// The next refresh's generation, or the same one when `pollInterval` passes first; `nil` when cancelled.
    private func waitForRefreshOrPoll(after seen: Int) async -> Int? {
        guard let pollInterval else { return await center.waitForRefresh(after: seen) }
        let center = self.center
        return await withTaskGroup(of: Int?.self) { group in
            group.addTask { await center.waitForRefresh(after: seen) }
            group.addTask {
                do {
                    try await Task.sleep(for: pollInterval)
                    return seen
                } catch {
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return Task.isCancelled ? nil : first
        }
    }
}
