/// What one side of an experiment did: its value or error, and how long it took.
struct ExperimentObservation<Value: Sendable>: Sendable {
    let result: Result<Value, any Error>
    let duration: Duration

    /// Runs `body`, capturing its value or error and timing it with `ContinuousClock`.
    static func observe(_ body: @Sendable () async throws -> Value) async -> ExperimentObservation {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let value = try await body()
            return ExperimentObservation(result: .success(value), duration: start.duration(to: clock.now))
        } catch {
            return ExperimentObservation(result: .failure(error), duration: start.duration(to: clock.now))
        }
    }
}
