import GraphQLBridgeSupport

/// Chooses, per model and per call, whether REST or GraphQL answers (see ``MigrationMode``).
///
/// ```swift
/// let router = MigrationRouter(settings: settings, publisher: metrics, eventReporter: logger)
/// let game = try await router.route(GameInfo.self) {
///     try await restClient.game(id)
/// } graphQL: {
///     try await graphQLClient.game(id)
/// }
/// ```
///
/// - ``MigrationMode/rest``: only `rest` is called.
/// - ``MigrationMode/shadow``: an ``Experiment`` named after the model, with `rest` as the
///   control (the caller gets its value or error) and `graphQL` as the candidate, compared
///   and published to ``publisher``.
/// - ``MigrationMode/graphQL``: only `graphQL` is called.
/// - ``MigrationMode/graphQLWithRESTFallback``: `graphQL` answers; when it throws, `rest`
///   answers and ``MigrationEvent/fellBack(model:error:)`` is reported (or, when `rest` throws
///   too, ``MigrationEvent/fallbackFailed(model:graphQLError:restError:)`` and the caller gets
///   REST's error). A failure caused by cancelling the caller's task is rethrown without
///   falling back.
///
/// Shadow mode never makes the caller wait for GraphQL: REST's answer returns as soon as it is
/// there; GraphQL runs on, detached, for at most ``candidateTimeout`` (then it is cancelled and
/// published as timed out), and the comparison and the publisher run after the caller has its
/// value. ``ExperimentWaitPolicy/waitForCandidate`` is for tests only.
///
/// A model routed with no mode of its own in ``settings`` follows the default mode and is
/// reported once (``MigrationEvent/unconfiguredModel(model:mode:)``).
public struct MigrationRouter: Sendable {
    /// The mode of each model, read on every call.
    public let settings: MigrationSettings
    /// Where shadow experiments publish their results.
    public var publisher: (any ExperimentPublisher)?
    /// Where fallbacks are reported.
    public var eventReporter: (any MigrationEventReporter)?
    /// Which shadow calls run GraphQL.
    public var sampling: ExperimentSampling
    /// Whether shadow experiments throw ``ExperimentMismatchError`` on a mismatch (for tests).
    public var strict: Bool
    /// Whether shadow calls wait for GraphQL before returning REST's value: never, by default.
    public var waitPolicy: ExperimentWaitPolicy
    /// How long GraphQL may run in a shadow call before it is cancelled and published as timed out.
    public var candidateTimeout: Duration?
    /// The models already reported as unconfigured (shared by copies of the router).
    let reportedUnconfigured = Locked<Set<String>>([])

    /// A router reading modes from `settings`.
    public init(
        settings: MigrationSettings = MigrationSettings(),
        publisher: (any ExperimentPublisher)? = nil,
        eventReporter: (any MigrationEventReporter)? = nil,
        sampling: ExperimentSampling = .always,
        strict: Bool = false,
        waitPolicy: ExperimentWaitPolicy = .detached,
        candidateTimeout: Duration? = Experiment<Int>.defaultCandidateTimeout
    ) {
        self.settings = settings
        self.publisher = publisher
        self.eventReporter = eventReporter
        self.sampling = sampling
        self.strict = strict
        self.waitPolicy = waitPolicy
        self.candidateTimeout = candidateTimeout
    }

    /// Gets `model`'s value from REST, GraphQL or both, as its mode says.
    ///
    /// - Parameters:
    ///   - model: the model name, as configured in ``settings``.
    ///   - mode: overrides the configured mode for this call.
    ///   - comparator: how shadow mode compares REST's and GraphQL's values.
    ///   - context: passed on in shadow experiments' results (with `model` and `mode`).
    ///   - rest: fetches the value through REST.
    ///   - graphQL: fetches the value through GraphQL.
    /// - Throws: the error of the API that answered (see the type's documentation).
    public func route<Value: Sendable>(
        _ model: String,
        mode: MigrationMode? = nil,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        context: [String: String] = [:],
        rest: @escaping @Sendable () async throws -> Value,
        graphQL: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        switch await resolveMode(model, override: mode) {
        case .rest:
            return try await rest()
        case .graphQL:
            return try await graphQL()
        case .shadow:
            let experiment = Experiment(
                name: model, comparator: comparator, sampling: sampling, publisher: publisher, strict: strict,
                waitPolicy: waitPolicy, candidateTimeout: candidateTimeout,
                context: ["model": model, "mode": MigrationMode.shadow.rawValue].merging(context) { _, own in own })
            return try await experiment.run(control: rest, candidate: graphQL)
        case .graphQLWithRESTFallback:
            return try await routeWithFallback(model, rest: rest, graphQL: graphQL)
        }
    }

    /// Gets the value of the model type `type` (configured under
    /// ``MigrationSettings/modelName(for:)``, so `[DrawInfo].self` routes as `"DrawInfo"`) from
    /// REST, GraphQL or both, as its mode says.
    public func route<Value: Sendable>(
        _ type: Value.Type,
        mode: MigrationMode? = nil,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        context: [String: String] = [:],
        rest: @escaping @Sendable () async throws -> Value,
        graphQL: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await route(
            MigrationSettings.modelName(for: type), mode: mode, comparator: comparator, context: context, rest: rest,
            graphQL: graphQL)
    }

    /// The mode of `model` for one call: `override`, else the configured one; a model without a mode of its
    /// own is reported once.
    func resolveMode(_ model: String, override mode: MigrationMode?) async -> MigrationMode {
        let configured = settings.configuration
        if mode == nil, configured.modes[model] == nil {
            let isFirst = reportedUnconfigured.withLock { $0.insert(model).inserted }
            if isFirst { await eventReporter?.report(.unconfiguredModel(model: model, mode: configured.defaultMode)) }
        }
        return mode ?? configured.mode(for: model)
    }

    private func routeWithFallback<Value: Sendable>(
        _ model: String,
        rest: @escaping @Sendable () async throws -> Value,
        graphQL: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        let graphQLError: any Error
        do {
            return try await graphQL()
        } catch {
            if Task.isCancelled { throw error }
            graphQLError = error
        }
        do {
            let value = try await rest()
            await eventReporter?.report(.fellBack(model: model, error: graphQLError))
            return value
        } catch {
            await eventReporter?.report(.fallbackFailed(model: model, graphQLError: graphQLError, restError: error))
            throw error
        }
    }
}
