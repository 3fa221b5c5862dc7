import Foundation
import GraphQLBridgeSupport
import GraphQLMigration
import Testing

/// The runner streams: outcomes come in the plan's order, and an entity is read only while fewer than a few times the
/// concurrency of outcomes wait to be handed over, so a run holds a bounded number of them however many entities
/// there are (the `compare` benchmark measures the memory at 1,000 and 10,000).
@Suite("Comparison runs stream their outcomes")
struct ComparisonStreamingTests {
    /// Counts reads started, from any task.
    final class Counter: @unchecked Sendable {
        private struct State {
            var started = 0
            var running = 0
            var mostRunning = 0
        }

        private let state = Locked(State())

        func start() {
            state.withLock { state in
                state.started += 1
                state.running += 1
                state.mostRunning = max(state.mostRunning, state.running)
            }
        }

        func end() { state.withLock { $0.running -= 1 } }
        var startedCount: Int { state.withLock { $0.started } }
        var mostAtOnce: Int { state.withLock { $0.mostRunning } }
    }

    struct Item: Sendable {
        var id: Int
        var payload: [Int]
    }

    @Test("3,000 entities: outcomes in order, at most 4 x concurrency started ahead of the outcome handed over")
    func boundedAndOrdered() async throws {
        let counter = Counter()
        let count = 3_000
        let concurrency = 8
        var plan = ComparisonPlan()
        plan.model(
            "Item", ids: { Array(0..<count) },
            rest: { id in
                counter.start()
                defer { counter.end() }
                // Uneven durations, so that later entities often finish before earlier ones.
                if id % 7 == 0 { try await Task.sleep(for: .milliseconds(1)) }
                return Item(id: id, payload: Array(repeating: id, count: 16))
            },
            graphQL: { id in Item(id: id, payload: Array(repeating: id, count: 16)) })
        let runner = ComparisonRunner(plan: plan, configuration: .init(concurrency: concurrency, noiseCheck: false))
        var emitted: [String] = []
        var mostAhead = 0
        let summary = try await runner.run { outcome in
            emitted.append(outcome.id)
            mostAhead = max(mostAhead, counter.startedCount - emitted.count)
        }
        #expect(summary.counts.compared == count && summary.counts.matched == count)
        #expect(emitted == (0..<count).map(String.init), "the plan's order")
        #expect(mostAhead <= concurrency * 4, "started ahead of the outcome handed over: \(mostAhead)")
        #expect(counter.mostAtOnce <= concurrency)
        #expect(summary.rest.latency.reads == count && summary.graphql.latency.reads == count)
        #expect(summary.rest.latency.p50Milliseconds <= summary.rest.latency.p95Milliseconds)
        #expect(summary.rest.latency.p95Milliseconds <= summary.rest.latency.maxMilliseconds)
    }

    @Test("The in-memory report and the streamed command agree")
    func reportAndCommandAgree() async throws {
        let report = try await ComparisonRunner(
            plan: BookshopComparison.plan(BookshopBackend(planted: [.wrongTitle])), configuration: .init()
        ).report()
        #expect(report.exitStatus == 1)
        #expect(report.mismatches.map { "\($0.outcome.id) \($0.field.path)" } == ["b02 title"])
        let run = await ComparisonRun.main(
            BookshopComparison.plan(BookshopBackend(planted: [.wrongTitle])), ["--format", "json", "--quiet"])
        #expect(try run.mismatches() == ["Book b02 title"])
        #expect(try run.json().int("summary", "compared") == report.summary.counts.compared)
    }
}
