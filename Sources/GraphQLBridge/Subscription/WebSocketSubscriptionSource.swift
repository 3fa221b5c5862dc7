import Foundation

/// One subscription on the client's WebSocket: the payloads its engine routes to it. Released or closed, it
/// completes the subscription on the server (and the socket closes when it was the last).
///
/// `@unchecked Sendable`: `iterator` and `finished` are only touched by `next()` and `close()`, which the iterator
/// that owns this source calls from one task at a time.
final class WebSocketSubscriptionSource: SubscriptionPayloadSource, @unchecked Sendable {
    private let engine: GraphQLWebSocketClient
    private let id: Int
    private let operationName: String
    private var iterator: AsyncThrowingStream<Data, any Error>.AsyncIterator?
    private var finished = false

    init(engine: GraphQLWebSocketClient, id: Int, operationName: String, stream: AsyncThrowingStream<Data, any Error>) {
        self.engine = engine
        self.id = id
        self.operationName = operationName
        self.iterator = stream.makeAsyncIterator()
    }

    deinit {
        if !finished {
            let engine = self.engine
            let id = self.id
            Task { await engine.complete(id) }
        }
    }

    func next() async throws(APIError) -> Data? {
        guard !finished else { return nil }
        do {
            if let payload = try await iterator?.next() { return payload }
            // Completed by the server, or the consuming task was cancelled: then the subscription is completed on
            // the server (a no-op when the server completed it).
            finished = true
            iterator = nil
            if Task.isCancelled {
                let engine = self.engine
                let id = self.id
                Task { await engine.complete(id) }
            }
            return nil
        } catch {
            finished = true
            iterator = nil
            if let error = error as? APIError { throw error }
            throw SubscriptionConnectionError(error).apiError(operation: operationName)
        }
    }

    func close() {
        guard !finished else { return }
        finished = true
        iterator = nil
        let engine = self.engine
        let id = self.id
        Task { await engine.complete(id) }
    }
}
