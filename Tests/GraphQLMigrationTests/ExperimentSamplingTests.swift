import GraphQLMigration
import Testing

@Suite("ExperimentSampling")
struct ExperimentSamplingTests {
    @Test func alwaysNeverAndCustom() {
        #expect(ExperimentSampling.always.shouldRunCandidate())
        #expect(!ExperimentSampling.never.shouldRunCandidate())
        #expect(ExperimentSampling.custom { true }.shouldRunCandidate())
        #expect(!ExperimentSampling.custom { false }.shouldRunCandidate())
    }

    @Test func percentComparesTheRandomNumberWithTheShare() {
        #expect(ExperimentSampling.percent(50, random: ExperimentRandomSource { 0.49 }).shouldRunCandidate())
        #expect(!ExperimentSampling.percent(50, random: ExperimentRandomSource { 0.5 }).shouldRunCandidate())
        #expect(!ExperimentSampling.percent(0, random: ExperimentRandomSource { 0 }).shouldRunCandidate())
        #expect(ExperimentSampling.percent(100, random: ExperimentRandomSource { 0.999 }).shouldRunCandidate())
        #expect(!ExperimentSampling.percent(.nan, random: ExperimentRandomSource { 0 }).shouldRunCandidate())
    }

    @Test func seededSourcesAreReproducible() {
        let first = ExperimentRandomSource.seeded(42)
        let second = ExperimentRandomSource.seeded(42)
        let other = ExperimentRandomSource.seeded(43)
        let firstValues = (0..<100).map { _ in first.next() }
        #expect(firstValues == (0..<100).map { _ in second.next() })
        #expect(firstValues != (0..<100).map { _ in other.next() })
        #expect(firstValues.allSatisfy { (0..<1).contains($0) })
    }

    @Test func percentWithASeededSourceHitsTheShare() {
        let sampling = ExperimentSampling.percent(30, random: .seeded(7))
        let hits = (0..<10_000).filter { _ in sampling.shouldRunCandidate() }.count
        #expect((2_700...3_300).contains(hits), "\(hits) hits out of 10000 at 30%")
    }

    @Test func experimentRunsTheCandidateExactlyWhenSampled() async throws {
        let twin = ExperimentRandomSource.seeded(99)
        let decisions = (0..<200).map { _ in twin.next() * 100 < 25 }

        let probe = Probe()
        let recorder = RecordingExperimentPublisher()
        let experiment = Experiment<Int>(
            name: "sampled", sampling: .percent(25, random: .seeded(99)), publisher: recorder,
            waitPolicy: .waitForCandidate)
        for _ in 0..<200 {
            _ = try await experiment.run {
                1
            } candidate: {
                await probe.record("candidate")
                return 1
            }
        }
        let sampled = decisions.filter { $0 }.count
        #expect(sampled > 0 && sampled < 200)
        #expect(await probe.count("candidate") == sampled)
        #expect(await recorder.results.count == sampled)
    }
}
