import GraphQLBridgeSupport
import GraphQLMigration
import Testing

/// `MigrationRouter.routeWrite`: a write goes through one API only; shadow mode reads it back through the
/// other, detached; the fallback repeats a write only when that is safe.
@Suite("MigrationRouter writes")
struct WriteRoutingTests {
    private let probe = Probe()

    /// A closure recording `name` and returning `value`.
    private func step(_ name: String, _ value: Int) -> @Sendable () async throws -> Int {
        { [probe] in
            await probe.record(name)
            return value
        }
    }

    /// A closure recording `name` and throwing `error`.
    private func failing(_ name: String, _ error: TestError) -> @Sendable () async throws -> Int {
        { [probe] in
            await probe.record(name)
            throw error
        }
    }

    /// `requestCertainlyNotSent` for these tests: only `TestError.graphQL("refused")` was certainly not sent.
    private let notSent: @Sendable (any Error) -> Bool = { ($0 as? TestError) == .graphQL("refused") }

    private func write(
        _ router: MigrationRouter, idempotency: WriteIdempotency = .idempotent,
        rest: (@Sendable () async throws -> Int)? = nil, graphQL: (@Sendable () async throws -> Int)? = nil,
        readBack: (@Sendable () async throws -> Int)? = nil
    ) async throws -> Int {
        try await router.routeWrite(
            "Favorite", idempotency: idempotency, context: ["id": "6x45"], requestCertainlyNotSent: notSent,
            rest: rest ?? step("rest write", 1), graphQL: graphQL ?? step("graphQL write", 1),
            readBack: readBack ?? step("graphQL read", 1))
    }

    @Test(".rest and .graphQL: one API writes, the other is never called")
    func singleAPI() async throws {
        #expect(try await write(MigrationRouter(settings: ["Favorite": .rest])) == 1)
        #expect(await probe.events == ["rest write"])
        #expect(
            try await write(MigrationRouter(settings: ["Favorite": .graphQL]), graphQL: step("graphQL write", 2)) == 2)
        #expect(await probe.events == ["rest write", "graphQL write"])
    }

    @Test(".shadow: REST writes once, GraphQL never writes; the read-back after the write is compared and published")
    func shadowReadsBack() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(settings: ["Favorite": .shadow], publisher: recorder)
        let value = try await write(router, rest: step("rest write", 1), readBack: step("graphQL read", 2))
        #expect(value == 1, "the caller gets REST's answer")
        let results = await recorder.waitForResults(count: 1)
        let result = try #require(results.first)
        #expect(result.name == "Favorite")
        #expect(result.context["operation"] == "write")
        #expect(result.context["mode"] == "shadow")
        #expect(result.context["id"] == "6x45")
        #expect(result.differences == [FieldDifference(path: "", lhs: "1", rhs: "2")])
        #expect(await probe.events == ["rest write", "graphQL read"], "written once, then read back")
    }

    @Test(".shadow, a write that creates: the read-back is given REST's answer (the id REST generated) (papercut 4)")
    func shadowReadsBackWhatRESTCreated() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(settings: ["Ticket": .shadow], publisher: recorder, waitPolicy: .waitForCandidate)
        let readFor = Locked<[Int]>([])
        let value = try await router.routeWrite(
            "Ticket", idempotency: .notIdempotent, requestCertainlyNotSent: notSent,
            rest: { 41 }, graphQL: { 0 },
            readBackWritten: { written in
                readFor.withLock { $0.append(written) }
                return written
            })
        #expect(value == 41)
        #expect(readFor.withLock { $0 } == [41], "the read-back reads the entity REST created")
        let results = await recorder.waitForResults(count: 1)
        #expect(results.first?.context["operation"] == "write")
    }

    @Test(".shadow: the caller does not wait for the read-back")
    func shadowNeverWaits() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(settings: ["Favorite": .shadow], publisher: recorder)
        let gate = Probe()
        let value = try await write(
            router,
            readBack: { [probe] in
                await probe.record("graphQL read started")
                try await gate.wait(for: "release")
                return 1
            })
        #expect(value == 1)
        #expect(await recorder.results.isEmpty, "returned before the read-back finished")
        await gate.record("release")
        let results = await recorder.waitForResults(count: 1)
        #expect(results.first?.isMatch == true)
    }

    @Test(".shadow: a failed REST write is rethrown and nothing is read back")
    func shadowRESTFailure() async throws {
        let recorder = RecordingExperimentPublisher()
        let router = MigrationRouter(
            settings: ["Favorite": .shadow], publisher: recorder, waitPolicy: .waitForCandidate)
        await #expect(throws: TestError.rest) {
            try await write(router, rest: failing("rest write", .rest))
        }
        #expect(await probe.events == ["rest write"])
        #expect(await recorder.results.isEmpty)
    }

    @Test(".graphQLWithRESTFallback: a request certainly not sent falls back, even when not idempotent")
    func fallbackWhenNotSent() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["Favorite": .graphQLWithRESTFallback], eventReporter: reporter)
        let value = try await write(
            router, idempotency: .notIdempotent, rest: step("rest write", 3),
            graphQL: failing("graphQL write", .graphQL("refused")))
        #expect(value == 3)
        #expect(await probe.events == ["graphQL write", "rest write"])
        guard case .fellBack(let model, let error)? = await reporter.events.first else {
            Issue.record("expected fellBack, got \(await reporter.events)")
            return
        }
        #expect(model == "Favorite")
        #expect(error as? TestError == .graphQL("refused"))
    }

    @Test(".graphQLWithRESTFallback: a non-idempotent write that may have reached the server is not repeated")
    func noFallbackWhenMaybeSent() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["Favorite": .graphQLWithRESTFallback], eventReporter: reporter)
        await #expect(throws: TestError.graphQL("timed out")) {
            try await write(
                router, idempotency: .notIdempotent, graphQL: failing("graphQL write", .graphQL("timed out")))
        }
        #expect(await probe.events == ["graphQL write"], "REST never called")
        guard case .writeNotRetried(let model, let error)? = await reporter.events.first else {
            Issue.record("expected writeNotRetried, got \(await reporter.events)")
            return
        }
        #expect(model == "Favorite")
        #expect(error as? TestError == .graphQL("timed out"))
    }

    @Test(".graphQLWithRESTFallback: an idempotent write is repeated through REST whatever the failure")
    func fallbackWhenIdempotent() async throws {
        let reporter = RecordingMigrationEventReporter()
        let router = MigrationRouter(settings: ["Favorite": .graphQLWithRESTFallback], eventReporter: reporter)
        let value = try await write(
            router, idempotency: .idempotent, rest: step("rest write", 4),
            graphQL: failing("graphQL write", .graphQL("timed out")))
        #expect(value == 4)
        #expect(await probe.events == ["graphQL write", "rest write"])
        #expect(await reporter.events.count == 1)
        #expect(await reporter.events.first?.graphQLError as? TestError == .graphQL("timed out"))

        await #expect(throws: TestError.rest) {
            try await write(
                router, rest: failing("rest write", .rest), graphQL: failing("graphQL write", .graphQL("timed out")))
        }
        guard case .fallbackFailed? = await reporter.events.last else {
            Issue.record("expected fallbackFailed, got \(await reporter.events)")
            return
        }
    }

    @Test(".graphQLWithRESTFallback: a GraphQL write that succeeds is the only write")
    func noFallbackOnSuccess() async throws {
        let router = MigrationRouter(settings: ["Favorite": .graphQLWithRESTFallback])
        #expect(try await write(router, graphQL: step("graphQL write", 5)) == 5)
        #expect(await probe.events == ["graphQL write"])
    }
}
