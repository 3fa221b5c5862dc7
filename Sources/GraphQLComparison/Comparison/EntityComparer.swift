import Foundation
import GraphQLBridgeSupport
import GraphQLMigration

/// Reads one entity or list through both APIs (REST, GraphQL, then REST again with the noise check) and compares.
///
/// REST's and GraphQL's values are compared as soon as both are read, and GraphQL's is released before the noise
/// check's second REST read: an entity or list being compared holds two values at most.
struct EntityComparer: Sendable {
    let configuration: ComparisonConfiguration
    let metrics: ComparisonMetrics
    let recorder: ComparisonRecorder?
    let catalog: FieldPathCatalog

    /// A read's value or error, with the warnings reported during it.
    struct Read: Sendable {
        var result: Result<any Sendable, any Error>
        var warnings: [String]
        var seconds: Double

        var value: (any Sendable)? { try? result.get() }
    }

    /// REST's value and what comparing it with GraphQL's gave, before the noise check.
    private struct Compared {
        var rest: any Sendable
        var result: FieldDiffResult
        var warnings: [String]
        var seconds: Double
    }

    func compare(_ fetch: PlannedFetch) async -> ComparisonOutcome {
        let options = fetch.options.merged(with: configuration.options)
        let compared: Compared
        switch await readAndCompare(fetch, options: options) {
        case .failure(let outcome): return outcome
        case .success(let value): compared = value
        }
        var warnings = compared.warnings
        var seconds = compared.seconds
        var unstable: [FieldDifference] = []
        if configuration.noiseCheck {
            // After the GraphQL read, so that the two REST reads bracket it: a field that did not change between
            // them did not change while GraphQL was read. GraphQL's value is compared and released by now, so that
            // the read holds two values at most (a long list is held twice, not three times).
            let second = await read(fetch, .rest, number: 2)
            seconds += second.seconds
            switch second.result {
            case .success(let secondValue):
                unstable = fetch.compare(compared.rest, secondValue, options).differences
            case .failure(let error):
                warnings.append(
                    "the noise check's second REST read failed, so no field is known to be unstable: "
                        + Self.describe(error))
            }
        }
        let result = compared.result
        let unstablePaths = unstable.map { FieldPathSegment.parse($0.path) }
        let listName = fetch.listPath
        let mismatches = result.differences.filter { difference in
            let path = FieldPathSegment.parse(difference.path)
            return !unstablePaths.contains { Self.related(path, $0, listName: listName) }
        }
        var hidden: [String: Int] = [:]
        for entry in result.ignored { hidden[entry.pattern.pattern, default: 0] += 1 }
        var absorbed: [String: Int] = [:]
        for entry in result.absorbed { absorbed[entry.rule.description, default: 0] += 1 }
        return ComparisonOutcome(
            model: fetch.model, id: fetch.id, isList: fetch.isList, status: mismatches.isEmpty ? .matched : .mismatched,
            mismatches: mismatches, unstable: unstable, warnings: warnings, hidden: hidden, absorbed: absorbed,
            seconds: seconds)
    }

    /// Reads through REST and GraphQL (in turn with the noise check, at once without) and compares: the failed
    /// outcome when a read failed. GraphQL's value does not outlive it.
    private func readAndCompare(_ fetch: PlannedFetch, options: FieldDiffOptions) async -> ReadAndCompare {
        let first: Read
        let graphQL: Read
        if configuration.noiseCheck {
            first = await read(fetch, .rest, number: 1)
            graphQL = await read(fetch, .graphql, number: 1)
        } else {
            async let restRead = read(fetch, .rest, number: 1)
            async let graphQLRead = read(fetch, .graphql, number: 1)
            (first, graphQL) = await (restRead, graphQLRead)
        }
        let seconds = first.seconds + graphQL.seconds
        let warnings = first.warnings + graphQL.warnings
        guard let restValue = first.value, let graphQLValue = graphQL.value else {
            var failures: [ComparisonOutcome.Failure] = []
            if case .failure(let error) = first.result {
                failures.append(.init(api: .rest, error: Self.describe(error)))
            }
            if case .failure(let error) = graphQL.result {
                failures.append(.init(api: .graphql, error: Self.describe(error)))
            }
            return .failure(
                ComparisonOutcome(
                    model: fetch.model, id: fetch.id, isList: fetch.isList, status: .failed, failures: failures,
                    warnings: warnings, seconds: seconds))
        }
        let result = fetch.compare(restValue, graphQLValue, options)
        if catalog.isLooking {
            catalog.observe(
                fetch.paths(restValue) + fetch.paths(graphQLValue), model: fetch.model, listName: fetch.listPath)
        }
        return .success(Compared(rest: restValue, result: result, warnings: warnings, seconds: seconds))
    }

    private enum ReadAndCompare {
        case success(Compared)
        case failure(ComparisonOutcome)
    }

    /// Whether a difference at `path` is explained by a field at `unstable` that changed between the REST reads: the
    /// same path, or one inside the other (a list's own order, at the list's name, only explains itself).
    static func related(_ path: [FieldPathSegment], _ unstable: [FieldPathSegment], listName: String?) -> Bool {
        if path == unstable { return true }
        if let listName {
            let name: [FieldPathSegment] = [.property(listName)]
            if path == name || unstable == name { return false }
        }
        return path.starts(with: unstable) || unstable.starts(with: path)
    }

    private func read(_ fetch: PlannedFetch, _ api: ComparisonAPI, number: Int) async -> Read {
        let context = ComparisonRead(
            model: fetch.model, id: fetch.id, isList: fetch.isList, api: api, number: number, metrics: metrics,
            recorder: recorder)
        let clock = ContinuousClock()
        let start = clock.now
        let result: Result<any Sendable, any Error> = await ComparisonContext.$currentRead.withValue(context) {
            do {
                return .success(try await (api == .rest ? fetch.rest : fetch.graphQL)())
            } catch {
                return .failure(error)
            }
        }
        let seconds = start.duration(to: clock.now).timeInterval
        metrics.read(api, seconds: seconds, isNoiseCheck: number > 1)
        return Read(result: result, warnings: context.warnings, seconds: seconds)
    }

    /// An error as the report shows it.
    static func describe(_ error: any Error) -> String {
        String(describing: error)
    }
}
