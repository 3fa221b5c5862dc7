import GraphQLMigration
import Testing

/// Routing by type uses the model's name for lists and optionals of it, and a model with no mode of its own
/// is reported once instead of silently following the default.
@Suite("Model routing")
struct ModelRoutingTests {
    @Test("Arrays, sets and optionals of a model are configured under the model's name")
    func containerNames() {
        #expect(MigrationSettings.modelName(for: SampleDraw.self) == "SampleDraw")
        #expect(MigrationSettings.modelName(for: [SampleDraw].self) == "SampleDraw")
        #expect(MigrationSettings.modelName(for: SampleDraw?.self) == "SampleDraw")
        #expect(MigrationSettings.modelName(for: [[SampleDraw]]?.self) == "SampleDraw")
        #expect(MigrationSettings.modelName(for: Set<Int>.self) == "Int")
    }

    @Test("A list routed by type follows its model's mode")
    func listsRouteAsTheirModel() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: ["SampleDraw": .shadow], publisher: recorder, waitPolicy: .waitForCandidate)
        let draws = try await router.route([SampleDraw].self, rest: { [SampleDraw.completed] }, graphQL: { [] })
        #expect(draws.count == 1)
        let results = await recorder.results
        #expect(results.first?.name == "SampleDraw")
        #expect(results.first?.outcome.name == "mismatch")
    }

    @Test("A model with no configured mode is reported once, with the default it followed")
    func unconfiguredModelReportedOnce() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(
            settings: MigrationSettings(defaultMode: .rest, modes: ["GameInfo": .graphQL]), eventReporter: reporter)
        for _ in 0..<3 {
            _ = try await router.route("ImageInfo", rest: { 1 }, graphQL: { 2 })
            _ = try await router.route("GameInfo", rest: { 1 }, graphQL: { 2 })
        }
        let events = await reporter.events
        #expect(events.count == 1, "\(events)")
        guard case .unconfiguredModel(let model, let mode)? = events.first else {
            Issue.record("expected an unconfigured-model event, got \(events)")
            return
        }
        #expect(model == "ImageInfo" && mode == .rest)
        #expect(events.first?.description.contains("no migration mode configured") == true)
        #expect(events.first?.graphQLError == nil)
    }
}
