import Foundation
import GraphQLMigration
import Testing

/// Shadow mode never makes the caller wait for the candidate: a slow, hanging or failing candidate and a slow
/// publisher leave the control's latency as it is. Bounds are generous (a loaded 2-core machine), yet far
/// from the candidate's 2 s or 30 s.
@Suite("Shadow latency")
struct ShadowLatencyTests {
    /// How long `body` takes, run on a thread of its own (see ``DedicatedThreadExecutor``).
    private func elapsed(_ body: @Sendable () async throws -> Void) async throws -> Duration {
        try await withTaskExecutorPreference(DedicatedThreadExecutor()) {
            let clock = ContinuousClock()
            let start = clock.now
            try await body()
            return clock.now - start
        }
    }

    @Test(
        "Control 50 ms, candidate 2 s: the caller has the control's value well under 1 s; the match is published later")
    func slowCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        // A limit far above the candidate's 2 s: on a saturated 2-core run the default 10 s is not.
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: .seconds(120))
        let time = try await elapsed {
            let value = try await router.route("DrawInfo") {
                try await Task.sleep(for: .milliseconds(50))
                return 7
            } graphQL: {
                try await Task.sleep(for: .seconds(2))
                return 7
            }
            #expect(value == 7)
        }
        #expect(time < .milliseconds(900), "the caller waited \(time)")
        #expect(await recorder.results.isEmpty, "published only once the candidate is done")
        let results = await recorder.waitForResults(count: 1, timeout: .seconds(60))
        #expect(results.first?.outcome.name == "match")
        #expect((results.first?.candidateDuration ?? .zero) >= .seconds(2))
    }

    @Test("A hanging candidate (ignoring cancellation): the caller returns at once; it is published as timed out")
    func hangingCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: .milliseconds(300))
        let time = try await elapsed {
            let value = try await router.route("DrawInfo") {
                try await Task.sleep(for: .milliseconds(50))
                return 1
            } graphQL: {
                await uncancellableSleep(.seconds(30))
                return 1
            }
            #expect(value == 1)
        }
        #expect(time < .milliseconds(900), "the caller waited \(time)")
        let results = await recorder.waitForResults(count: 1, timeout: .seconds(60))
        guard case .candidateTimedOut(let limit)? = results.first?.outcome else {
            Issue.record("expected a timed-out candidate, got \(results.map(\.outcome))")
            return
        }
        #expect(limit == .milliseconds(300))
    }

    @Test("Even when waiting (the tests' policy), a hanging candidate is cut off at its timeout")
    func waitingStopsAtTheTimeout() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(
            name: "hang", publisher: recorder, waitPolicy: .waitForCandidate, candidateTimeout: .milliseconds(300))
        let time = try await elapsed {
            _ = try await experiment.run {
                1
            } candidate: {
                await uncancellableSleep(.seconds(30))
                return 1
            }
        }
        #expect(time < .seconds(20), "not the candidate's 30 s: \(time)")
        #expect(await recorder.results.first?.outcome.name == "candidateTimedOut")
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
                try await Task.sleep(for: .seconds(30))
            } catch {
                await probe.record("cancelled")
            }
            return 1
        }
        try await probe.wait(for: "cancelled", timeout: .seconds(60))
    }

    @Test("A failing candidate: the caller has the control's value at once; the failure is published")
    func failingCandidate() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow], publisher: recorder, candidateTimeout: .seconds(120))
        let time = try await elapsed {
            let value = try await router.route("DrawInfo") {
                try await Task.sleep(for: .milliseconds(50))
                return 3
            } graphQL: { () async throws -> Int in
                try await Task.sleep(for: .milliseconds(500))
                throw TestError.graphQL("down")
            }
            #expect(value == 3)
        }
        #expect(time < .milliseconds(400), "the caller waited \(time)")
        let results = await recorder.waitForResults(count: 1, timeout: .seconds(60))
        #expect(results.first?.outcome.name == "candidateFailed")
    }

    @Test("A slow publisher does not delay the caller")
    func slowPublisher() async throws {
        let probe = Probe()
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow],
            publisher: ClosureExperimentPublisher { result in
                try? await Task.sleep(for: .seconds(2))
                await probe.record(result.outcome.name)
            })
        let time = try await elapsed {
            _ = try await router.route("DrawInfo", rest: { 1 }, graphQL: { 1 })
        }
        #expect(time < .milliseconds(900), "the caller waited \(time)")
        try await probe.wait(for: "match", timeout: .seconds(60))
    }

    @Test("The app's default: MigrationRouter and Experiment never wait")
    func defaultsNeverWait() {
        #expect(MigrationRouter().waitPolicy == .detached)
        #expect(Experiment<Int>(name: "x").waitPolicy == .detached)
        #expect(Experiment<Int>(name: "x").candidateTimeout != nil)
    }
}
