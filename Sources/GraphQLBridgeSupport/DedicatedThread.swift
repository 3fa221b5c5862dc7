import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs blocking or long work on a thread of its own, never on a thread that Swift concurrency or Dispatch share
/// (`package` access: for this package's tests and tools, not part of any product's API).
///
/// On Linux, Swift concurrency's global executor runs its jobs on Dispatch's global queues, whose pool is only a
/// few threads wide on a small machine (four on two cores) and grows slowly (about a thread a second) when its
/// threads block. Work handed to `DispatchQueue.global()` therefore takes the threads every `async` function
/// needs: four CPU-bound blocks starve every task until they finish, and sixteen blocked ones for about nine
/// seconds (measured on a 2-core machine). A test that generates, compiles or waits for a child process for
/// seconds runs that work here instead, and awaits its result.
package enum DedicatedThread {
    /// The thread's scheduling priority.
    package enum Priority: Sendable {
        /// The process's priority.
        case normal
        /// The lowest (`nice` 19) for this thread alone, on Linux: CPU-bound work that must not slow the
        /// timing-sensitive work beside it. Elsewhere, the thread's lowest quality of service.
        case background
    }

    /// Runs `body` on a new thread and returns (or throws) what it returns, without holding a concurrency thread.
    /// - Parameters:
    ///   - name: The thread's name, shown by debuggers and sanitizers.
    ///   - priority: How the thread is scheduled.
    ///   - body: The work; it may block and may run for long.
    /// - Returns: What `body` returns.
    package static func run<Result: Sendable>(
        name: String, priority: Priority = .normal, _ body: @escaping @Sendable () throws -> Result
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            let thread = Thread {
                if priority == .background { lowerThisThreadsPriority() }
                continuation.resume(with: Swift.Result { try body() })
            }
            thread.name = name
            if priority == .background { thread.qualityOfService = .background }
            thread.start()
        }
    }

    private static func lowerThisThreadsPriority() {
        #if os(Linux)
            // `who` 0 is the calling thread on Linux (each thread has its own nice value).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }
}
