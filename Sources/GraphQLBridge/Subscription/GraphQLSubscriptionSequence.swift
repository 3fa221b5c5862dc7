import Foundation

/// A running subscription: an `AsyncSequence` of results, from ``GraphQLHTTPClient/subscribe(_:errorPolicy:)``.
///
/// Each element is one event's execution result, decoded with the generated decoders (`Long` exact, `DateTime`
/// checked, as for queries). On a client with a cache, each event's data is written through the cache before the
/// element is given, so every watcher whose records change (a `GameQuery` watcher showing the draw) gets a new
/// result with no request.
///
/// The subscription starts when iteration starts. It ends (`nil`) when the server completes it, and when the
/// consuming task is cancelled or the iterator is released: the stream is closed (Server-Sent Events, multipart) or
/// `complete` is sent on the socket, and everything it held is freed. A dropped connection is re-established with
/// backoff and jitter and the subscription resumed; events sent in between are not replayed (a watch can refetch
/// to catch up). A failure that ends it (refused credentials after the allowed tries, a fatal close code, GraphQL
/// errors that end the stream, a decoding error) is thrown once, as an ``APIError``.
public struct GraphQLSubscriptionSequence<Subscription: GraphQLSubscription>: AsyncSequence, Sendable {
    /// One event's result.
    public typealias Element = GraphQLResult<Subscription.Data>
    /// Errors are always ``APIError``s.
    public typealias Failure = APIError

    let client: GraphQLHTTPClient
    let subscription: Subscription
    let errorPolicy: GraphQLErrorPolicy
    var openHandler: (@Sendable () -> Void)?

    init(client: GraphQLHTTPClient, subscription: Subscription, errorPolicy: GraphQLErrorPolicy) {
        self.client = client
        self.subscription = subscription
        self.errorPolicy = errorPolicy
    }

    /// The same subscription, calling `handler` each time it opens: over Server-Sent Events and multipart when the
    /// server accepted the stream (its response head arrived, 2xx with the media type asked for), over a WebSocket
    /// when its `subscribe` message was sent on an acknowledged socket. Called again after each reconnection; never
    /// for a connection that failed or was refused. This is as far as a client can know: neither protocol says when
    /// the server starts listening (many servers answer a stream's head, or read `subscribe`, a moment before), so
    /// an event the app itself triggers at once may still be missed; a server's own signal (or the first event)
    /// is the only proof. Lets an app show "live" and a test stop guessing with sleeps:
    ///
    /// ```swift
    /// let (opened, signal) = AsyncStream<Void>.makeStream()
    /// let updates = client.subscribe(DrawUpdatedSubscription(gameId: "6x45")).onOpen { signal.yield() }
    /// ```
    public func onOpen(_ handler: @escaping @Sendable () -> Void) -> GraphQLSubscriptionSequence<Subscription> {
        var copy = self
        let previous = openHandler
        copy.openHandler = {
            previous?()
            handler()
        }
        return copy
    }

    /// Starts the subscription: each iterator is a subscription of its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            state: SubscriptionIteratorState(
                client: client, subscription: subscription, errorPolicy: errorPolicy, onOpen: openHandler))
    }

    /// The iterator: holds the subscription; releasing it ends the subscription.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        let state: SubscriptionIteratorState<Subscription>

        /// The next event's result; `nil` once the subscription has ended.
        public mutating func next() async throws(APIError) -> GraphQLResult<Subscription.Data>? {
            try await state.next()
        }

        /// The next event's result; `nil` once the subscription has ended.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(APIError)
            -> GraphQLResult<Subscription.Data>?
        {
            try await next()
        }
    }
}

/// The state of one subscription's iterator: its payload source, made at the first `next()`.
///
/// `@unchecked Sendable`: an iterator is used by one task at a time, and only its `next()` touches `source` and
/// `finished`.
final class SubscriptionIteratorState<Subscription: GraphQLSubscription>: @unchecked Sendable {
    let client: GraphQLHTTPClient
    let subscription: Subscription
    let errorPolicy: GraphQLErrorPolicy
    private var source: (any SubscriptionPayloadSource)?
    private var variables: [String: JSONValue] = [:]
    private var finished = false

    let onOpen: (@Sendable () -> Void)?

    init(
        client: GraphQLHTTPClient, subscription: Subscription, errorPolicy: GraphQLErrorPolicy,
        onOpen: (@Sendable () -> Void)?
    ) {
        self.client = client
        self.subscription = subscription
        self.errorPolicy = errorPolicy
        self.onOpen = onOpen
    }

    deinit {
        source?.close()
    }

    func next() async throws(APIError) -> GraphQLResult<Subscription.Data>? {
        guard !finished else { return nil }
        do {
            if source == nil {
                variables = try GraphQLHTTPClient.variablesJSON(subscription)
                source = try await client.subscriptionSource(subscription, variables: variables, onOpen: onOpen)
            }
            guard let source, let payload = try await source.next() else {
                end()
                return nil
            }
            // With a cache, the decoder records the event's tape as it reads it (the payload read once).
            let cache = client.cache
            let metadata = Subscription.cacheMetadata
            guard let cache, let metadata else {
                return try GraphQLResponseDecoder.decode(
                    Subscription.Data.self, operation: Subscription.operationName,
                    response: HTTPResponse(status: 200), body: payload, errorPolicy: errorPolicy)
            }
            // As a mutation's answer: what the event says is written (or made stale) before the error policy fails
            // the subscription.
            let event = GraphQLHTTPClient.decodeEvent(
                Subscription.self, payload: payload, errorPolicy: errorPolicy)
            await client.writeSubscriptionEvent(event, metadata: metadata, variables: variables, in: cache)
            return try event.get()
        } catch {
            end()
            if case .cancelled = error, Task.isCancelled { return nil }
            throw error
        }
    }

    private func end() {
        finished = true
        source?.close()
        source = nil
    }
}
