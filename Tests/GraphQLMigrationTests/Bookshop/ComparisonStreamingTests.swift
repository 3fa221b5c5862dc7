import Foundation
import GraphQLBridgeSupport
import GraphQLComparison
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
        var runningCount: Int { state.withLock { $0.running } }
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

    /// A value whose instances alive are counted per id and API.
    final class Tracked: Sendable {
        let id: Int
        let isGraphQL: Bool
        let registry: Registry

        init(id: Int, isGraphQL: Bool, registry: Registry) {
            self.id = id
            self.isGraphQL = isGraphQL
            self.registry = registry
            registry.change(id: id, isGraphQL: isGraphQL, by: 1)
        }

        deinit { registry.change(id: id, isGraphQL: isGraphQL, by: -1) }
    }

    /// The `Tracked` values alive, and what the noise check's reads saw.
    final class Registry: Sendable {
        private struct State {
            var aliveGraphQL: [Int: Int] = [:]
            var restReads: [Int: Int] = [:]
            var graphQLAliveAtSecondRead: [Int] = []
        }

        private let state = Locked(State())

        func change(id: Int, isGraphQL: Bool, by delta: Int) {
            guard isGraphQL else { return }
            state.withLock { $0.aliveGraphQL[id, default: 0] += delta }
        }

        /// A REST read of `id`: its second notes whether GraphQL's value of `id` is still alive.
        func restRead(_ id: Int) {
            state.withLock { state in
                state.restReads[id, default: 0] += 1
                if state.restReads[id] == 2, state.aliveGraphQL[id, default: 0] > 0 {
                    state.graphQLAliveAtSecondRead.append(id)
                }
            }
        }

        var secondReads: Int { state.withLock { $0.restReads.values.filter { $0 == 2 }.count } }
        var graphQLAliveAtSecondRead: [Int] { state.withLock { $0.graphQLAliveAtSecondRead } }
    }

    @Test("the noise check's second REST read comes after GraphQL's value is compared and released")
    func graphQLReleasedBeforeNoiseCheck() async throws {
        let registry = Registry()
        let count = 40
        var plan = ComparisonPlan()
        plan.model(
            "Tracked", ids: { Array(0..<count) },
            rest: { id in
                registry.restRead(id)
                return Tracked(id: id, isGraphQL: false, registry: registry)
            },
            graphQL: { id in Tracked(id: id, isGraphQL: true, registry: registry) },
            options: FieldDiffOptions(ignoring: ["isGraphQL"]))
        plan.lists(
            "tracked", model: "Tracked", keys: { Array(0..<count) }, name: { "tracked(\($0))" },
            rest: { id in
                registry.restRead(count + id)
                return [Tracked(id: count + id, isGraphQL: false, registry: registry)]
            },
            graphQL: { id in [Tracked(id: count + id, isGraphQL: true, registry: registry)] }, id: \.id,
            options: FieldDiffOptions(ignoring: ["isGraphQL"]))
        let summary = try await ComparisonRunner(plan: plan, configuration: .init(concurrency: 4)).run { _ in }
        #expect(summary.counts.compared == 2 * count && summary.counts.matched == 2 * count)
        #expect(registry.secondReads == 2 * count)
        #expect(registry.graphQLAliveAtSecondRead.isEmpty, "GraphQL's value alive at the second REST read")
    }

    @Test("a whole list (list(...)) is read with nothing else in progress; a family's lists and entities are not")
    func wholeListsAlone() async throws {
        let counter = Counter()
        let notAlone = Locked([String]())
        let count = 40
        let concurrency = 4
        @Sendable func item(_ id: Int) async throws -> Item {
            counter.start()
            defer { counter.end() }
            try await Task.sleep(for: .milliseconds(1))
            return Item(id: id, payload: [id])
        }
        @Sendable func list(_ name: String) async throws -> [Item] {
            counter.start()
            defer { counter.end() }
            let before = counter.runningCount
            try await Task.sleep(for: .milliseconds(2))
            if before != 1 || counter.runningCount != 1 { notAlone.withLock { $0.append(name) } }
            return (0..<100).map { Item(id: $0, payload: [$0]) }
        }
        var plan = ComparisonPlan()
        plan.model(
            "Author", ids: { Array(0..<count) }, rest: { try await item($0) }, graphQL: { try await item($0) })
        for name in ["books(all)", "books(new)", "books(old)"] {
            plan.list(
                name, model: "Book", rest: { try await list(name) }, graphQL: { try await list(name) }, id: \.id)
        }
        plan.lists(
            "books", model: "Book", keys: { Array(0..<count) }, name: { "books(author: \($0))" },
            rest: { [try await item($0)] }, graphQL: { [try await item($0)] }, id: \.id)
        plan.model("Book", ids: { Array(0..<count) }, rest: { try await item($0) }, graphQL: { try await item($0) })
        let runner = ComparisonRunner(plan: plan, configuration: .init(concurrency: concurrency))
        var emitted: [String] = []
        let summary = try await runner.run { emitted.append($0.id) }
        #expect(summary.counts.compared == 3 * count + 3 && summary.counts.matched == 3 * count + 3)
        #expect(Array(emitted[count..<count + 3]) == ["books(all)", "books(new)", "books(old)"], "the plan's order")
        #expect(notAlone.withLock { $0 }.isEmpty, "read beside another read: \(notAlone.withLock { $0 })")
        #expect(counter.mostAtOnce <= concurrency)
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
