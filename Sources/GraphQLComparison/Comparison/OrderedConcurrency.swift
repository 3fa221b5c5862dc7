import GraphQLMigration

/// Runs work items concurrently and hands their results over in the items' order.
enum OrderedConcurrency {
    /// Runs `body` for the indices `0..<count`, at most `limit` at once, and calls `emit` with each result in index
    /// order, on the calling task. An item starts only when it is fewer than `window` items ahead of the next result
    /// to emit, so at most `window` results wait for an earlier one: memory stays bounded however many items there
    /// are. An item for which `isAlone` is true runs with no other item: it starts when the items before it have
    /// finished, and the items after it start when it has.
    static func forEach<Result: Sendable>(
        count: Int, limit: Int, window: Int,
        isAlone: (Int) -> Bool = { _ in false },
        body: @escaping @Sendable (Int) async -> Result,
        emit: (Result) -> Void
    ) async {
        let limit = max(1, limit)
        let window = max(limit, window)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            var running = 0
            var aloneRunning = false
            var nextToEmit = 0
            var waiting: [Int: Result] = [:]
            func startMore() {
                while !aloneRunning, next < count, running < limit, next < nextToEmit + window {
                    let index = next
                    if isAlone(index) {
                        guard running == 0 else { return }
                        aloneRunning = true
                    }
                    group.addTask { (index, await body(index)) }
                    next += 1
                    running += 1
                }
            }
            startMore()
            while let (index, result) = await group.next() {
                running -= 1
                if aloneRunning, running == 0 { aloneRunning = false }
                waiting[index] = result
                while let ready = waiting.removeValue(forKey: nextToEmit) {
                    emit(ready)
                    nextToEmit += 1
                }
                startMore()
            }
        }
    }
}
