import Foundation
import GraphQLBridgeSupport

/// The query requests a client has in flight, shared by identical queries made while one runs: one request, many
/// callers.
///
/// - A caller joins a request only when the cache's write generation is the one the request started at: a caller
///   that starts after a write (a pull-to-refresh after a mutation) gets a request of its own, whose answer has seen
///   the write.
/// - A caller that goes away (its task cancelled: a screen dismissed while loading) stops waiting at once with a
///   `CancellationError`; the request goes on for the others, and is cancelled only when every caller has gone.
///
/// Every `Request`'s state is only read or written inside `state.withLock`; continuations are resumed and tasks
/// cancelled after it returns.
final class InFlightRequests: Sendable {
    /// The response head, its body, when the request was sent on the cache's clock (an answer's age counts from
    /// then, for every caller that shares it) and its place among the requests sent through the cache
    /// (``GraphQLCache/nextRequestSequence()``).
    typealias Response = (HTTPResponse, Data, sentAt: Date, sequence: UInt64)

    /// One shared request: its task, its callers, the generation it started at.
    // Safe as `@unchecked Sendable`: its `var`s are only read or written inside the owner's `state.withLock`.
    private final class Request: @unchecked Sendable {
        let generation: UInt64
        var started = false
        var task: Task<Void, Never>?
        var outcome: Result<Response, any Error>?
        var waiters: [UInt64: Waiter] = [:]
        var everyCallerGone = false

        init(generation: UInt64) { self.generation = generation }
    }

    private enum Waiter {
        /// Registered before its continuation exists.
        case registered
        case waiting(CheckedContinuation<Response, any Error>)
        /// Cancelled before its continuation existed.
        case cancelled
    }

    private struct State {
        var requests: [String: Request] = [:]
        /// Every request not finished yet, those a newer request for their key replaced in ``requests`` too (their
        /// callers still wait on them): what the test counters count.
        var unfinished: [ObjectIdentifier: Request] = [:]
        var lastWaiterID: UInt64 = 0
    }
    private let state = Locked(State())
    /// For tests: called in each caller's task as it registers, with `true` when it joined a request in flight and
    /// `false` when it started one (a model checker tells which of its tasks waits on which request).
    let registrations = Locked<(@Sendable (_ joined: Bool) -> Void)?>(nil)

    /// The answer of the request in flight for `key` started at `generation`, or of a new one `send` makes.
    /// - Returns: the answer and the generation its request started at.
    func response(
        for key: String, generation: UInt64, send: @escaping @Sendable () async throws -> Response
    ) async throws -> (response: Response, startedAt: UInt64) {
        let (request, waiterID, joined): (Request, UInt64, Bool) = state.withLock { state in
            state.lastWaiterID += 1
            // One lookup of the key (a long string) for both the request in flight and the place of a new one.
            let fresh = Request(generation: generation)
            let (request, joined) = Self.join(&state.requests[key, default: fresh], fresh: fresh)
            if !joined { state.unfinished[ObjectIdentifier(request)] = request }
            request.waiters[state.lastWaiterID] = .registered
            return (request, state.lastWaiterID, joined)
        }
        registrations.withLock { $0 }?(joined)
        start(request, key: key, send: send)
        // Answered already (the request's task ran to its end without suspending: a transport that answers at once):
        // taken as the continuation below would take it, without making one.
        let answered: Result<Response, any Error>? = state.withLock { _ in
            guard let outcome = request.outcome else { return nil }
            request.waiters[waiterID] = nil
            return outcome
        }
        if let answered { return (try answered.get(), request.generation) }
        let response = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Response, any Error>) in
                let immediate: Result<Response, any Error>? = state.withLock { _ in
                    if let outcome = request.outcome {
                        request.waiters[waiterID] = nil
                        return outcome
                    }
                    if case .cancelled? = request.waiters[waiterID] {
                        request.waiters[waiterID] = nil
                        return .failure(CancellationError())
                    }
                    request.waiters[waiterID] = .waiting(continuation)
                    return nil
                }
                if let immediate { continuation.resume(with: immediate) }
            }
        } onCancel: {
            leave(request, key: key, waiter: waiterID)
        }
        return (response, request.generation)
    }

    /// The request in `slot` when a caller at `fresh`'s generation may join it (`true`), or `fresh`, put there.
    private static func join(_ slot: inout Request, fresh: Request) -> (Request, joined: Bool) {
        if slot !== fresh, slot.generation == fresh.generation, !slot.everyCallerGone { return (slot, true) }
        slot = fresh
        return (fresh, false)
    }

    /// Starts the request's task, once.
    private func start(_ request: Request, key: String, send: @escaping @Sendable () async throws -> Response) {
        let starts: Bool = state.withLock { _ in
            guard !request.started else { return false }
            request.started = true
            return true
        }
        guard starts else { return }
        let operation: @Sendable () async -> Void = {
            let outcome: Result<Response, any Error>
            do {
                outcome = .success(try await send())
            } catch {
                outcome = .failure(error)
            }
            self.finish(request, key: key, with: outcome)
        }
        // A task of its own, so that the first caller's cancellation is not the request's; started on the caller's
        // thread where the platform can (no hand-over to another thread before the request is even sent).
        let task: Task<Void, Never>
        if #available(macOS 26.0, iOS 26.0, watchOS 26.0, tvOS 26.0, visionOS 26.0, *) {
            task = Task.immediate(operation: operation)
        } else {
            task = Task(operation: operation)
        }
        state.withLock { _ in
            request.task = task
            if request.everyCallerGone { task.cancel() }
        }
    }

    /// Gives the answer to every caller still waiting, and forgets the request.
    private func finish(_ request: Request, key: String, with outcome: Result<Response, any Error>) {
        let waiting: [CheckedContinuation<Response, any Error>] = state.withLock { state in
            request.outcome = outcome
            if let index = state.requests.index(forKey: key), state.requests.values[index] === request {
                state.requests.remove(at: index)
            }
            state.unfinished[ObjectIdentifier(request)] = nil
            let continuations = request.waiters.values.compactMap {
                waiter -> CheckedContinuation<Response, any Error>? in
                if case .waiting(let continuation) = waiter { return continuation }
                return nil
            }
            request.waiters = [:]
            return continuations
        }
        for continuation in waiting { continuation.resume(with: outcome) }
    }

    /// A caller's task was cancelled: it stops waiting; the request is cancelled when it was the last caller.
    private func leave(_ request: Request, key: String, waiter: UInt64) {
        let (continuation, cancelTask): (CheckedContinuation<Response, any Error>?, Task<Void, Never>?) =
            state.withLock { state in
                var continuation: CheckedContinuation<Response, any Error>?
                switch request.waiters[waiter] {
                case .waiting(let waiting)?:
                    continuation = waiting
                    request.waiters[waiter] = nil
                case .registered?:
                    request.waiters[waiter] = .cancelled
                case .cancelled?, nil:
                    break
                }
                let remaining = request.waiters.values.contains {
                    if case .cancelled = $0 { return false }
                    return true
                }
                guard !remaining, request.outcome == nil else { return (continuation, nil) }
                request.everyCallerGone = true
                if state.requests[key] === request { state.requests[key] = nil }
                state.unfinished[ObjectIdentifier(request)] = nil
                return (continuation, request.task)
            }
        continuation?.resume(throwing: CancellationError())
        cancelTask?.cancel()
    }

    /// How many requests are in flight (for tests), those a newer request for the same query replaced too.
    var requestCount: Int { state.withLock { $0.unfinished.count } }

    /// How many callers wait on requests in flight (for tests), those a newer request for the same query replaced too.
    var waiterCount: Int {
        state.withLock { state in
            state.unfinished.values.reduce(0) { total, request in
                total
                    + request.waiters.values.filter {
                        if case .waiting = $0 { return true }
                        return false
                    }.count
            }
        }
    }
}
