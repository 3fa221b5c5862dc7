/// A live model: an `AsyncSequence` of an app's own model (a legacy `Product`, `[Order]`, ...) that gives the model
/// at once, then again each time it changes.
///
/// ``GraphQLRequestClient/watch(_:as:fetchPolicy:)`` gives one whose failures are ``APIError``s: the client cache
/// is watched through the request's route, so a change made anywhere in the app (a mutation on another screen, a
/// refresh by another query) arrives without a request; a subscription's route gives a model per event. An app's
/// data layer makes its own from any ``ModelWatchSource`` (a model that REST still serves, fetched again on demand),
/// so that screens watch one type whichever API answers.
///
/// The sequence ends when the consuming task is cancelled; its watcher goes with the iterator.
public struct ModelWatch<Model: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// A model.
    public typealias Element = Model

    /// Makes the source an iterator reads (a data layer composes watches from their sources: a fallback from one
    /// API to another).
    public let makeSource: @Sendable () -> any ModelWatchSource<Model, Failure>

    /// A watch whose iterators each read a source `makeSource` makes.
    public init(_ makeSource: @escaping @Sendable () -> any ModelWatchSource<Model, Failure>) {
        self.makeSource = makeSource
    }

    /// Starts watching: each iterator watches on its own.
    public func makeAsyncIterator() -> Iterator {
        Iterator(source: makeSource())
    }

    /// The iterator.
    public struct Iterator: AsyncIteratorProtocol, Sendable {
        var source: any ModelWatchSource<Model, Failure>
        private var isFinished = false

        init(source: any ModelWatchSource<Model, Failure>) {
            self.source = source
        }

        /// The next model; `nil` once the consuming task is cancelled or after an error.
        public mutating func next() async throws(Failure) -> Model? {
            guard !isFinished else { return nil }
            do {
                guard let model = try await source.nextModel() else {
                    isFinished = true
                    return nil
                }
                return model
            } catch {
                isFinished = true
                throw error
            }
        }

        /// The next model; `nil` once the consuming task is cancelled or after an error.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Failure) -> Model? {
            try await next()
        }
    }
}

/// Where a ``ModelWatch``'s models come from: a watched query's results adapted, a subscription's events, or an
/// app's own (a REST endpoint fetched again on demand).
public protocol ModelWatchSource<Model, Failure>: Sendable {
    /// The model.
    associatedtype Model: Sendable
    /// What a failure is.
    associatedtype Failure: Error
    /// The next model; `nil` when the watch ended.
    mutating func nextModel() async throws(Failure) -> Model?
}

/// Models adapted from a watched GraphQL query's results.
struct GraphQLModelSource<Query: GraphQLQuery, Model: Sendable>: ModelWatchSource where Query.Data: Equatable {
    var results: GraphQLQueryWatch<Query>.Iterator
    let adapt: @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> Model

    /// The next model. A state of an incrementally delivered answer before its last (``GraphQLResult/hasNext``) that
    /// the adapter cannot make a model of (a legacy model is whole: its deferred part has not arrived) is passed over:
    /// the model comes with the state that completes it.
    mutating func nextModel() async throws(APIError) -> Model? {
        while let result = try await results.next() {
            do throws(APIError) {
                return try adapt(result)
            } catch {
                if result.hasNext { continue }
                throw error
            }
        }
        return nil
    }
}

/// A watch that fails at once (a request that cannot produce the model asked for).
public struct FailingModelSource<Model: Sendable, Failure: Error>: ModelWatchSource {
    /// The failure.
    public let error: Failure
    private var failed = false

    /// A source that throws `error`, then ends.
    public init(error: Failure) {
        self.error = error
    }

    /// Throws the error the first time; `nil` after.
    public mutating func nextModel() async throws(Failure) -> Model? {
        guard !failed else { return nil }
        failed = true
        throw error
    }
}

/// One model, then the end (a test's override, a client without a cache).
public struct OnceModelSource<Model: Sendable, Failure: Error>: ModelWatchSource {
    private var value: Model?

    /// A source that gives `value`, then ends.
    public init(value: Model) {
        self.value = value
    }

    /// The value the first time; `nil` after.
    public mutating func nextModel() async throws(Failure) -> Model? {
        defer { value = nil }
        return value
    }
}

/// Models adapted from a subscription's events.
struct GraphQLSubscriptionModelSource<Subscription: GraphQLSubscription, Model: Sendable>: ModelWatchSource {
    var events: GraphQLSubscriptionSequence<Subscription>.Iterator
    let adapt: @Sendable (GraphQLResult<Subscription.Data>) throws(APIError) -> Model

    mutating func nextModel() async throws(APIError) -> Model? {
        guard let event = try await events.next() else { return nil }
        return try adapt(event)
    }
}
