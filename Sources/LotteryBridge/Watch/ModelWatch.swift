import GraphQLBridge

/// A live legacy model: an `AsyncSequence` of `GameInfo`, `[GameInfo]`, `[DrawInfo]`, ... that gives the model
/// at once, then again each time it changes.
///
/// From ``GraphQLClient/watch(requestType:as:fetchPolicy:)`` (failures are ``APIError``s: the client cache is
/// watched, and a change made anywhere in the app, such as a favourite set on another screen, arrives without a
/// request) and from `LotteryRepository`'s `watch...` methods (failures are the answering API's errors; a model
/// that REST serves is fetched again on demand, see `Migration.md`).
///
/// The sequence ends when the consuming task is cancelled; its watcher goes with the iterator.
public struct ModelWatch<Model: Sendable, Failure: Error>: AsyncSequence, Sendable {
    /// A model.
    public typealias Element = Model

    let makeSource: @Sendable () -> any ModelWatchSource<Model, Failure>

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

/// Where a ``ModelWatch``'s models come from.
protocol ModelWatchSource<Model, Failure>: Sendable {
    associatedtype Model: Sendable
    associatedtype Failure: Error
    /// The next model; `nil` when the watch ended.
    mutating func nextModel() async throws(Failure) -> Model?
}

/// Models adapted from a watched GraphQL query's results.
struct GraphQLModelSource<Query: GraphQLQuery, Model: Sendable>: ModelWatchSource where Query.Data: Equatable {
    var results: GraphQLQueryWatch<Query>.Iterator
    let adapt: @Sendable (GraphQLResult<Query.Data>) throws(APIError) -> Model

    mutating func nextModel() async throws(APIError) -> Model? {
        guard let result = try await results.next() else { return nil }
        return try adapt(result)
    }
}

/// A watch that fails at once (a request that cannot produce the model asked for).
struct FailingModelSource<Model: Sendable, Failure: Error>: ModelWatchSource {
    let error: Failure
    private var failed = false

    init(error: Failure) {
        self.error = error
    }

    mutating func nextModel() async throws(Failure) -> Model? {
        guard !failed else { return nil }
        failed = true
        throw error
    }
}

/// One model, then the end (a test's override).
struct OnceModelSource<Model: Sendable, Failure: Error>: ModelWatchSource {
    private var value: Model?

    init(value: Model) {
        self.value = value
    }

    mutating func nextModel() async throws(Failure) -> Model? {
        defer { value = nil }
        return value
    }
}

/// A source whose failures are reported as `any Error` (the repository's watches, which REST may serve).
struct AnyErrorModelSource<Model: Sendable>: ModelWatchSource {
    var base: any ModelWatchSource<Model, APIError>

    mutating func nextModel() async throws(any Error) -> Model? {
        try await base.nextModel()
    }
}

/// GraphQL first; when it fails before giving a model, the fallback from then on (`.graphQLWithRESTFallback`).
struct FallbackModelSource<Model: Sendable>: ModelWatchSource {
    var primary: any ModelWatchSource<Model, APIError>
    var fallback: any ModelWatchSource<Model, any Error>
    private var gaveModel = false
    private var usesFallback = false
    /// Told when the fallback takes over (the repository reports it as the router does).
    let onFallback: @Sendable (APIError) async -> Void

    init(
        primary: any ModelWatchSource<Model, APIError>, fallback: any ModelWatchSource<Model, any Error>,
        onFallback: @escaping @Sendable (APIError) async -> Void
    ) {
        self.primary = primary
        self.fallback = fallback
        self.onFallback = onFallback
    }

    mutating func nextModel() async throws(any Error) -> Model? {
        if usesFallback { return try await fallback.nextModel() }
        do throws(APIError) {
            let model = try await primary.nextModel()
            if model != nil { gaveModel = true }
            return model
        } catch {
            guard !gaveModel, !error.isCancellation else { throw error }
            usesFallback = true
            await onFallback(error)
            return try await fallback.nextModel()
        }
    }
}

extension APIError {
    /// Whether the error is a cancellation (never a reason to fall back).
    fileprivate var isCancellation: Bool {
        if case .cancelled = self { return true }
        return false
    }
}
