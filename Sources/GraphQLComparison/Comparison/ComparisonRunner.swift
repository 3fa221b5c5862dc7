import Foundation
import GraphQLMigration

/// Runs a ``ComparisonPlan``: asks for the ids, reads every entity and list through both APIs (REST, GraphQL, then
/// REST again with the noise check), compares, streams each outcome in the plan's order, then checks the writes.
///
/// ```swift
/// let runner = ComparisonRunner(plan: plan, configuration: .init(concurrency: 8))
/// let summary = try await runner.run { outcome in spool.append(outcome) }
/// ```
///
/// At most ``ComparisonConfiguration/concurrency`` entities are read at once, and at most a few times that many
/// outcomes wait for an earlier one to finish, so memory does not grow with the number of entities. A whole list
/// (``ComparisonPlan/list(_:model:rest:graphQL:id:path:options:)``) is read with nothing else in progress, so that
/// the lists that grow with the backend are held one at a time.
public struct ComparisonRunner: Sendable {
    /// The plan.
    public var plan: ComparisonPlan
    /// How it runs.
    public var configuration: ComparisonConfiguration

    /// Creates a runner.
    public init(plan: ComparisonPlan, configuration: ComparisonConfiguration = .init()) {
        self.plan = plan
        self.configuration = configuration
    }

    /// The models compared: the plan's, in its order, filtered by ``ComparisonConfiguration/models``.
    /// - Throws: ``ComparisonError`` naming a model the plan does not have.
    public func selectedModels() throws(ComparisonError) -> [String] {
        let all = plan.modelNames
        guard let wanted = configuration.models else { return all }
        var options = ComparisonCommandOptions()
        options.models = wanted
        if let problem = options.modelProblem(known: all) { throw ComparisonError(problem) }
        return all.filter(wanted.contains)
    }

    /// Runs the comparison and keeps every outcome in memory.
    public func report(progress: (@Sendable (String) -> Void)? = nil) async throws(ComparisonError) -> ComparisonReport
    {
        var outcomes: [ComparisonOutcome] = []
        let summary = try await run(progress: progress) { outcomes.append($0) }
        return ComparisonReport(summary: summary, outcomes: outcomes)
    }

    /// Runs the comparison.
    /// - Parameters:
    ///   - progress: gets a line now and then (every 1% of the entities, and each one that does not match).
    ///   - outcome: gets each entity's and list's outcome, in the plan's order, one at a time.
    /// - Returns: the totals.
    /// - Throws: ``ComparisonError`` when a model is unknown or the ids or keys of a model cannot be listed (nothing
    ///   is compared then). Entities that cannot be read are failures in the outcomes, not errors.
    public func run(
        progress: (@Sendable (String) -> Void)? = nil, outcome: (ComparisonOutcome) -> Void
    ) async throws(ComparisonError) -> ComparisonSummary {
        let models = try selectedModels()
        let metrics = ComparisonMetrics()
        let recorder = configuration.recordDirectory.map(ComparisonRecorder.init)
        let options = configuration.options
        let catalog = FieldPathCatalog(
            entries: options.ignoring.map {
                .init(label: "--ignore \($0.pattern)", pattern: $0, appliesToListNames: false)
            }
                + options.rules.map { rule in
                    let isUnordered: Bool
                    if case .unordered = rule { isUnordered = true } else { isUnordered = false }
                    return .init(label: rule.description, pattern: rule.pattern, appliesToListNames: isUnordered)
                })

        // The ids and keys, before any comparison: a backend that cannot list them stops the run.
        var groups: [PlannedJobs] = []
        for model in models {
            for family in plan.lists where family.model == model {
                do {
                    groups.append(try await family.jobs())
                } catch {
                    throw ComparisonError("cannot list the \(model) lists to compare: \(error)")
                }
            }
            for planned in plan.models where planned.name == model {
                do {
                    groups.append(try await planned.jobs())
                } catch {
                    throw ComparisonError("cannot list the \(model) ids to compare: \(error)")
                }
            }
        }
        var starts: [Int] = []
        var total = 0
        for group in groups {
            starts.append(total)
            total += group.count
        }
        let jobs = groups
        let jobStarts = starts
        @Sendable func fetch(at index: Int) -> PlannedFetch {
            var group = 0
            while group + 1 < jobStarts.count, jobStarts[group + 1] <= index { group += 1 }
            return jobs[group].make(index - jobStarts[group])
        }

        @Sendable func isAlone(at index: Int) -> Bool {
            var group = 0
            while group + 1 < jobStarts.count, jobStarts[group + 1] <= index { group += 1 }
            return jobs[group].isAlone
        }

        let comparer = EntityComparer(
            configuration: configuration, metrics: metrics, recorder: recorder, catalog: catalog)
        var tally = ComparisonTally()
        let step = max(1, total / 100)
        var done = 0
        await OrderedConcurrency.forEach(
            count: total, limit: configuration.concurrency, window: configuration.concurrency * 4,
            isAlone: isAlone(at:),
            body: { index in await comparer.compare(fetch(at: index)) },
            emit: { result in
                tally.add(result)
                outcome(result)
                done += 1
                if result.status != .matched {
                    progress?(
                        "[\(done)/\(total)] \(result.model) \(result.id): \(Self.describe(result))")
                } else if done % step == 0 || done == total {
                    progress?("[\(done)/\(total)] \(Self.progressLine(tally.counts))")
                }
            })

        // A model asked for of which nothing was compared: almost always a wrong URL or token, never a match.
        for model in models where plan.models.contains(where: { $0.name == model }) && tally.entities[model] == nil {
            let advice =
                "nothing compared is not a match: an empty backend is almost always a wrong URL or token "
                + "(check the URLs and the token)"
            let result = ComparisonOutcome(
                model: model, id: ComparisonOutcome.nothingComparedID, isList: false, status: .failed,
                failures: ComparisonAPI.allCases.map {
                    .init(api: $0, error: "\($0.displayName) gave no \(model) to compare; \(advice)")
                })
            tally.add(result)
            outcome(result)
        }

        // Writes after every read, so that the comparison saw the state as found; the checks put it back.
        var writeChecks: [ComparisonWriteCheck]?
        var notes: [String] = []
        let writes = plan.writes.filter { models.contains($0.model) }
        if configuration.checkWrites && writes.isEmpty {
            notes.append("--check-writes: the plan declares no write for the models compared")
        } else if configuration.checkWrites {
            var checks: [ComparisonWriteCheck] = []
            for write in writes {
                if let reason = write.skipReason {
                    notes.append("--check-writes: \(reason)")
                    progress?("[writes] \(reason)")
                    continue
                }
                let results = await write.run()
                progress?(
                    "[writes] \(write.name) of \(results.first?.target ?? ""): "
                        + "\(results.filter(\.passed).count) of \(results.count) write checks passed")
                checks += results
            }
            writeChecks = checks
        }

        var summary = tally.summary(
            models: models, options: options, patternWarnings: catalog.warnings(), metrics: metrics.snapshot,
            noiseCheck: configuration.noiseCheck, strict: configuration.strict)
        summary.writeChecks = writeChecks
        summary.notes = notes
        if let recorder {
            summary.notes.append("recorded \(recorder.fileCount) response bodies in \(recorder.directory.path)")
            if let error = recorder.firstError { summary.notes.append(error) }
        }
        return summary
    }

    static func describe(_ outcome: ComparisonOutcome) -> String {
        switch outcome.status {
        case .matched: return "matched"
        case .mismatched:
            return "\(outcome.mismatches.count) field\(outcome.mismatches.count == 1 ? "" : "s") differ"
        case .failed:
            return "failed (" + outcome.failures.map(\.api.displayName).joined(separator: ", ") + ")"
        }
    }

    static func progressLine(_ counts: ComparisonSummary.Counts) -> String {
        var parts = ["\(counts.matched) matched"]
        if counts.mismatched > 0 { parts.append("\(counts.mismatched) mismatched") }
        if counts.failed > 0 { parts.append("\(counts.failed) failed") }
        if counts.unstable > 0 { parts.append("\(counts.unstable) with unstable fields") }
        return parts.joined(separator: ", ")
    }
}
