/// Runs new code (the candidate) next to old code (the control) and compares them, in the
/// spirit of GitHub's Scientist, without ever letting the candidate affect the caller.
///
/// ```swift
/// let experiment = Experiment<GameInfo>(name: "GameInfo", publisher: metrics)
/// let game = try await experiment.run {
///     try await rest.game(id)        // control: what the caller gets
/// } candidate: {
///     try await graphQL.game(id)     // candidate: compared, then published
/// }
/// ```
///
/// Guarantees:
/// - control and candidate run concurrently (the candidate in a task of its own);
/// - the caller always gets the control's value, and the control's error is rethrown
///   unchanged (same type, same value);
/// - **the caller never waits for the candidate** (``ExperimentWaitPolicy/detached``, the
///   default): `run` returns as soon as the control has finished, however slow the candidate is
///   or whether it returns at all; the comparison and the publisher run afterwards, detached;
/// - the candidate gets at most ``candidateTimeout``, counted from its start; then it is
///   cancelled and published as ``ExperimentOutcome/candidateTimedOut(after:)``;
/// - the candidate's errors are captured and published, never thrown (unless ``strict``);
/// - when ``sampling`` says no, the candidate does not run and nothing is published;
/// - cancelling the caller's task while the control runs cancels the candidate;
/// - ``ExperimentWaitPolicy/waitForCandidate`` (for tests) and ``strict`` make `run` wait for the
///   candidate (up to its timeout) and the publisher before returning.
public struct Experiment<Value: Sendable>: Sendable {
    /// The experiment's name, passed on in every result.
    public var name: String
    /// How the control's and the candidate's values are compared.
    public var comparator: ExperimentComparator<Value>
    /// Which calls run the candidate.
    public var sampling: ExperimentSampling
    /// Where results go; `nil` discards them (strict mode still throws).
    public var publisher: (any ExperimentPublisher)?
    /// For tests: after publishing, a mismatch or a candidate failure is thrown to the caller
    /// as ``ExperimentMismatchError`` (a control failure is still rethrown unchanged). Strict
    /// experiments always wait for the candidate.
    public var strict: Bool
    /// Whether `run` waits for the candidate; ``ExperimentWaitPolicy/detached`` (the default)
    /// never makes the caller wait.
    public var waitPolicy: ExperimentWaitPolicy
    /// How long the candidate may run, from its start, before it is cancelled and published as
    /// timed out; `nil` for no limit (a candidate that never returns is then never published).
    public var candidateTimeout: Duration?
    /// Key-value pairs passed on in every result (the run's own context is merged over them).
    public var context: [String: String]

    /// Creates an experiment publishing to `publisher`.
    public init(
        name: String,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        sampling: ExperimentSampling = .always,
        publisher: (any ExperimentPublisher)? = nil,
        strict: Bool = false,
        waitPolicy: ExperimentWaitPolicy = .detached,
        candidateTimeout: Duration? = Experiment.defaultCandidateTimeout,
        context: [String: String] = [:]
    ) {
        self.name = name
        self.comparator = comparator
        self.sampling = sampling
        self.publisher = publisher
        self.strict = strict
        self.waitPolicy = waitPolicy
        self.candidateTimeout = candidateTimeout
        self.context = context
    }

    /// The default ``candidateTimeout``: 10 seconds.
    public static var defaultCandidateTimeout: Duration { .seconds(10) }

    /// Creates an experiment handing each result to `publish`.
    public init(
        name: String,
        comparator: ExperimentComparator<Value> = .fieldDiff(),
        sampling: ExperimentSampling = .always,
        strict: Bool = false,
        waitPolicy: ExperimentWaitPolicy = .detached,
        candidateTimeout: Duration? = Experiment.defaultCandidateTimeout,
        context: [String: String] = [:],
        publish: @escaping @Sendable (ExperimentResult) async -> Void
    ) {
        self.init(
            name: name, comparator: comparator, sampling: sampling, publisher: ClosureExperimentPublisher(publish),
            strict: strict, waitPolicy: waitPolicy, candidateTimeout: candidateTimeout, context: context)
    }

    /// Runs `control` and, when sampled, `candidate` concurrently; returns the control's value
    /// or rethrows its error unchanged.
    ///
    /// - Parameters:
    ///   - context: merged over the experiment's ``context`` in this run's result.
    ///   - control: the old path (REST): its value or error is the caller's.
    ///   - candidate: the new path (GraphQL), compared with the control's value when sampled.
    /// - Throws: the control's error, as thrown; in strict mode, ``ExperimentMismatchError``
    ///   when the control succeeded and the candidate differs or failed.
    public func run(
        context: [String: String] = [:],
        control: @escaping @Sendable () async throws -> Value,
        candidate: @escaping @Sendable () async throws -> Value
    ) async throws -> Value {
        guard sampling.shouldRunCandidate() else {
            return try await control()
        }
        let context = self.context.merging(context) { _, run in run }
        let candidateRun = CandidateRun.start(candidate, timeout: candidateTimeout)
        let controlObservation = await withTaskCancellationHandler {
            await ExperimentObservation.observe(control)
        } onCancel: {
            candidateRun.cancel()
        }
        if strict || waitPolicy == .waitForCandidate {
            let candidateObservation = await withTaskCancellationHandler {
                await candidateRun.outcome.value
            } onCancel: {
                candidateRun.cancel()
            }
            let result = makeResult(control: controlObservation, candidate: candidateObservation, context: context)
            await publisher?.publish(result)
            let value = try controlObservation.result.get()
            if strict, let mismatch = ExperimentMismatchError(result) {
                throw mismatch
            }
            return value
        }
        let experiment = self
        Task.detached {
            let candidateObservation = await candidateRun.outcome.value
            let result = experiment.makeResult(
                control: controlObservation, candidate: candidateObservation, context: context)
            await experiment.publisher?.publish(result)
        }
        return try controlObservation.result.get()
    }

    private func makeResult(
        control: ExperimentObservation<Value>,
        candidate candidateRun: CandidateRun<Value>.Outcome,
        context: [String: String]
    ) -> ExperimentResult {
        let candidate: ExperimentObservation<Value>
        let cancelled: Bool
        switch candidateRun {
        case .timedOut(let limit):
            return ExperimentResult(
                name: name, outcome: .candidateTimedOut(after: limit), controlDuration: control.duration,
                candidateDuration: limit, context: context)
        case .finished(let observation, let wasCancelled):
            candidate = observation
            cancelled = wasCancelled
        }
        let outcome: ExperimentOutcome
        switch (control.result, candidate.result) {
        case (.success(let controlValue), .success(let candidateValue)):
            let differences = comparator.differences(control: controlValue, candidate: candidateValue)
            outcome = differences.isEmpty ? .match : .mismatch(differences)
        case _ where cancelled:
            outcome = .cancelled
        case (.success, .failure(let error)):
            outcome = .candidateFailed(ExperimentFailure(error))
        case (.failure(let error), .success):
            outcome = .controlFailed(ExperimentFailure(error))
        case (.failure(let controlError), .failure(let candidateError)):
            outcome = .bothFailed(
                control: ExperimentFailure(controlError), candidate: ExperimentFailure(candidateError))
        }
        return ExperimentResult(
            name: name, outcome: outcome, controlDuration: control.duration, candidateDuration: candidate.duration,
            context: context)
    }
}
