import Testing

@testable import GraphQLBridge

/// A persistent cache's executor (a dispatch queue of its own) says whether code runs on it without trapping: the
/// SQLite store's trim callback checks it before it reaches the cache's state in place (`assumeIsolated`, which traps
/// elsewhere). The callback's use on the queue is checked by `CacheTrimmingTests` (the records of results served from
/// stored responses are marked as used only when the callback reaches the cache: with the check always false, a new
/// process's trim removed the product it had just read).
@Suite("The cache's queue executor")
struct CacheExecutorTests {
    /// An actor whose jobs run on `executor`, as a persistent cache's do.
    actor OnQueue {
        let executor: CacheQueueExecutor
        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        init(_ executor: CacheQueueExecutor) { self.executor = executor }

        func isCurrent() -> Bool { executor.isCurrent && CacheExecutor.queue(executor).isCurrent }

        /// Whether `another` executor's queue is current here.
        func isCurrent(_ another: CacheQueueExecutor) -> Bool { another.isCurrent }
    }

    @Test("code on the cache's queue is current; code elsewhere (a test's task, another queue's job) is not")
    func isCurrent() async {
        let executor = CacheQueueExecutor(label: "CacheExecutorTests")
        let other = CacheQueueExecutor(label: "CacheExecutorTests.other")
        #expect(!executor.isCurrent)
        #expect(!CacheExecutor.queue(executor).isCurrent)
        #expect(await OnQueue(executor).isCurrent())
        #expect(!(await OnQueue(other).isCurrent(executor)), "on another cache's queue, this one is not current")
        #expect(!CacheExecutor.standard(CacheExecutorOwner()).isCurrent, "a memory cache's cannot be asked: false")
    }
}
