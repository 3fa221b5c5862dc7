import Foundation
import GraphQLBridge
import GraphQLMigration
import LegacyModels
import LotteryBridge

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches every game (active and inactive), each game's newest draws and each logo image through both
/// APIs into legacy models, with the app's real clients and adapters, and compares them field by field.
///
/// ```swift
/// let report = try await LotteryComparison(configuration: .init(restURL: rest, graphQLURL: graphQL)).run()
/// print(report.summary.mismatched)
/// ```
public struct LotteryComparison: Sendable {
    /// What the comparison runs against.
    public let configuration: ComparisonConfiguration

    /// Creates a comparison.
    public init(configuration: ComparisonConfiguration) {
        self.configuration = configuration
    }

    /// Runs the comparison.
    /// - Parameter progress: receives a line per game, for long runs.
    /// - Throws: ``ComparisonError`` when the games cannot be listed through one of the APIs (unreachable,
    ///   refused credentials, not a backend of the contract). Failures of single entities are in the report.
    public func run(progress: (@Sendable (String) -> Void)? = nil) async throws(ComparisonError) -> ComparisonReport {
        let restMetrics = RequestMetrics()
        let graphQLMetrics = RequestMetrics()
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let rest = LegacyAPIClient(
            baseURL: configuration.restURL, token: configuration.token, session: session,
            timeout: configuration.timeout.timeInterval,
            metrics: { restMetrics.record(duration: $0.duration, bytes: $0.byteCount) })
        let graphQL = GraphQLClient(
            endpoint: configuration.graphQLURL, token: configuration.token,
            middlewares: [MetricsMiddleware(metrics: graphQLMetrics)], timeout: configuration.timeout)
        let fetcher = EntityComparer(rest: rest, graphQL: graphQL, configuration: configuration)

        let lists = try await fetcher.listGames()
        let everyGame = lists.first { $0.query == .everyGame }
        let restGames = everyGame?.restGames ?? []
        let graphQLGames = everyGame?.graphQLGames ?? []
        var gameIDs: [String] = []
        var seen: Set<String> = []
        for id in restGames.map(\.id) + graphQLGames.map(\.id) where seen.insert(id).inserted {
            gameIDs.append(id)
        }
        var logoIDs: [String] = []
        var seenLogos: Set<String> = []
        for id in (restGames + graphQLGames).compactMap(\.logo?.id) where seenLogos.insert(id).inserted {
            logoIDs.append(id)
        }

        var listOutcomes: [EntityOutcome] = []
        if configuration.models.contains(.gameInfo) {
            listOutcomes = fetcher.compareLists(lists)
            progress?("[lists] \(lists.count) games lists: \(EntityOutcome.summary(of: listOutcomes))")
        }
        var jobs: [ComparisonJob] = gameIDs.map { .game($0) }
        if configuration.models.contains(.imageInfo) { jobs += logoIDs.map { .image($0) } }
        let total = jobs.count
        let counter = ProgressCounter()
        let outcomes = await forEachConcurrently(jobs, limit: configuration.concurrency) { job in
            let results = await fetcher.compare(job)
            let done = counter.increment()
            progress?("[\(done)/\(total)] \(job.label): \(EntityOutcome.summary(of: results))")
            return results
        }
        var all = listOutcomes + outcomes.flatMap { $0 }
        all += Self.nothingCompared(in: all, models: configuration.models)
        // Writes after every read, so the comparison saw the state as found; the checks put it back.
        var writeChecks: [WriteCheck]?
        if configuration.checkWrites {
            if let gameId = gameIDs.first {
                let checks = await FavoriteWriteCheck(rest: rest, graphQL: graphQL).run(gameId: gameId)
                progress?(
                    "[writes] game \(gameId): \(checks.filter(\.passed).count) of \(checks.count) write checks passed")
                writeChecks = checks
            } else {
                writeChecks = [ComparedAPI.rest, .graphql].map {
                    WriteCheck(
                        api: $0, game: "", previous: nil, favorite: true, answer: nil, rest: nil, graphql: nil,
                        restoredRest: nil, restoredGraphql: nil, error: "no game to write: both APIs list none")
                }
            }
        }
        var report = ComparisonReport(
            outcomes: all, models: configuration.models, ignoring: configuration.diffOptions.ignoring,
            latency: .init(rest: restMetrics.percentiles, graphql: graphQLMetrics.percentiles),
            bytes: .init(rest: restMetrics.bytes, graphql: graphQLMetrics.bytes))
        report.writeChecks = writeChecks
        return report
    }

    /// A failure for each model asked for of which no entity was compared: an empty backend is almost
    /// always a wrong URL or token, and nothing compared is not a match.
    static func nothingCompared(in outcomes: [EntityOutcome], models: Set<ComparedModel>) -> [EntityOutcome] {
        let comparedModels = Set(outcomes.filter { !$0.isList }.map(\.model))
        return ComparedModel.allCases.filter { models.contains($0) && !comparedModels.contains($0) }.map { model in
            let what: String
            switch model {
            case .gameInfo: what = "listed no games"
            case .drawInfo: what = "listed no draws for any game"
            case .imageInfo: what = "gave no game with a logo image"
            }
            let advice =
                "nothing compared is not a match: an empty backend is almost always a wrong URL or token "
                + "(check --rest-url, --graphql-url and --token)"
            return EntityOutcome(
                model: model, id: ComparisonReport.nothingComparedID,
                result: .failed([(.rest, "REST \(what); \(advice)"), (.graphql, "GraphQL \(what); \(advice)")]))
        }
    }
}

/// One unit of work: a game (its GameInfo and its draws) or an image.
enum ComparisonJob: Sendable {
    case game(String)
    case image(String)

    var label: String {
        switch self {
        case .game(let id): return "game \(id)"
        case .image(let id): return "image \(id)"
        }
    }
}

/// Runs `body` over `items` with at most `limit` at once; results in the order of `items`.
func forEachConcurrently<Item: Sendable, Result: Sendable>(
    _ items: [Item], limit: Int, _ body: @escaping @Sendable (Item) async -> Result
) async -> [Result] {
    await withTaskGroup(of: (Int, Result).self) { group in
        var results: [Result?] = Array(repeating: nil, count: items.count)
        var next = 0
        func addNext() {
            guard next < items.count else { return }
            let index = next
            let item = items[index]
            group.addTask { (index, await body(item)) }
            next += 1
        }
        for _ in 0..<min(limit, items.count) { addNext() }
        while let (index, result) = await group.next() {
            results[index] = result
            addNext()
        }
        return results.compactMap { $0 }
    }
}

/// A thread-safe counter for progress lines.
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func increment() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
