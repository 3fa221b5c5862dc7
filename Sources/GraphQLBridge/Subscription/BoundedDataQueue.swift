import Foundation
import GraphQLBridgeSupport

/// A queue of byte buffers between a producer (a URLSession delegate, a WebSocket receive loop) and one consumer,
/// with its memory bounded: it counts the bytes it holds, asks the producer to pause at `pauseAt` bytes (and to
/// resume once the consumer has taken it down to half of that), and fails, dropping what it holds, when a piece
/// would take it past `limit` bytes. One piece is always accepted into an empty queue, so the bound is
/// `max(limit, the largest piece)`.
///
/// Used as the body of an HTTP stream (back-pressure: the data task is suspended) and as a WebSocket
/// subscription's unread events (no back-pressure on a shared socket: the subscription fails past the limit).
final class BoundedDataQueue: Sendable {
    /// What the queue holds and held.
    struct Statistics: Sendable, Hashable {
        /// The bytes held now.
        var bufferedBytes = 0
        /// The most bytes held at once.
        var peakBufferedBytes = 0
        /// How many times the producer was asked to pause.
        var pauses = 0
        /// Whether the producer is paused now.
        var paused = false
        /// Whether the queue failed because a piece would take it past the limit.
        var overflowed = false
    }

    private struct State {
        var items: [Data] = []
        var head = 0
        var statistics = Statistics()
        var end: Result<Void, any Error>?
        var waiter: CheckedContinuation<Data?, any Error>?
    }

    /// The producer is asked to pause when this many bytes are held; `nil` never pauses.
    let pauseAt: Int?
    /// More than this many bytes (unless one piece alone) fails the queue.
    let limit: Int
    private let state = Locked(State())
    private let onPause: @Sendable () -> Void
    private let onResume: @Sendable () -> Void
    private let onOverflow: @Sendable () -> Void
    private let onConsumerCancelled: @Sendable () -> Void
    private let overflowError: @Sendable () -> any Error

    init(
        limit: Int, pauseAt: Int?, overflowError: @escaping @Sendable () -> any Error,
        onPause: @escaping @Sendable () -> Void = {}, onResume: @escaping @Sendable () -> Void = {},
        onOverflow: @escaping @Sendable () -> Void = {}, onConsumerCancelled: @escaping @Sendable () -> Void = {}
    ) {
        self.limit = max(1, limit)
        self.pauseAt = pauseAt.map { max(1, $0) }
        self.overflowError = overflowError
        self.onPause = onPause
        self.onResume = onResume
        self.onOverflow = onOverflow
        self.onConsumerCancelled = onConsumerCancelled
    }

    var statistics: Statistics { state.withLock { $0.statistics } }

    /// Whether a consumer is suspended waiting for the next piece (for the model test: a read that must wait has
    /// registered before the producer's next step).
    var hasWaiter: Bool { state.withLock { $0.waiter != nil } }

    /// The queue's pieces as a stream (one consumer).
    func makeStream() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream(unfolding: { [self] in try await next() })
    }

    /// What became of a piece.
    enum PushResult { case accepted, overflowed, ended }

    /// Adds a piece (or hands it to the waiting consumer).
    @discardableResult
    func push(_ data: Data) -> PushResult {
        enum Action { case none, deliver(CheckedContinuation<Data?, any Error>), pause, overflow }
        let (action, result) = state.withLock { state -> (Action, PushResult) in
            guard state.end == nil else { return (.none, .ended) }
            if let waiter = state.waiter {
                state.waiter = nil
                state.statistics.peakBufferedBytes = max(state.statistics.peakBufferedBytes, data.count)
                return (.deliver(waiter), .accepted)
            }
            let held = state.statistics.bufferedBytes
            if held > 0, held + data.count > limit {
                state.items = []
                state.head = 0
                state.statistics.bufferedBytes = 0
                state.statistics.overflowed = true
                state.end = .failure(overflowError())
                return (.overflow, .overflowed)
            }
            state.items.append(data)
            state.statistics.bufferedBytes = held + data.count
            state.statistics.peakBufferedBytes = max(state.statistics.peakBufferedBytes, held + data.count)
            if let pauseAt, !state.statistics.paused, held + data.count >= pauseAt {
                state.statistics.paused = true
                state.statistics.pauses += 1
                return (.pause, .accepted)
            }
            return (.none, .accepted)
        }
        switch action {
        case .none: break
        case .deliver(let waiter): waiter.resume(returning: data)
        case .pause: onPause()
        case .overflow: onOverflow()
        }
        return result
    }

    /// Ends the queue: the consumer gets what is held, then the end (or `error`).
    func finish(throwing error: (any Error)? = nil) {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            guard state.end == nil else { return nil }
            state.end = error.map { .failure($0) } ?? .success(())
            guard state.head == state.items.count else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        if let error { waiter?.resume(throwing: error) } else { waiter?.resume(returning: nil) }
    }

    /// The next piece; `nil` at the end or when the consuming task is cancelled.
    func next() async throws -> Data? {
        enum Step { case piece(Data, resume: Bool), end(Result<Void, any Error>), wait }
        let step = state.withLock { [pauseAt] state -> Step in
            if let (piece, resume) = Self.dequeue(&state, pauseAt: pauseAt) { return .piece(piece, resume: resume) }
            if let end = state.end { return .end(end) }
            return .wait
        }
        switch step {
        case .piece(let piece, let resume):
            if resume { onResume() }
            return piece
        case .end(let end):
            try end.get()
            return nil
        case .wait:
            break
        }
        let piece = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
                enum Now { case wait, resume(Data?, resumeProducer: Bool), fail(any Error) }
                let now = state.withLock { [pauseAt] state -> Now in
                    if let (piece, resume) = Self.dequeue(&state, pauseAt: pauseAt) {
                        return .resume(piece, resumeProducer: resume)
                    }
                    if let end = state.end {
                        if case .failure(let error) = end { return .fail(error) }
                        return .resume(nil, resumeProducer: false)
                    }
                    if Task.isCancelled { return .resume(nil, resumeProducer: false) }
                    state.waiter = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .resume(let piece, let resumeProducer):
                    if resumeProducer { onResume() }
                    continuation.resume(returning: piece)
                case .fail(let error): continuation.resume(throwing: error)
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
        if piece == nil, Task.isCancelled { onConsumerCancelled() }
        return piece
    }

    /// Takes the first piece held; whether the producer may resume.
    private static func dequeue(_ state: inout State, pauseAt: Int?) -> (Data, Bool)? {
        guard state.head < state.items.count else { return nil }
        let piece = state.items[state.head]
        state.head += 1
        if state.head == state.items.count {
            state.items.removeAll(keepingCapacity: true)
            state.head = 0
        } else if state.head >= 64, state.head * 2 >= state.items.count {
            state.items.removeFirst(state.head)
            state.head = 0
        }
        state.statistics.bufferedBytes -= piece.count
        if let pauseAt, state.statistics.paused, state.statistics.bufferedBytes <= pauseAt / 2 {
            state.statistics.paused = false
            return (piece, true)
        }
        return (piece, false)
    }

    /// The consumer is gone: drops what is held; the producer's next pieces are dropped.
    func cancel() {
        let waiter = state.withLock { state -> CheckedContinuation<Data?, any Error>? in
            state.items = []
            state.head = 0
            state.statistics.bufferedBytes = 0
            if state.end == nil { state.end = .success(()) }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
