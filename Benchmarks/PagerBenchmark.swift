import Dispatch
import Foundation
import GraphQLBridge
import GraphQLBridgeSupport
import LotteryAPI

/// The `pager` benchmark (issue 31), in one release run:
///
/// 1. Appending a page to a watched list as the list grows: a `GraphQLQueryPager` over the lottery's
///    `draws(gameId:last:before:)` (pages of 20, the next page `before` the oldest draw of the last, as the archive
///    screen pages), through `GraphQLHTTPClient` with a memory cache and an in-memory transport, its `updates()`
///    consumed; the time of `loadNext()` for the 50th page against the 2nd (target: does not grow with the list).
/// 2. A cache redirect: `draw(gameId:number:)` read with `.cacheOnly` from the records the pages wrote (each draw's
///    first read: the redirect, no memo) against the same read again (a memo hit of the same object).
///
/// Correctness first: every page appended must hold the 20 draws the transport sent, in order, and every redirect
/// read the draw the list holds; a failure exits 1.
@MainActor
enum PagerBenchmark {
    nonisolated static let pageSize = 20
    nonisolated static let pages = 50

    /// Runs the benchmark; 0 unless a check failed.
    nonisolated static func run(options: BenchmarkOptions) -> Int32 {
        print("== pager ==")
        let rounds = max(5, options.runs * 3)
        print(
            "workload: one game's archive of \(pages * pageSize + 5) synthetic draws (the decode workload's draws, "
                + "renumbered), pages of \(pageSize) through GraphQLHTTPClient with a memory cache and an in-memory "
                + "transport; \(rounds) rounds, each a new cache and pager loading \(pages) pages; medians")
        let outcome = onMainActor { await measure(rounds: rounds, options: options, listed: false) }
        if let problem = outcome.problem {
            print("  FAILED: \(problem)")
            return 1
        }
        // The same with the pages merged into one list in the cache (`cache.listPolicies`: `draws` keyed by
        // `gameId` and `last`, each `before` page appended), the pager's items the list the cache holds.
        let listed = onMainActor { await measure(rounds: rounds, options: options, listed: true) }
        if let problem = listed.problem {
            print("  FAILED (one list in the cache): \(problem)")
            return 1
        }
        for (name, figures) in [("each page its own query", outcome), ("one list in the cache", listed)] {
            print("  \(name):")
            let table = [
                ("loadNext(), the 2nd page appended to a watched list", figures.second),
                ("loadNext(), the \(pages)th page appended", figures.fiftieth),
            ]
            for (label, value) in table {
                print(
                    "    \(label.padding(toLength: 54, withPad: " ", startingAt: 0)) \(CacheBenchmark.format(value)) µs"
                )
            }
            let growth = figures.fiftieth / figures.second
            print(
                "    target: the \(pages)th page within 1.5x of the 2nd (does not grow with the list): "
                    + "\(growth <= 1.5 ? "PASS" : "FAIL") (\(CacheBenchmark.format(growth))x)")
        }
        print(
            "  draw(gameId:number:) .cacheOnly, the redirect (first read of each draw)   "
                + "\(CacheBenchmark.format(outcome.redirect)) µs")
        print(
            "  the same read again (a memo hit of the same object)                        "
                + "\(CacheBenchmark.format(outcome.memo)) µs")
        print("  redirect read / memo hit: \(CacheBenchmark.format(outcome.redirect / outcome.memo))x")
        return 0
    }

    struct Outcome: Sendable {
        var second = 0.0
        var fiftieth = 0.0
        var redirect = 0.0
        var memo = 0.0
        var problem: String?
    }

    /// Runs `body` on the main actor and spins the main run loop until it ends (the benchmark's top level is
    /// synchronous, on the main thread, and the pager lives on the main actor).
    nonisolated static func onMainActor<T: Sendable>(_ body: @escaping @MainActor @Sendable () async -> T) -> T {
        let box = ResultBox<T>()
        Task { @MainActor in box.value = await body() }
        while box.value == nil {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
        }
        guard let value = box.value else { preconditionFailure("the task did not set its result") }
        return value
    }

    static func measure(rounds: Int, options: BenchmarkOptions, listed: Bool) async -> Outcome {
        var outcome = Outcome()
        let transport: ArchiveTransport
        do {
            transport = try ArchiveTransport(options: options, count: pages * pageSize + 5)
        } catch {
            outcome.problem = "\(error)"
            return outcome
        }
        let clock = ContinuousClock()
        var seconds: [Double] = []
        var fiftieths: [Double] = []
        var redirects: [Double] = []
        var memos: [Double] = []
        for round in 0..<rounds {
            let cache = GraphQLCache(maxAge: .seconds(3600), byteLimit: 1 << 31)
            let client = GraphQLHTTPClient(
                endpoint: URL(fileURLWithPath: "/dev/null"), transport: transport, cache: cache)
            let size = pageSize
            let pager: PagerRounds
            if listed {
                pager = .listed(
                    client.pager(
                        ListedDrawsQuery(DrawsQuery(gameId: ArchiveTransport.gameId, last: .some(size))),
                        pagination: GraphQLPagination(
                            items: { $0.draws },
                            next: { query, data in
                                guard data.draws.count >= size, let last = data.draws.last else { return nil }
                                return ListedDrawsQuery(
                                    DrawsQuery(gameId: query.base.gameId, last: .some(size), before: .some(last.number))
                                )
                            })))
            } else {
                pager = .pages(
                    client.pager(
                        DrawsQuery(gameId: ArchiveTransport.gameId, last: .some(size)),
                        pagination: GraphQLPagination(
                            items: { $0.draws },
                            next: { query, data in
                                guard data.draws.count >= size, let last = data.draws.last else { return nil }
                                return DrawsQuery(gameId: query.gameId, last: .some(size), before: .some(last.number))
                            })))
            }
            // Watched: the updates are consumed as they come, as a screen would.
            let watching = pager.watch()
            for page in 1...pages {
                let start = clock.now
                do {
                    try await pager.loadNext()
                } catch {
                    outcome.problem = "page \(page): \(error)"
                    return outcome
                }
                let elapsed = (clock.now - start).timeInterval * 1_000_000
                let expected = transport.numbers.prefix(page * size)
                guard pager.items.count == expected.count,
                    pager.items.map(\.number).elementsEqual(expected)
                else {
                    outcome.problem =
                        "round \(round), page \(page): \(pager.items.count) items, not the \(expected.count) sent"
                    return outcome
                }
                if page == 2 { seconds.append(elapsed) }
                if page == pages { fiftieths.append(elapsed) }
            }
            // Redirects: every 10th draw of the list, opened as a detail screen would.
            for (index, draw) in pager.items.enumerated() where index % 10 == 0 {
                let query = DrawQuery(gameId: ArchiveTransport.gameId, number: draw.number)
                for pass in 0..<2 {
                    let start = clock.now
                    let result: GraphQLResult<DrawQuery.Data>
                    do {
                        result = try await client.execute(query, fetchPolicy: .cacheOnly)
                    } catch {
                        outcome.problem = "redirect of draw \(draw.number): \(error)"
                        return outcome
                    }
                    let elapsed = (clock.now - start).timeInterval * 1_000_000
                    guard result.data?.draw == draw else {
                        outcome.problem = "redirect of draw \(draw.number): not the listed draw"
                        return outcome
                    }
                    if pass == 0 { redirects.append(elapsed) } else { memos.append(elapsed) }
                }
            }
            watching.cancel()
        }
        outcome.second = median(seconds)
        outcome.fiftieth = median(fiftieths)
        outcome.redirect = median(redirects)
        outcome.memo = median(memos)
        return outcome
    }

    nonisolated static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// Answers `DrawsQuery` pages of one game's archive from synthetic draws (the decode workload's draws without field
/// errors, renumbered newest first), 20 a page `before` a number; `DrawQuery` is never expected (the redirect reads the
/// cache).
struct ArchiveTransport: GraphQLTransport {
    static let gameId = "6x45"
    /// The draws' numbers, newest first.
    let numbers: [Int64]
    /// Each draw's GraphQL JSON, by number.
    let draws: [Int64: String]

    init(options: BenchmarkOptions, count: Int) throws {
        var generator = SampleDataGenerator(seed: options.seed, drawsPerGame: count)
        let texts = generator.games(count: 3).flatMap(\.draws).filter { !$0.ledgerDown }.map(\.graphQLJSON)
        guard texts.count >= count else { throw CacheBenchmark.Problem("the workload has too few draws") }
        var numbers: [Int64] = []
        var draws: [Int64: String] = [:]
        for (index, text) in texts.prefix(count).enumerated() {
            let number = Int64(100_000 - index)
            numbers.append(number)
            draws[number] = try Self.renumber(text, number: number)
        }
        self.numbers = numbers
        self.draws = draws
    }

    /// The draw's JSON with its game, id and number replaced.
    static func renumber(_ text: String, number: Int64) throws -> String {
        guard case .object(var members) = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            throw CacheBenchmark.Problem("a draw is not an object")
        }
        members["gameId"] = .string(gameId)
        members["id"] = .string("\(gameId)-\(number)")
        members["number"] = .number(String(number))
        let data = try JSONEncoder().encode(JSONValue.object(members))
        return String(decoding: data, as: UTF8.self)
    }

    func send(_ request: HTTPRequest, body: Data, operationName: String) async throws -> (HTTPResponse, Data) {
        guard operationName == DrawsQuery.operationName,
            case .object(let members)? = try? JSONDecoder().decode(JSONValue.self, from: body),
            case .object(let variables)? = members["variables"]
        else { throw CacheBenchmark.Problem("unexpected request \(operationName)") }
        var before = Int64.max
        if case .number(let text)? = variables["before"], let value = Int64(text) { before = value }
        if case .string(let text)? = variables["before"], let value = Int64(text) { before = value }
        let page = numbers.filter { $0 < before }.prefix(PagerBenchmark.pageSize).compactMap { draws[$0] }
        let body = "{\"data\":{\"draws\":[" + page.joined(separator: ",") + "]}}"
        return (DecodePath.graphQLResponse, Data(body.utf8))
    }
}

/// The pager of a round: each page its own query, or the pages one list in the cache (``ListedDrawsQuery``).
@MainActor
enum PagerRounds {
    case pages(GraphQLQueryPager<DrawsQuery, DrawDetails>)
    case listed(GraphQLQueryPager<ListedDrawsQuery, DrawDetails>)

    func loadNext() async throws {
        switch self {
        case .pages(let pager): try await pager.loadNext()
        case .listed(let pager): try await pager.loadNext()
        }
    }

    var items: [DrawDetails] {
        switch self {
        case .pages(let pager): pager.items
        case .listed(let pager): pager.items
        }
    }

    /// Consumes the pager's updates as a screen would; the task counts them.
    func watch() -> Task<Int, Never> {
        switch self {
        case .pages(let pager):
            return Task { @MainActor in
                var count = 0
                for await _ in pager.updates() { count += 1 }
                return count
            }
        case .listed(let pager):
            return Task { @MainActor in
                var count = 0
                for await _ in pager.updates() { count += 1 }
                return count
            }
        }
    }
}

/// `DrawsQuery` with its `draws` declared one list in the cache, as `cache.listPolicies` in `graphql-codegen.json`
/// would declare it (`keyArgs: ["gameId", "last"]`, `paginationArgs: ["before"]`, `merge: "append"`, continuation
/// `before`): the LotteryAPI the app ships keeps each page its own query (its legacy route reads pages).
struct ListedDrawsQuery: GraphQLQuery {
    typealias Data = DrawsQuery.Data
    typealias Variables = DrawsQuery.Variables
    static let operationName = DrawsQuery.operationName
    static let document = DrawsQuery.document
    static let operationIdentifier = DrawsQuery.operationIdentifier
    static let cacheMetadata: GraphQLCacheMetadata? = DrawsQuery.cacheMetadata.map { metadata in
        GraphQLCacheMetadata(
            selections: metadata.selections, keyFields: metadata.keyFields, maxAges: metadata.maxAges,
            variableDefaults: metadata.variableDefaults, fieldPolicies: metadata.fieldPolicies,
            listPolicies: [
                "draws": GraphQLListPolicy(
                    keyArguments: ["gameId", "last"], paginationArguments: ["before"],
                    merge: .append(continuation: "before"))
            ])
    }

    let base: DrawsQuery

    init(_ base: DrawsQuery) {
        self.base = base
    }

    var variables: Variables { base.variables }
    var variablesJSON: [String: JSONValue]? { base.variablesJSON }
}
