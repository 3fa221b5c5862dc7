import GraphQLMigration
import Testing

@Suite("MigrationRouter")
struct MigrationRouterTests {
    private let probe = Probe()

    private func rest(_ value: Int = 1) -> @Sendable () async throws -> Int {
        { [probe] in
            await probe.record("rest")
            return value
        }
    }

    private func graphQL(_ value: Int = 1) -> @Sendable () async throws -> Int {
        { [probe] in
            await probe.record("graphQL")
            return value
        }
    }

    private func failing(_ name: String, _ error: TestError) -> @Sendable () async throws -> Int {
        { [probe] in
            await probe.record(name)
            throw error
        }
    }

    @Test func restModeNeverCallsGraphQL() async throws {
        let router = MigrationRouter(settings: ["GameInfo": .rest])
        let value = try await router.route("GameInfo", rest: rest(1), graphQL: graphQL(2))
        #expect(value == 1)
        #expect(await probe.events == ["rest"])
        await #expect(throws: TestError.rest) {
            try await router.route("GameInfo", rest: failing("rest", .rest), graphQL: graphQL(2))
        }
        #expect(await probe.count("graphQL") == 0)
    }

    @Test func graphQLModeNeverCallsREST() async throws {
        let router = MigrationRouter(settings: ["GameInfo": .graphQL])
        let value = try await router.route("GameInfo", rest: rest(1), graphQL: graphQL(2))
        #expect(value == 2)
        await #expect(throws: TestError.graphQL("down")) {
            try await router.route("GameInfo", rest: rest(1), graphQL: failing("graphQL", .graphQL("down")))
        }
        #expect(await probe.count("rest") == 0)
    }

    @Test func shadowModeAnswersWithRESTAndPublishesTheComparison() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: ["DrawInfo": .shadow], publisher: recorder, waitPolicy: .waitForCandidate)
        let value = try await router.route("DrawInfo", context: ["id": "7"], rest: rest(1), graphQL: graphQL(2))
        #expect(value == 1)
        #expect(await probe.count("rest") == 1)
        #expect(await probe.count("graphQL") == 1)
        let result = try #require(await recorder.results.first)
        #expect(result.name == "DrawInfo")
        #expect(result.differences == [FieldDifference(path: "", lhs: "1", rhs: "2")])
        #expect(result.context == ["model": "DrawInfo", "mode": "shadow", "id": "7"])
    }

    @Test func shadowModeIsolatesGraphQLFailuresAndRethrowsRESTErrors() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: MigrationSettings(defaultMode: .shadow), publisher: recorder, waitPolicy: .waitForCandidate)
        let value = try await router.route("DrawInfo", rest: rest(1), graphQL: failing("graphQL", .graphQL("x")))
        #expect(value == 1)
        await #expect(throws: TestError.rest) {
            try await router.route("DrawInfo", rest: failing("rest", .rest), graphQL: graphQL(1))
        }
        #expect(await recorder.results.map(\.outcome.name) == ["candidateFailed", "controlFailed"])
    }

    @Test func shadowModeInStrictRoutersThrowsMismatches() async {
        let router = MigrationRouter(settings: ["DrawInfo": .shadow], strict: true)
        await #expect(throws: ExperimentMismatchError.self) {
            try await router.route("DrawInfo", rest: rest(1), graphQL: graphQL(2))
        }
    }

    @Test func fallbackModeUsesGraphQLWhenItWorks() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["GameInfo": .graphQLWithRESTFallback], eventReporter: reporter)
        let value = try await router.route("GameInfo", rest: rest(1), graphQL: graphQL(2))
        #expect(value == 2)
        #expect(await probe.events == ["graphQL"])
        #expect(await reporter.events.isEmpty)
    }

    @Test func fallbackModeAnswersWithRESTAndReportsTheGraphQLFailure() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["GameInfo": .graphQLWithRESTFallback], eventReporter: reporter)
        let value = try await router.route("GameInfo", rest: rest(1), graphQL: failing("graphQL", .graphQL("boom")))
        #expect(value == 1)
        #expect(await probe.events == ["graphQL", "rest"])
        let events = await reporter.events
        #expect(events.count == 1)
        guard case .fellBack(let model, let error)? = events.first else {
            Issue.record("expected fellBack, got \(events)")
            return
        }
        #expect(model == "GameInfo")
        #expect(error as? TestError == .graphQL("boom"))
        #expect(events.first?.description.contains("REST answered") == true)
    }

    @Test func fallbackModeRethrowsRESTErrorWhenBothFail() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["GameInfo": .graphQLWithRESTFallback], eventReporter: reporter)
        await #expect(throws: TestError.rest) {
            try await router.route("GameInfo", rest: failing("rest", .rest), graphQL: failing("graphQL", .graphQL("a")))
        }
        let events = await reporter.events
        guard case .fallbackFailed(let model, let graphQLError, let restError)? = events.first else {
            Issue.record("expected fallbackFailed, got \(events)")
            return
        }
        #expect(model == "GameInfo")
        #expect(graphQLError as? TestError == .graphQL("a"))
        #expect(restError as? TestError == .rest)
    }

    @Test func fallbackModeDoesNotFallBackWhenTheCallerIsCancelled() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["GameInfo": .graphQLWithRESTFallback], eventReporter: reporter)
        let probe = probe
        let task = Task {
            try await router.route("GameInfo") {
                await probe.record("rest")
                return 1
            } graphQL: {
                await probe.record("graphQL started")
                // Ended by the cancellation (60 s only tells a hang: the test then fails).
                try await Task.sleep(for: .seconds(60))
                return 2
            }
        }
        try await probe.wait(for: "graphQL started")
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await probe.count("rest") == 0)
        #expect(await reporter.events.isEmpty)
    }

    @Test func modesAreReadOnEveryCallAndCanBeOverridden() async throws {
        let settings = MigrationSettings()
        let router = MigrationRouter(settings: settings)
        #expect(
            try await router.route(
                SampleGame.self, rest: { SampleGame.lotto },
                graphQL: {
                    var game = SampleGame.lotto
                    game.name = "from GraphQL"
                    return game
                }
            ).name == "Gosloto 6 of 45")
        settings.setMode(.graphQL, for: SampleGame.self)
        #expect(try await router.route("SampleGame", rest: rest(1), graphQL: graphQL(2)) == 2)
        #expect(try await router.route("SampleGame", mode: .rest, rest: rest(1), graphQL: graphQL(2)) == 1)
    }

    @Test func closureReporterReceivesEvents() async throws {
        let probe = probe
        let router = MigrationRouter(
            settings: MigrationSettings(defaultMode: .graphQLWithRESTFallback),
            eventReporter: ClosureMigrationEventReporter { event in await probe.record("event \(event.model)") })
        _ = try await router.route("ImageInfo", rest: rest(1), graphQL: failing("graphQL", .graphQL("x")))
        #expect(await probe.contains("event ImageInfo"))
    }
}
