import Foundation
import GraphQLBridgeSupport
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema
import LotteryAPI

/// The `codegen` benchmark: GraphQLParser and GraphQLCodegen on graphql-core's big fixtures (GitHub's schema and
/// its large query) and on LotteryAPI's sources, beside graphql-core doing the same in a Python subprocess in the
/// same run.
///
/// Timed, each once a round: parse of github_schema.graphql and of large_query.graphql, build of GitHub's schema,
/// validation of large_query.graphql against it (the query was written for no schema in the fixtures, so this
/// reports the same errors on both sides), and LotteryAPI's code generation end to end, in memory. graphql-core
/// times the first four (it has no code generator). The rounds alternate between Swift and Python.
///
/// Before timing it checks the Swift results against graphql-core's (definitions parsed, schema errors, the
/// validation errors one by one) and the generated LotteryAPI code; a mismatch fails the process. The speed
/// target (parse at least 30x faster than graphql-core's) is reported, not enforced.
enum CodegenBenchmark {
    /// The parse target, as graphql-core's median over the Swift median.
    static let targetSpeedup = 30.0

    /// Runs the benchmark; 0 unless an input is missing (2) or a correctness check failed (1).
    static func run(options: BenchmarkOptions) -> Int32 {
        print("== codegen ==")
        let inputs: CodegenInputs
        do {
            inputs = try CodegenInputs.load(options: options)
        } catch {
            fflush(nil)  // the heading first
            FileHandle.standardError.write(Data("codegen: error: \(error)\n".utf8))
            return error.exitStatus
        }
        let pinned = options.pinCPU ? CPUAffinity.pinToCurrentCPU() : nil
        defer { pinned?.restore() }
        let placement =
            if let pinned {
                "Swift and Python pinned to CPU \(pinned.cpu)"
            } else {
                options.pinCPU ? "not pinned (no affinity call here)" : "not pinned (--no-pin)"
            }
        do {
            return try measure(inputs, runs: options.runs, placement: placement)
        } catch {
            print("codegen: \(error.exitStatus == 1 ? "FAIL" : "error"): \(error)")
            return error.exitStatus
        }
    }

    private static func measure(_ inputs: CodegenInputs, runs: Int, placement: String) throws(BenchmarkFailure)
        -> Int32
    {
        let (prepareMs, workload) = try time { () throws(BenchmarkFailure) in try CodegenWorkload(inputs: inputs) }
        let reference = try GraphQLCoreProcess(inputs: inputs)
        let facts = reference.facts
        let generated = CodegenOperation.generateLotteryAPI(inputs)
        print(
            "workload: github_schema.graphql \(bytes(inputs.githubSchema)) "
                + "(\(workload.githubDocument.definitions.count) definitions; schema of "
                + "\(workload.githubSchema.types.count) types), large_query.graphql \(bytes(inputs.largeQuery)) "
                + "(\(workload.largeQueryDocument.definitions.count) definitions), LotteryAPI "
                + (inputs.lotterySchema + inputs.lotteryOperations).map { sourceName($0) + " " + bytes($0) }
                .joined(separator: " + ")
                + " -> \(CodegenOperation.lotteryOutputName) "
                + "\(generated.files.first.map { "\($0.contents.utf8.count) bytes" } ?? "(none)"); "
                + "prepared in \(format(prepareMs)) ms")
        print(
            "reference: graphql-core \(facts.graphqlCore) on Python \(facts.python) (\(inputs.pythonPath)), "
                + "fixtures \(inputs.fixturesPath); \(placement)")
        if facts.graphqlCore != "3.3.2" {
            print("note: GraphQLParser and GraphQLCodegen follow graphql-core 3.3.2, not \(facts.graphqlCore)")
        }

        let failures = check(workload, facts: facts, generated: generated)
        if !failures.isEmpty {
            print("correctness check: FAIL (\(failures.count) problems; first ones below)")
            for failure in failures.prefix(10) { print("  - " + failure) }
            return 1
        }
        print(
            "correctness check: PASS (definitions parsed == graphql-core's; GitHub schema valid on both sides; "
                + "large_query vs GitHub schema: the same \(facts.validationErrors.count) errors, message by "
                + "message; LotteryAPI generated without errors, with its 5 queries)")

        let operations = CodegenOperation.allCases
        var summaries = operations.map { TimingSummary(name: $0.rawValue, bytesPerRun: 0) }
        var results: [CodegenOperation: Int] = [:]
        // Round-robin (warm-up round first, untimed): each Swift round is followed by a graphql-core one.
        for round in 0...runs {
            for (index, operation) in operations.enumerated() {
                let (milliseconds, result) = try time { () throws(BenchmarkFailure) in try operation.run(workload) }
                if round > 0 { summaries[index].samples.append(milliseconds) }
                if let previous = results[operation], previous != result {
                    throw BenchmarkFailure("\(operation.label): result changed between runs (\(previous), \(result))")
                }
                results[operation] = result
            }
            _ = try reference.round(warmUp: round == 0)
        }
        let summary = try reference.finish()
        guard summary.runs == runs else {
            throw BenchmarkFailure("graphql_core_parse.py counted \(summary.runs) timed rounds, not \(runs)")
        }

        printTable(operations, summaries, summary, runs: runs)
        let speedups = [CodegenOperation.parseGitHubSchema, .parseLargeQuery].map { operation in
            let swift = summaries.first { $0.name == operation.rawValue }?.medianMilliseconds ?? .nan
            return (summary.medianMilliseconds[operation.rawValue] ?? .nan) / swift
        }
        let verdict = speedups.allSatisfy { $0 >= targetSpeedup } ? "PASS" : "FAIL"
        print(
            "target: parse speedup >= \(Int(targetSpeedup))x: \(verdict) "
                + "(github_schema \(speedup(speedups[0])), large_query \(speedup(speedups[1])))")
        return 0
    }

    /// Every difference between the Swift results and graphql-core's, and problems in the generated code.
    private static func check(_ workload: CodegenWorkload, facts: GraphQLCoreFacts, generated: CodegenResult)
        -> [String]
    {
        var failures: [String] = []
        let parsed = [
            "github_schema": workload.githubDocument.definitions.count,
            "large_query": workload.largeQueryDocument.definitions.count,
        ]
        for (name, count) in parsed.sorted(by: { $0.key < $1.key }) where facts.definitions[name] != count {
            failures.append(
                "\(name).graphql: Swift parsed \(count) definitions, graphql-core "
                    + "\(facts.definitions[name].map(String.init) ?? "none")")
        }
        for message in facts.schemaErrors {
            failures.append("graphql-core's validate_schema reports for GitHub's schema: \(message)")
        }

        let swiftErrors = CodegenOperation.validateLargeQuery(workload).map(\.message)
        if swiftErrors.count != facts.validationErrors.count {
            failures.append(
                "large_query vs GitHub schema: Swift reports \(swiftErrors.count) errors, graphql-core "
                    + "\(facts.validationErrors.count)")
        }
        for (index, (swift, core)) in zip(swiftErrors, facts.validationErrors).enumerated() where swift != core {
            failures.append("large_query validation error \(index + 1): Swift \"\(swift)\", graphql-core \"\(core)\"")
        }

        if generated.hasErrors {
            failures.append(
                "generating LotteryAPI: "
                    + generated.diagnostics.filter { $0.severity == .error }.map(\.description)
                    .joined(separator: "; "))
        } else if generated.files.count != 1 {
            failures.append("generating LotteryAPI gave \(generated.files.count) files, not 1")
        } else if let file = generated.files.first {
            if !file.contents.hasPrefix(GeneratedFile.marker) {
                failures.append("generated LotteryAPI does not start with \(GeneratedFile.marker)")
            }
            // The queries this binary was compiled with (generated by the build plugin from the same files).
            let names = [
                GameQuery.operationName, GamesQuery.operationName, DrawQuery.operationName,
                DrawsQuery.operationName, ImageQuery.operationName,
            ]
            for name in names where !file.contents.contains("public static let operationName = \"\(name)\"") {
                failures.append("generated LotteryAPI has no operation named \(name)")
            }
        }
        return failures
    }

    private static func printTable(
        _ operations: [CodegenOperation], _ summaries: [TimingSummary], _ reference: GraphQLCoreSummary, runs: Int
    ) {
        print("")
        print(
            "median and min of \(runs) runs after 1 warm-up, Swift rounds alternating with graphql-core ones; "
                + "speedup = graphql-core median / Swift median (of mins: min / min)")
        var table = TextTable(
            header: [
                "operation", "Swift median ms", "Swift min ms", "graphql-core median ms", "graphql-core min ms",
                "speedup", "speedup of mins",
            ])
        for (operation, summary) in zip(operations, summaries) {
            let coreMedian = operation.hasReference ? reference.medianMilliseconds[operation.rawValue] : nil
            let coreMinimum = operation.hasReference ? reference.minimumMilliseconds[operation.rawValue] : nil
            table.rows.append([
                operation.label,
                format(summary.medianMilliseconds),
                format(summary.minimumMilliseconds),
                coreMedian.map(format) ?? "n/a",
                coreMinimum.map(format) ?? "n/a",
                coreMedian.map { speedup($0 / summary.medianMilliseconds) } ?? "n/a",
                coreMinimum.map { speedup($0 / summary.minimumMilliseconds) } ?? "n/a",
            ])
        }
        for line in table.lines { print(line) }
        print(
            "(build = SDL checks + schema model + schema validation: SchemaBuilder.build / build_ast_schema + "
                + "validate_schema; validate = every error, no limit of 100; large_query is written for no schema in "
                + "the fixtures, so it is validated against GitHub's schema and both sides report the same errors; "
                + "generate = CodegenPipeline parse + build + validate + plan + render in memory, which graphql-core "
                + "has no counterpart for)")
    }

    private static func time<T>(_ body: () throws(BenchmarkFailure) -> T) throws(BenchmarkFailure)
        -> (milliseconds: Double, result: T)
    {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        return ((clock.now - start).timeInterval * 1000, result)
    }

    private static func sourceName(_ source: Source) -> String {
        (source.name as NSString).lastPathComponent
    }

    private static func bytes(_ source: Source) -> String {
        "\(source.text.utf8.count) bytes"
    }

    private static func format(_ value: Double) -> String {
        String(format: value < 10 ? "%.3f" : "%.2f", value)
    }

    private static func speedup(_ value: Double) -> String {
        String(format: "%.1fx", value)
    }
}
