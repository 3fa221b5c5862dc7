import Foundation
import GraphQLMigration
import Testing

@Suite("Experiment")
struct ExperimentTests {
    @Test func matchReturnsTheControlValueAndPublishesWithContext() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<SampleGame>(
            name: "GameInfo", publisher: recorder, waitPolicy: .waitForCandidate, context: ["screen": "home"])
        let value = try await experiment.run(context: ["id": "6x45"]) {
            SampleGame.lotto
        } candidate: {
            SampleGame.lotto
        }
        #expect(value == SampleGame.lotto)
        let results = await recorder.results
        #expect(results.count == 1)
        let result = try #require(results.first)
        #expect(result.name == "GameInfo")
        #expect(result.isMatch)
        #expect(result.outcome.name == "match")
        #expect(result.context == ["screen": "home", "id": "6x45"])
    }

    @Test func mismatchPublishesFieldDifferencesAndTheCallerGetsTheControl() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<SampleDraw>(name: "DrawInfo", publisher: recorder, waitPolicy: .waitForCandidate)
        var candidateDraw = SampleDraw.completed
        candidateDraw.prizePool = 4_000_000
        candidateDraw.categories[2].prize = 301
        let value = try await experiment.run {
            SampleDraw.completed
        } candidate: { [candidateDraw] in
            candidateDraw
        }
        #expect(value == SampleDraw.completed)
        let result = try #require(await recorder.results.first)
        #expect(
            result.differences == [
                FieldDifference(path: "prizePool", lhs: "5000000", rhs: "4000000"),
                FieldDifference(path: "categories[2].prize", lhs: "300", rhs: "301"),
            ])
        #expect(result.outcome.name == "mismatch")
    }

    @Test func controlAndCandidateRunConcurrently() async throws {
        let probe = Probe()
        let experiment = Experiment<Int>(name: "overlap", strict: true)
        // Each side waits for the other to have started: run sequentially, this would time out.
        let value = try await experiment.run {
            await probe.record("control started")
            try await probe.wait(for: "candidate started")
            return 1
        } candidate: {
            await probe.record("candidate started")
            try await probe.wait(for: "control started")
            return 1
        }
        #expect(value == 1)
        #expect(await probe.contains("control started"))
        #expect(await probe.contains("candidate started"))
    }

    @Test func controlErrorIsRethrownUnchanged() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "control fails", publisher: recorder, waitPolicy: .waitForCandidate)
        await #expect(throws: TestError.control) {
            try await experiment.run {
                throw TestError.control
            } candidate: {
                42
            }
        }
        let result = try #require(await recorder.results.first)
        guard case .controlFailed(let failure) = result.outcome else {
            Issue.record("expected controlFailed, got \(result.outcome)")
            return
        }
        #expect(failure.error as? TestError == .control)
        #expect(failure.description == "control")
    }

    @Test func controlErrorIsRethrownUnchangedInStrictModeAndWhenNotSampled() async {
        for experiment in [
            Experiment<Int>(name: "strict", strict: true),
            Experiment<Int>(name: "unsampled", sampling: .never),
        ] {
            await #expect(throws: TestError.control) {
                try await experiment.run {
                    throw TestError.control
                } candidate: {
                    throw TestError.candidate(1)
                }
            }
        }
    }

    @Test func candidateErrorIsCapturedAndNeverThrown() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "candidate fails", publisher: recorder, waitPolicy: .waitForCandidate)
        let value = try await experiment.run {
            7
        } candidate: {
            throw TestError.candidate(3)
        }
        #expect(value == 7)
        let result = try #require(await recorder.results.first)
        guard case .candidateFailed(let failure) = result.outcome else {
            Issue.record("expected candidateFailed, got \(result.outcome)")
            return
        }
        #expect(failure.error as? TestError == .candidate(3))
        #expect(failure.description == "candidate(3)")
        #expect(failure.typeName.hasSuffix("TestError"))
    }

    @Test func bothFailedRethrowsTheControlError() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "both fail", publisher: recorder, waitPolicy: .waitForCandidate)
        await #expect(throws: TestError.control) {
            try await experiment.run {
                throw TestError.control
            } candidate: {
                throw TestError.candidate(1)
            }
        }
        let result = try #require(await recorder.results.first)
        guard case .bothFailed(let control, let candidate) = result.outcome else {
            Issue.record("expected bothFailed, got \(result.outcome)")
            return
        }
        #expect(control.error as? TestError == .control)
        #expect(candidate.error as? TestError == .candidate(1))
    }

    @Test func durationsAreMeasuredForBothSidesIncludingFailures() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "durations", publisher: recorder, waitPolicy: .waitForCandidate)
        let start = ContinuousClock.now
        _ = try await experiment.run {
            try await Task.sleep(for: .milliseconds(30))
            return 1
        } candidate: {
            try await Task.sleep(for: .milliseconds(60))
            throw TestError.candidate(0)
        }
        let whole = ContinuousClock.now - start
        let result = try #require(await recorder.results.first)
        // At least each side's sleep, and within the run as the caller saw it (waiting for both): bounds the code
        // guarantees however busy the machine is, not a limit on how long the sleeps may take.
        #expect(result.controlDuration >= .milliseconds(30))
        #expect(result.candidateDuration >= .milliseconds(60))
        #expect(result.controlDuration <= whole, "the control took \(result.controlDuration) of a \(whole) run")
        #expect(result.candidateDuration <= whole, "the candidate took \(result.candidateDuration) of a \(whole) run")
    }

    @Test func unsampledRunsNeverRunTheCandidateNorPublish() async throws {
        let probe = Probe()
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "off", sampling: .never, publisher: recorder, strict: true)
        for _ in 0..<20 {
            let value = try await experiment.run {
                5
            } candidate: {
                await probe.record("candidate")
                return 6
            }
            #expect(value == 5)
        }
        #expect(await probe.count("candidate") == 0)
        #expect(await recorder.results.isEmpty)
    }

    @Test func cancellingTheCallerCancelsTheCandidate() async throws {
        let probe = Probe()
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "cancel", publisher: recorder, waitPolicy: .waitForCandidate)
        let task = Task {
            try await experiment.run {
                await probe.record("control started")
                // Ended by the cancellation (60 s only tells a hang: the test then fails).
                try await Task.sleep(for: .seconds(60))
                return 1
            } candidate: {
                await probe.record("candidate started")
                do {
                    // Ended by the cancellation (60 s only tells a hang: the test then fails).
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    await probe.record("candidate cancelled")
                    throw error
                }
                return 1
            }
        }
        try await probe.wait(for: "control started")
        try await probe.wait(for: "candidate started")
        task.cancel()
        let outcome = await task.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(await probe.contains("candidate cancelled"))
        let result = try #require(await recorder.results.first)
        #expect(result.outcome.name == "cancelled")
    }

    @Test func detachedReturnsWhenTheControlIsDoneAndPublishesLater() async throws {
        let probe = Probe()
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "detached", publisher: recorder, waitPolicy: .detached)
        let value = try await experiment.run {
            await probe.record("control done")
            return 9
        } candidate: {
            await probe.record("candidate started")
            try await probe.wait(for: "release")
            await probe.record("candidate done")
            return 10
        }
        #expect(value == 9)
        #expect(await !probe.contains("candidate done"))
        #expect(await recorder.results.isEmpty)

        await probe.record("release")
        let results = await recorder.waitForResults(count: 1)
        let result = try #require(results.first)
        #expect(result.differences == [FieldDifference(path: "", lhs: "9", rhs: "10")])
        #expect(await probe.contains("candidate done"))
    }

    @Test func detachedCandidateIsCancelledWithTheCallerWhileTheControlRuns() async throws {
        let probe = Probe()
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(name: "detached cancel", publisher: recorder, waitPolicy: .detached)
        let task = Task {
            try await experiment.run {
                await probe.record("control started")
                // Ended by the cancellation (60 s only tells a hang: the test then fails).
                try await Task.sleep(for: .seconds(60))
                return 1
            } candidate: {
                await probe.record("candidate started")
                do {
                    // Ended by the cancellation (60 s only tells a hang: the test then fails).
                    try await Task.sleep(for: .seconds(60))
                } catch {
                    await probe.record("candidate cancelled")
                    throw error
                }
                return 1
            }
        }
        try await probe.wait(for: "control started")
        try await probe.wait(for: "candidate started")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        try await probe.wait(for: "candidate cancelled")
        let results = await recorder.waitForResults(count: 1)
        #expect(results.first?.outcome.name == "cancelled")
    }

    @Test func strictModeThrowsMismatchesAfterPublishing() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<SampleDraw>(name: "DrawInfo", publisher: recorder, strict: true)
        var other = SampleDraw.completed
        other.number = 1
        let error = await #expect(throws: ExperimentMismatchError.self) {
            try await experiment.run {
                SampleDraw.completed
            } candidate: { [other] in
                other
            }
        }
        #expect(error?.differences == [FieldDifference(path: "number", lhs: "12345", rhs: "1")])
        #expect(error?.experiment == "DrawInfo")
        let expected = """
            Experiment "DrawInfo": the candidate differs from the control in 1 field(s):
              number: 12345 != 1
            """
        #expect(error?.description == expected)
        #expect(await recorder.results.count == 1)
    }

    @Test func strictModeThrowsCandidateFailuresAndPassesMatches() async throws {
        let experiment = Experiment<Int>(name: "strict", strict: true)
        let error = await #expect(throws: ExperimentMismatchError.self) {
            try await experiment.run {
                1
            } candidate: {
                throw TestError.candidate(2)
            }
        }
        #expect(error?.candidateFailure?.error as? TestError == .candidate(2))
        #expect(error?.description.contains("candidate(2)") == true)
        let value = try await experiment.run {
            1
        } candidate: {
            1
        }
        #expect(value == 1)
    }

    @Test func strictModeWaitsEvenWhenDetached() async {
        let experiment = Experiment<Int>(name: "strict detached", strict: true, waitPolicy: .detached)
        await #expect(throws: ExperimentMismatchError.self) {
            try await experiment.run {
                1
            } candidate: {
                try await Task.sleep(for: .milliseconds(20))
                return 2
            }
        }
    }

    @Test func equatableAndCustomComparators() async throws {
        let recorder = RecordingExperimentPublisher()
        let equatable = Experiment<Int>(
            name: "equatable", comparator: .equatable, publisher: recorder, waitPolicy: .waitForCandidate)
        _ = try await equatable.run {
            3
        } candidate: {
            4
        }
        let custom = Experiment<Int>(
            name: "parity",
            comparator: .custom { control, candidate in
                control % 2 == candidate % 2
                    ? [] : [FieldDifference(path: "parity", lhs: "\(control)", rhs: "\(candidate)")]
            },
            publisher: recorder, waitPolicy: .waitForCandidate)
        _ = try await custom.run {
            3
        } candidate: {
            5
        }
        _ = try await custom.run {
            3
        } candidate: {
            6
        }
        let results = await recorder.results
        #expect(results.map(\.outcome.name) == ["mismatch", "match", "mismatch"])
        #expect(results.first?.differences == [FieldDifference(path: "", lhs: "3", rhs: "4")])
        #expect(results.last?.differences == [FieldDifference(path: "parity", lhs: "3", rhs: "6")])
    }

    @Test func fieldDiffComparatorHonoursIgnoreRules() async throws {
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<SampleDraw>(
            name: "ignoring",
            comparator: .fieldDiff(options: FieldDiffOptions(ignoring: ["videoURL", "categories[*].winners"])),
            publisher: recorder, waitPolicy: .waitForCandidate)
        var other = SampleDraw.completed
        other.videoURL = nil
        other.categories[0].winners = 99
        _ = try await experiment.run {
            SampleDraw.completed
        } candidate: { [other] in
            other
        }
        #expect(await recorder.results.first?.isMatch == true)
    }

    @Test func closurePublisher() async throws {
        let probe = Probe()
        let experiment = Experiment<Int>(name: "closure", waitPolicy: .waitForCandidate) { result in
            await probe.record("\(result.name): \(result.outcome.name)")
        }
        _ = try await experiment.run {
            1
        } candidate: {
            1
        }
        #expect(await probe.events == ["closure: match"])
    }
}
