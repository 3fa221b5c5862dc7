extension MigrationRouter {
    /// Performs a write (a mutation) through REST or GraphQL as `model`'s mode says, never applying it twice by
    /// accident.
    ///
    /// - ``MigrationMode/rest``: only `rest` writes.
    /// - ``MigrationMode/graphQL``: only `graphQL` writes.
    /// - ``MigrationMode/shadow``: `rest` writes, alone (a write is never sent through both APIs), and the
    ///   caller gets its value or error at once. Then, when ``sampling`` says so, `readBack` reads the entity
    ///   through GraphQL and an ``Experiment`` compares it with REST's answer (control: REST's answer,
    ///   candidate: the read-back) and publishes the result to ``publisher``, with `"operation": "write"` in
    ///   its context. Like a read in shadow mode, the caller never waits for the read-back (unless
    ///   ``waitPolicy`` or ``strict`` say so, for tests), which gets at most ``candidateTimeout``. A failed
    ///   REST write is rethrown and nothing is read back.
    /// - ``MigrationMode/graphQLWithRESTFallback``: `graphQL` writes; when it fails, `rest` writes instead only
    ///   if repeating the write is safe: the operation is ``WriteIdempotency/idempotent``, or
    ///   `requestCertainlyNotSent` says the GraphQL request never reached the server. Then
    ///   ``MigrationEvent/fellBack(model:error:)`` is reported (or ``MigrationEvent/fallbackFailed(model:graphQLError:restError:)``
    ///   and REST's error is thrown). Otherwise GraphQL's error is rethrown and
    ///   ``MigrationEvent/writeNotRetried(model:error:)`` is reported. A failure caused by cancelling the
    ///   caller's task is rethrown without falling back.
    ///
    /// - Parameters:
    ///   - model: The model name, as configured in ``settings``.
    ///   - mode: Overrides the configured mode for this call.
    ///   - idempotency: Whether repeating the write is harmless.
    ///   - comparator: How shadow mode compares REST's answer with the GraphQL read-back.
    ///   - context: Passed on in shadow experiments' results (with `model`, `mode` and `operation`).
    ///   - requestCertainlyNotSent: Whether a GraphQL error means the request certainly never reached the
    ///     server (for `APIError`, its `requestCertainlyNotSent`); when in doubt it must say `false`.
    ///   - rest: The write through REST, returning the entity as REST answers after it.
    ///   - graphQL: The write through GraphQL, returning the entity as GraphQL answers after it.
    ///   - readBack: Reads the written entity through GraphQL (a query, never the write).
    /// - Throws: The error of the API that wrote (see above).
    ///
    /// A write that creates something (REST generates the id) reads back with
    /// ``routeWrite(_:mode:idempotency:comparator:context:requestCertainlyNotSent:rest:graphQL:readBackWritten:)``,
    /// whose read-back is given REST's answer.
    public func routeWrite<Value: Sendable>(
        _ model: String,
        mode: MigrationMode? = nil,
        idempotency: WriteIdempotency,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        context: [String: String] = [:],
        requestCertainlyNotSent: @escaping @Sendable (any Error) -> Bool,
        rest: @escaping @Sendable () async throws -> Value,
        graphQL: @escaping @Sendable () async throws -> Value,
        readBack: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        try await routeWrite(
            model, mode: mode, idempotency: idempotency, comparator: comparator, context: context,
            requestCertainlyNotSent: requestCertainlyNotSent, rest: rest, graphQL: graphQL,
            readBackWritten: { _ in try await readBack() })
    }

    /// Performs a write as
    /// ``routeWrite(_:mode:idempotency:comparator:context:requestCertainlyNotSent:rest:graphQL:readBack:)``
    /// does, for a write whose read-back needs what REST answered: a write that creates something, whose id REST
    /// generated (a ticket bought, a comment posted). In shadow mode `readBackWritten` is given REST's answer and
    /// reads the same entity through GraphQL (by the id in that answer).
    ///
    /// - Parameters:
    ///   - model: The model name, as configured in ``settings``.
    ///   - mode: Overrides the configured mode for this call.
    ///   - idempotency: Whether repeating the write is harmless (a creation usually is not).
    ///   - comparator: How shadow mode compares REST's answer with the GraphQL read-back.
    ///   - context: Passed on in shadow experiments' results (with `model`, `mode` and `operation`).
    ///   - requestCertainlyNotSent: Whether a GraphQL error means the request certainly never reached the server.
    ///   - rest: The write through REST, returning the entity as REST answers after it.
    ///   - graphQL: The write through GraphQL, returning the entity as GraphQL answers after it.
    ///   - readBackWritten: Reads, through GraphQL, the entity REST's answer names (a query, never the write).
    /// - Throws: The error of the API that wrote.
    public func routeWrite<Value: Sendable>(
        _ model: String,
        mode: MigrationMode? = nil,
        idempotency: WriteIdempotency,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        context: [String: String] = [:],
        requestCertainlyNotSent: @escaping @Sendable (any Error) -> Bool,
        rest: @escaping @Sendable () async throws -> Value,
        graphQL: @escaping @Sendable () async throws -> Value,
        readBackWritten: @escaping @Sendable (_ written: Value) async throws -> Value
    ) async throws -> Value {
        switch await resolveMode(model, override: mode) {
        case .rest:
            return try await rest()
        case .graphQL:
            return try await graphQL()
        case .shadow:
            let written = try await rest()
            let experiment = Experiment(
                name: model, comparator: comparator, sampling: sampling, publisher: publisher, strict: strict,
                waitPolicy: waitPolicy, candidateTimeout: candidateTimeout,
                context: ["model": model, "mode": MigrationMode.shadow.rawValue, "operation": "write"].merging(
                    context
                ) { _, own in own })
            // The control is REST's answer, already there: the read-back starts only after the write.
            return try await experiment.run(control: { written }, candidate: { try await readBackWritten(written) })
        case .graphQLWithRESTFallback:
            let graphQLError: any Error
            do {
                return try await graphQL()
            } catch {
                if Task.isCancelled { throw error }
                graphQLError = error
            }
            guard idempotency == .idempotent || requestCertainlyNotSent(graphQLError) else {
                await eventReporter?.report(.writeNotRetried(model: model, error: graphQLError))
                throw graphQLError
            }
            do {
                let value = try await rest()
                await eventReporter?.report(.fellBack(model: model, error: graphQLError))
                return value
            } catch {
                await eventReporter?.report(
                    .fallbackFailed(model: model, graphQLError: graphQLError, restError: error))
                throw error
            }
        }
    }
}
