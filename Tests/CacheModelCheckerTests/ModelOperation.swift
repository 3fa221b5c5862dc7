import CacheModelAPI
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import Observation

/// One of the checker's operations, type-erased: its document, how to draw random variables for it, how to run it
/// through a client (as an app would: the generated type, a fetch policy, an error policy, optimistic data), and how
/// to read a server's `data` for it the way the app's result holds it (decoded into the generated type and encoded
/// again), so that a cached result and a server's answer compare member by member.
struct ModelOperation: Sendable {
    /// What the app asked for when it ran an operation.
    struct Options: Sendable {
        var fetchPolicy: GraphQLFetchPolicy = .preferCache
        var errorPolicy: GraphQLErrorPolicy = .failOnAnyError
        /// For a mutation: the server's answer on a copy of the world, given as optimistic data.
        var optimisticData: JSONValue?
    }

    /// What running an operation gave the app.
    enum Outcome: Sendable {
        /// A result: its `data` as the app's generated type encodes it.
        case result(data: JSONValue?, source: GraphQLResultSource, isStale: Bool, errorCount: Int)
        case failure(APIError)
    }

    let name: String
    let isMutation: Bool
    let document: String
    let drawVariables: @Sendable (inout ModelRandom) -> [String: JSONValue]
    let run: @Sendable (GraphQLHTTPClient, [String: JSONValue], Options) async -> Outcome
    /// A server's `data` as the generated type holds it; `nil` when it does not decode.
    let canonical: @Sendable (JSONValue) -> JSONValue?
    /// For a query: watches it through a client (`client.watch`), each result into the sink, until the task is
    /// cancelled.
    var watch:
        (
            @Sendable (
                GraphQLHTTPClient, [String: JSONValue], GraphQLWatchFetchPolicy, GraphQLErrorPolicy, ModelWatchSink
            )
                -> Task<Void, Never>
        )? = nil
    /// For a query: a query ref (`client.ref`, `execute`, then following the cache), each state of its `data` into the
    /// sink, until the task is cancelled.
    var ref: (@Sendable (GraphQLHTTPClient, [String: JSONValue], ModelWatchSink) -> Task<Void, Never>)? = nil
    /// For a subscription: subscribes through a client (`client.subscribe`, partial data kept), each event into the
    /// sink, until the task is cancelled.
    var subscribe: (@Sendable (GraphQLHTTPClient, [String: JSONValue], ModelWatchSink) -> Task<Void, Never>)? = nil
    /// For a query: the app's own write of `data` (as ``canonical`` gives it) in a cache transaction
    /// (`ModelRun+LocalEdits.swift`); `false` when it does not decode into the generated type.
    var localWrite: (@Sendable (GraphQLCache, [String: JSONValue], JSONValue) async throws -> Bool)? = nil
}

/// What a watch showed, in order.
final class ModelWatchSink: Sendable {
    private struct State {
        var outcomes: [ModelOperation.Outcome] = []
        /// See ``isPending``.
        var pending = false
    }
    private let state = Locked(State())
    private let executeAgain = Locked<(@Sendable (GraphQLFetchPolicy) async -> ModelOperation.Outcome)?>(nil)

    /// For a query ref: runs its `execute` again with a fetch policy (what it returned); `nil` for other watches.
    var execute: (@Sendable (GraphQLFetchPolicy) async -> ModelOperation.Outcome)? { executeAgain.withLock { $0 } }
    func setExecute(_ execute: @escaping @Sendable (GraphQLFetchPolicy) async -> ModelOperation.Outcome) {
        executeAgain.withLock { $0 = execute }
    }

    /// Whether what is watched changed and the sink has not been given the new state yet (a query ref between its
    /// change and the ref's task reading it): the run is not at rest.
    var isPending: Bool { state.withLock { $0.pending } }
    func setPending() { state.withLock { $0.pending = true } }

    /// Appends `outcome`; with `clearingPending`, in the same step as it stops being pending (a query ref's new state).
    /// Clearing first and appending after let the run see the ref at rest, showing its previous state, while the new
    /// one was being encoded: seed 26's "refused optimistic rename shown as fresh", and the class of failures seen only
    /// under load (stops 37 to 40).
    func append(_ outcome: ModelOperation.Outcome, clearingPending: Bool = false) {
        state.withLock { state in
            state.outcomes.append(outcome)
            if clearingPending { state.pending = false }
        }
    }

    var count: Int { state.withLock { $0.outcomes.count } }
    /// Whether the sink has shown something and is not waiting for a new state: one look at both.
    var isAtRest: Bool { state.withLock { !$0.outcomes.isEmpty && !$0.pending } }
    /// The results from the `index`th on.
    func outcomes(from index: Int) -> [ModelOperation.Outcome] {
        state.withLock { Array($0.outcomes[min(index, $0.outcomes.count)...]) }
    }
    var last: ModelOperation.Outcome? { state.withLock { $0.outcomes.last } }
}

extension ModelOperation {
    static func query<Query: GraphQLQuery>(
        _ type: Query.Type, variables: @escaping @Sendable (inout ModelRandom) -> [String: JSONValue] = { _ in [:] },
        make: @escaping @Sendable (ModelVariables) -> Query
    ) -> ModelOperation where Query.Data: Encodable & Equatable {
        ModelOperation(
            name: Query.operationName, isMutation: false, document: Query.document, drawVariables: variables,
            run: { client, variables, options in
                do throws(APIError) {
                    let result = try await client.execute(
                        make(ModelVariables(variables)), fetchPolicy: options.fetchPolicy,
                        errorPolicy: options.errorPolicy)
                    return .result(
                        data: result.data.flatMap(encoded), source: result.source, isStale: result.isStale,
                        errorCount: result.errors.count)
                } catch {
                    return .failure(error)
                }
            },
            canonical: { canonical(Query.Data.self, $0, operation: Query.operationName) },
            watch: { client, variables, policy, errorPolicy, sink in
                Task {
                    do {
                        let query = make(ModelVariables(variables))
                        for try await result in client.watch(query, fetchPolicy: policy, errorPolicy: errorPolicy) {
                            sink.append(
                                .result(
                                    data: result.data.flatMap(encoded), source: result.source, isStale: result.isStale,
                                    errorCount: result.errors.count))
                        }
                    } catch let error as APIError {
                        sink.append(.failure(error))
                    } catch {
                        sink.append(.failure(.cancelled(operation: Query.operationName)))
                    }
                }
            },
            ref: { client, variables, sink in
                Task { @MainActor in
                    let ref = client.ref(make(ModelVariables(variables)), errorPolicy: .returnPartialData)
                    sink.setExecute { @MainActor [weak ref] policy in
                        guard let ref else { return .failure(.cancelled(operation: Query.operationName)) }
                        do throws(APIError) {
                            let result = try await ref.execute(fetchPolicy: policy)
                            return .result(
                                data: result.data.flatMap(encoded), source: result.source, isStale: result.isStale,
                                errorCount: result.errors.count)
                        } catch {
                            return .failure(error)
                        }
                    }
                    do throws(APIError) {
                        try await ref.execute()
                    } catch {
                        sink.append(.failure(error))
                    }
                    while !Task.isCancelled {
                        // On the main actor, where the ref changes: the ref does not change while its state is read.
                        // The sink stops being pending only as the state is appended (not before it is encoded).
                        let state = ModelOperation.Outcome.result(
                            data: ref.data.flatMap(encoded), source: ref.source ?? .server, isStale: ref.isStale,
                            errorCount: 0)
                        sink.append(state, clearingPending: true)
                        await ModelOperation.nextChange(of: ref, sink: sink)
                    }
                }
            },
            localWrite: { cache, variables, data in
                guard let typed = decoded(Query.Data.self, data, operation: Query.operationName) else { return false }
                let query = make(ModelVariables(variables))
                try await cache.withinReadWriteTransaction { transaction in try transaction.write(typed, for: query) }
                return true
            })
    }

    /// Returns when `ref`'s data, staleness or source change, or when the task is cancelled.
    @MainActor
    static func nextChange<Query: GraphQLQuery>(of ref: QueryRef<Query>, sink: ModelWatchSink) async {
        let resumed = Locked<CheckedContinuation<Void, Never>?>(nil)
        let resume: @Sendable () -> Void = { resumed.withLock { $0.take() }?.resume() }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                resumed.withLock { $0 = continuation }
                withObservationTracking {
                    _ = ref.data
                    _ = ref.isStale
                    _ = ref.source
                } onChange: {
                    // Synchronously, as the ref changes: the run waits for the sink from now on.
                    sink.setPending()
                    resume()
                }
                if Task.isCancelled { resume() }
            }
        } onCancel: {
            resume()
        }
    }

    static func subscription<Subscription: GraphQLSubscription>(
        _ type: Subscription.Type, variables: @escaping @Sendable (inout ModelRandom) -> [String: JSONValue],
        make: @escaping @Sendable (ModelVariables) -> Subscription
    ) -> ModelOperation where Subscription.Data: Encodable {
        ModelOperation(
            name: Subscription.operationName, isMutation: false, document: Subscription.document,
            drawVariables: variables, run: { _, _, _ in .failure(.cancelled(operation: Subscription.operationName)) },
            canonical: { canonical(Subscription.Data.self, $0, operation: Subscription.operationName) },
            subscribe: { client, variables, sink in
                Task {
                    do {
                        let subscription = make(ModelVariables(variables))
                        for try await event in client.subscribe(subscription, errorPolicy: .returnPartialData) {
                            sink.append(
                                .result(
                                    data: event.data.flatMap(encoded), source: event.source, isStale: event.isStale,
                                    errorCount: event.errors.count))
                        }
                    } catch let error as APIError {
                        sink.append(.failure(error))
                    } catch {
                        sink.append(.failure(.cancelled(operation: Subscription.operationName)))
                    }
                }
            })
    }

    static func mutation<Mutation: GraphQLMutation>(
        _ type: Mutation.Type, variables: @escaping @Sendable (inout ModelRandom) -> [String: JSONValue],
        make: @escaping @Sendable (ModelVariables) -> Mutation
    ) -> ModelOperation where Mutation.Data: Encodable {
        ModelOperation(
            name: Mutation.operationName, isMutation: true, document: Mutation.document, drawVariables: variables,
            run: { client, variables, options in
                do throws(APIError) {
                    let mutation = make(ModelVariables(variables))
                    let result: GraphQLResult<Mutation.Data>
                    if let optimistic = options.optimisticData,
                        let data = decoded(Mutation.Data.self, optimistic, operation: Mutation.operationName)
                    {
                        result = try await client.execute(
                            mutation, optimisticData: data, errorPolicy: options.errorPolicy)
                    } else {
                        result = try await client.execute(mutation, errorPolicy: options.errorPolicy)
                    }
                    return .result(
                        data: result.data.flatMap(encoded), source: result.source, isStale: result.isStale,
                        errorCount: result.errors.count)
                } catch {
                    return .failure(error)
                }
            },
            canonical: { canonical(Mutation.Data.self, $0, operation: Mutation.operationName) })
    }

    static func encoded<Data: Encodable>(_ data: Data) -> JSONValue? {
        guard let bytes = try? JSONEncoder().encode(data) else { return nil }
        return try? JSONValue(parsing: bytes)
    }

    private static func decoded<Data: Decodable & Sendable>(_ type: Data.Type, _ data: JSONValue, operation: String)
        -> Data?
    {
        let body = Foundation.Data(("{\"data\":" + data.jsonText + "}").utf8)
        let result = try? GraphQLResponseDecoder.decode(
            Data.self, operation: operation, response: HTTPResponse(status: 200), body: body,
            errorPolicy: .returnPartialData)
        return result?.data
    }

    private static func canonical<Data: Decodable & Encodable & Sendable>(
        _ type: Data.Type, _ data: JSONValue, operation: String
    ) -> JSONValue? {
        decoded(Data.self, data, operation: operation).flatMap(encoded)
    }
}

/// A step's variables, read for a generated operation's initializer.
struct ModelVariables: Sendable {
    let values: [String: JSONValue]

    init(_ values: [String: JSONValue]) { self.values = values }

    func string(_ name: String) -> String { values[name]?.stringValue ?? "" }
    func int(_ name: String) -> Int { values[name]?.intValue ?? 0 }
    func bool(_ name: String) -> Bool { values[name] == .bool(true) }
    func strings(_ name: String) -> [String] {
        guard case .array(let items)? = values[name] else { return [] }
        return items.compactMap(\.stringValue)
    }

    /// A nullable variable: left out when absent, `null` when null.
    func nullableString(_ name: String) -> GraphQLNullable<String> {
        switch values[name] {
        case nil: .none
        case .null?: .null
        case .string(let text)?: .some(text)
        default: .none
        }
    }

    /// A nullable ID variable: left out when absent, `null` when null.
    func nullableID(_ name: String) -> GraphQLNullable<GraphQLID> {
        switch values[name] {
        case nil: .none
        case .null?: .null
        case .string(let text)?: .some(GraphQLID(text))
        default: .none
        }
    }

    func nullableInt(_ name: String) -> GraphQLNullable<Int> {
        switch values[name] {
        case nil: .none
        case .null?: .null
        case .number(let text)?: Int(text).map { .some($0) } ?? .none
        default: .none
        }
    }

    func nullableBool(_ name: String) -> GraphQLNullable<Bool> {
        switch values[name] {
        case nil: .none
        case .null?: .null
        case .bool(let flag)?: .some(flag)
        default: .none
        }
    }
}
