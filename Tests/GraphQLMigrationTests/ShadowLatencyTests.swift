import Foundation
import GraphQLBridgeSupport
import Testing

@testable import GraphQLMigration

/// Shadow mode never makes the caller wait for the candidate: a slow, hanging or failing candidate and a slow
/// publisher leave the caller's path as it is.
///
/// Nothing here is timed. The candidate (or the publisher) is held at a ``Gate`` that the test opens only once the
/// caller has returned, so "the caller did not wait" is an order of events: had the caller waited, it could not
/// return before the gate opened, and the wait for its return (a hang detector, 60 s) fails. Tests that are not
/// about the time limit run without one, so that their outcome cannot depend on how busy the machine is.
@Suite("Shadow latency")
struct ShadowLatencyTests {
    /// Runs `call` (the caller's path) in a task of its own and waits until it has returned, with `gate` still
    /// closed; fails if it does not return (the caller waits for what the gate holds). The gate is opened on that
    /// failure, so that nothing stays blocked.
    private func callerReturns<T: Sendable>(
        beforeOpening gate: Gate, _ call: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        let probe = Probe()
        let caller = Task { () async -> Result<T, any Error> in
            let result: Result<T, any Error>
            do {
                result = .success(try await call())
            } catch {
                result = .failure(error)
            }
            await probe.record("returned")
            return result
        }
        do {
            try await probe.wait(for: "returned")
        } catch {
            gate.open()
            Issue.record("the caller did not return while the gate was closed: it waits for what the gate holds")
            throw error
        }
        #expect(!gate.wasOpened)
        return try await caller.value.get()
    }

    @Test("A slow candidate: the caller has the control's value while it is held; the match is published after it")
    func slowCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        let gate = Gate()
        defer { gate.open() }
        let held = Locked<Duration?>(nil)
        let router = MigrationRouter(settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: nil)
        let value = try await callerReturns(beforeOpening: gate) {
            try await router.route("DrawInfo") {
                7
            } graphQL: {
                let start = ContinuousClock.now
                await gate.pass()
                held.withLock { $0 = .now - start }
                return 7
            }
        }
        #expect(value == 7)
        #expect(await recorder.results.isEmpty, "published only once the candidate is done")

        gate.open()
        let results = await recorder.waitForResults(count: 1)
        #expect(results.map(\.outcome.name) == ["match"])
        // The candidate's duration covers its wait at the gate (measured inside it, so a lower bound).
        let span = try #require(held.withLock { $0 })
        #expect((results.first?.candidateDuration ?? .zero) >= span)
    }

    @Test("A hanging candidate (ignoring cancellation): the caller returns; it is published as timed out and cancelled")
    func hangingCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        let gate = Gate()
        defer { gate.open() }
        let probe = Probe()
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: .milliseconds(300))
        let value = try await callerReturns(beforeOpening: gate) {
            try await router.route("DrawInfo") {
                1
            } graphQL: {
                await gate.pass()
                await probe.record(Task.isCancelled ? "cancelled" : "not cancelled")
                await probe.record("let go")
                return 1
            }
        }
        #expect(value == 1)
        // The gate is still closed: only the limit can have ended the candidate's run.
        let results = await recorder.waitForResults(count: 1)
        #expect(!gate.wasOpened)
        guard case .candidateTimedOut(let limit)? = results.first?.outcome else {
            Issue.record("expected a timed-out candidate, got \(results.map(\.outcome))")
            return
        }
        #expect(limit == .milliseconds(300))

        gate.open()
        try await probe.wait(for: "let go")
        #expect(await probe.events == ["cancelled", "let go"])
        #expect(await recorder.results.count == 1, "the candidate's late end is not published again")
    }

    @Test("Even when waiting (the tests' policy), a hanging candidate is cut off at its timeout")
    func waitingStopsAtTheTimeout() async throws {
        let recorder = RecordingExperimentPublisher()
        let gate = Gate()
        defer { gate.open() }
        let experiment = Experiment<Int>(
            name: "hang", publisher: recorder, waitPolicy: .waitForCandidate, candidateTimeout: .milliseconds(300))
        // `run` waits for the candidate, which only the gate (opened after `run` returned) could end: `run` returns
        // because the limit cut the candidate off.
        let value = try await callerReturns(beforeOpening: gate) {
            try await experiment.run {
                1
            } candidate: {
                await gate.pass()
                return 1
            }
        }
        #expect(value == 1)
        let outcomes = await recorder.results.map(\.outcome)
        guard outcomes.count == 1, case .candidateTimedOut(let limit) = outcomes[0] else {
            Issue.record("expected one timed-out candidate, got \(outcomes)")
            return
        }
        #expect(limit == .milliseconds(300))
    }

    @Test("A cooperative candidate is cancelled at its timeout")
    func timedOutCandidateIsCancelled() async throws {
        let probe = Probe()
        let experiment = Experiment<Int>(
            name: "cancel", waitPolicy: .waitForCandidate, candidateTimeout: .milliseconds(100)
        ) { _ in }
        _ = try await experiment.run {
            1
        } candidate: {
            do {
                // Ended by the cancellation (60 s only tells a hang: the test then fails).
                try await Task.sleep(for: .seconds(60))
            } catch {
                await probe.record("cancelled")
            }
            return 1
        }
        try await probe.wait(for: "cancelled")
    }

    @Test("A failing candidate: the caller has the control's value while it is held; the failure is published later")
    func failingCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        let gate = Gate()
        defer { gate.open() }
        let router = MigrationRouter(settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: nil)
        let value = try await callerReturns(beforeOpening: gate) {
            try await router.route("DrawInfo") {
                3
            } graphQL: { () async throws -> Int in
                await gate.pass()
                throw TestError.graphQL("down")
            }
        }
        #expect(value == 3)
        #expect(await recorder.results.isEmpty)

        gate.open()
        let results = await recorder.waitForResults(count: 1)
        guard case .candidateFailed(let failure)? = results.first?.outcome else {
            Issue.record("expected a failed candidate, got \(results.map(\.outcome))")
            return
        }
        #expect(failure.error as? TestError == .graphQL("down"))
    }

    @Test("A slow publisher does not delay the caller")
    func slowPublisher() async throws {
        let probe = Probe()
        let gate = Gate()
        defer { gate.open() }
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow],
            publisher: ClosureExperimentPublisher { result in
                await gate.pass()
                await probe.record(result.outcome.name)
            }, candidateTimeout: nil)
        let value = try await callerReturns(beforeOpening: gate) {
            try await router.route("DrawInfo", rest: { 1 }, graphQL: { 1 })
        }
        #expect(value == 1)
        #expect(await probe.events.isEmpty)

        gate.open()
        try await probe.wait(for: "match")
    }

    @Test("The app's default: MigrationRouter and Experiment never wait")
    func defaultsNeverWait() {
        #expect(MigrationRouter().waitPolicy == .detached)
        #expect(Experiment<Int>(name: "x").waitPolicy == .detached)
        #expect(Experiment<Int>(name: "x").candidateTimeout != nil)
    }
}
