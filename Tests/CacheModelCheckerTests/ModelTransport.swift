import Foundation
import GraphQLBridge
import GraphQLBridgeSupport

/// The checker's transport: every client of a run sends its requests here, and the ``ModelServer`` answers them on
/// the current world, with the headers the step asked for. A request can be held (its answer computed when it
/// arrives, delivered when the checker says) to deliver answers late and out of order, and cancelled. It is also the
/// clients' streaming transport: a subscription (Server-Sent Events) stays open until cancelled, and the checker's
/// `publish` step sends it an event computed on the current world.
final class ModelTransport: GraphQLTransport, GraphQLStreamingTransport, Sendable {
    /// An open subscription.
    struct Subscriber: Sendable {
        let id: Int
        let operationName: String
        let document: String
        let variables: [String: JSONValue]
        let continuation: AsyncThrowingStream<Data, any Error>.Continuation
    }

    /// A request the server executed.
    struct Execution: Sendable {
        let id: Int
        let operationName: String
        let document: String
        let variables: [String: JSONValue]
        /// The world's version after the request ran (a mutation's changes included).
        let version: Int
        let result: ModelServer.Execution
        let headers: ModelHeaders
        /// The checker's time (``State/latest``) when the request arrived.
        let sentAt: Date
        /// The clear epoch when the request arrived.
        let epoch: Int
        let refused: Bool
        /// Sent by a pager's refresh (``ModelListRefresh``): its first page replaces the list whatever it holds.
        var replacing = false
    }

    struct State {
        var history: [ModelWorld] = [.initial]
        var headers: ModelHeaders = .none
        var refuse = false
        var holdNext = false
        /// Holds the next request sent by the task marked with this number (``ModelExecuteMark``), rather than the next
        /// request whatever sent it: a held step's own request, not another sent meanwhile (a query ref's follower's, a
        /// watcher's refetch that the step's look at a shared file signalled).
        var holdMarked: Int?
        /// How long the marked request takes to reach the server, in milliseconds
        /// (``ModelConfiguration/heldRequestDelay``).
        var heldRequestDelay = 0
        /// The wall clock the caches read (it may move back).
        var now = Date(timeIntervalSince1970: 1_800_000_000)
        /// The latest time a cache has seen (each cache's `now` sets it as it reads ``now``): the checker's time, which
        /// never moves back.
        var latest = Date(timeIntervalSince1970: 1_800_000_000)
        /// The latest time each cache instance has seen, by its index (reset when a new instance takes the index): the
        /// time by which what it serves is judged, its clock never running backwards but blind to another's looks.
        var latestSeen: [Int: Date] = [:]
        var epoch = 0
        var executions: [Execution] = []
        var held: [(execution: Execution, continuation: CheckedContinuation<Void, any Error>?)] = []
        var problems: [String] = []
        var subscribers: [Subscriber] = []
        var nextSubscriber = 0
        var world: ModelWorld { history[history.count - 1] }
    }

    let state = Locked(State())

    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        // The task that sent it: a client's shared request runs in a task of its own, which inherits the first caller's.
        let mark = ModelExecuteMark.current
        // The request to be held late (``ModelConfiguration/heldRequestDelay``): what is sent meanwhile goes first.
        let delay = state.withLock { state in
            mark != nil && state.holdMarked == mark ? state.heldRequestDelay : 0
        }
        if delay > 0 { try? await Task.sleep(for: .milliseconds(delay)) }
        let replacing = ModelListRefresh.current
        let (execution, hold) = try state.withLock { state -> (Execution, Bool) in
            let (document, variables, _) = try Self.request(body)
            var world = state.world
            let result = try ModelServer.execute(document, variables: variables, world: &world, refuse: state.refuse)
            if world != state.world { state.history.append(world) }
            let execution = Execution(
                id: state.executions.count, operationName: operationName, document: document, variables: variables,
                version: state.history.count - 1, result: result, headers: state.headers, sentAt: state.latest,
                epoch: state.epoch, refused: state.refuse && document.hasPrefix("mutation"), replacing: replacing)
            state.executions.append(execution)
            let hold: Bool
            if let marked = state.holdMarked {
                hold = marked == mark
                if hold { state.holdMarked = nil }
            } else {
                hold = state.holdNext
                state.holdNext = false
            }
            if hold { state.held.append((execution, nil)) }
            return (execution, hold)
        }
        if hold {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let cancelled = state.withLock { state in
                        guard let index = state.held.firstIndex(where: { $0.execution.id == execution.id }) else {
                            return true
                        }
                        state.held[index].continuation = continuation
                        return false
                    }
                    if cancelled { continuation.resume(throwing: CancellationError()) }
                }
            } onCancel: {
                let continuation = state.withLock { state in
                    let index = state.held.firstIndex { $0.execution.id == execution.id }
                    return index.flatMap { state.held.remove(at: $0).continuation }
                }
                continuation?.resume(throwing: CancellationError())
            }
        }
        var members: JSONObject = ["data": execution.result.data]
        if !execution.result.errors.isEmpty { members["errors"] = .array(execution.result.errors) }
        return (
            HTTPResponse(status: 200, headers: execution.headers.fields),
            Data(JSONValue.object(members).jsonText.utf8)
        )
    }

    /// Opens a subscription: a `text/event-stream` response whose events come from ``publish(_:)``.
    func stream(_ request: HTTPRequest, body: Data, idleTimeout: Duration?) async throws -> GraphQLStreamingResponse {
        let (document, variables, operationName) = try Self.request(body)
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        let id = state.withLock { state in
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers.append(
                Subscriber(
                    id: id, operationName: operationName, document: document, variables: variables,
                    continuation: continuation))
            return id
        }
        return GraphQLStreamingResponse(
            head: HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"]), body: stream,
            cancel: { [state] in
                let removed = state.withLock { state in
                    let index = state.subscribers.firstIndex { $0.id == id }
                    return index.map { state.subscribers.remove(at: $0) }
                }
                removed?.continuation.finish()
            })
    }

    /// A request body's document, variables and operation name (empty when not given).
    private static func request(_ body: Data) throws -> (String, [String: JSONValue], String) {
        guard case .object(let members) = try JSONValue(parsing: body), case .string(let document)? = members["query"]
        else { throw ModelServer.Problem(description: "a request without a document: \(body)") }
        var variables: [String: JSONValue] = [:]
        if case .object(let given)? = members["variables"] { variables = given.dictionary }
        return (document, variables, members["operationName"]?.stringValue ?? "")
    }

    /// How many subscriptions are open.
    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Sends the `index`th open subscription (modulo how many) an event: its selection on the current world,
    /// recorded as an execution (an answer the app sees). `nil` when none is open.
    func publish(_ index: Int) throws -> (subscriber: Int, execution: Execution)? {
        let published = try state.withLock { state -> (Subscriber, Execution)? in
            guard !state.subscribers.isEmpty else { return nil }
            let subscriber = state.subscribers[index % state.subscribers.count]
            var world = state.world
            let result = try ModelServer.execute(subscriber.document, variables: subscriber.variables, world: &world)
            let execution = Execution(
                id: state.executions.count, operationName: subscriber.operationName, document: subscriber.document,
                variables: subscriber.variables, version: state.history.count - 1, result: result, headers: .none,
                sentAt: state.latest, epoch: state.epoch, refused: false)
            state.executions.append(execution)
            return (subscriber, execution)
        }
        guard let (subscriber, execution) = published else { return nil }
        var members: JSONObject = ["data": execution.result.data]
        if !execution.result.errors.isEmpty { members["errors"] = .array(execution.result.errors) }
        subscriber.continuation.yield(Data("event: next\ndata: \(JSONValue.object(members).jsonText)\n\n".utf8))
        return (subscriber.id, execution)
    }
}

/// Marks a query ref's execute that the checker starts (a task-local number): the transport holds that task's request
/// and no other, and the ref's client says whether that task joined a request in flight or started one
/// (`GraphQLHTTPClient.observeSharedRequests`), where counting the client's waiters could not tell it from the ref's
/// follower (seed 7723 with `executeRef` steps).
enum ModelExecuteMark {
    @TaskLocal static var current: Int?
}
