import Foundation
import GraphQLMigration

/// A comparison command for any app: its plan plus one line.
///
/// ```swift
/// // Sources/my-compare/main.swift
/// import GraphQLComparison
/// var plan = ComparisonPlan()
/// plan.model("Game", ids: { try await rest.gameIDs() },
///            rest: { id in try await rest.game(id) }, graphQL: { id in try await api.game(id) })
/// exit(await ComparisonCommand.main(plan, arguments: CommandLine.arguments))
/// ```
///
/// It parses the options of `lottery compare` (``help(command:models:options:about:)``), checks the report's
/// destination before reading anything, runs the plan with progress on standard error, streams the report (text,
/// JSON, HTML or JUnit XML) to standard output or `--output`, and returns the exit status: 0 every entity and list
/// matched (and every write check passed); 1 a mismatch, a write read back wrong or, with `--strict`, an unstable
/// field; 2 a usage error, ids that could not be listed, an entity that could not be read, a model of which nothing
/// was compared, or a write check that failed to run or to restore.
///
/// A tool that compares staging's APIs takes their URLs: ``main(arguments:output:header:makePlan:)`` parses
/// `--rest-url`, `--graphql-url` and `--token` (``ComparisonEndpoints``) beside the options above and makes the plan
/// from them. No process-wide setting is changed unless the tool asks: ``limitMallocArenas()`` keeps a long run's
/// resident memory from growing with freed memory kept per thread (Linux, glibc).
public enum ComparisonCommand {
    /// Where the command writes: the report to standard output (unless `--output`), progress and errors to standard
    /// error.
    public struct Output: Sendable {
        /// Writes to standard output.
        public var standardOutput: @Sendable (String) -> Void
        /// Writes to standard error.
        public var standardError: @Sendable (String) -> Void

        /// Creates an output with the two writers.
        public init(
            standardOutput: @escaping @Sendable (String) -> Void, standardError: @escaping @Sendable (String) -> Void
        ) {
            self.standardOutput = standardOutput
            self.standardError = standardError
        }

        /// The process's standard output and standard error.
        public static let process = Output(
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) })
    }

    /// Parses `arguments` and runs `plan`; returns the exit status.
    /// - Parameters:
    ///   - plan: what to compare: the models, lists and writes, and how to fetch each through both APIs.
    ///   - arguments: the command line as `CommandLine.arguments` gives it (the program first: an argument that
    ///     does not start with `-` is taken as the program and left out), or the options alone.
    ///   - output: where to write.
    ///   - header: lines that say what is compared (`REST: https://...`), at the top of the report.
    public static func main(
        _ plan: ComparisonPlan, arguments: [String], output: Output = .process, header: [String] = []
    ) async -> Int32 {
        let (command, options) = split(arguments)
        if options.contains("--help") || options.contains("-h") {
            output.standardOutput(help(command: command, models: plan.modelNames))
            return 0
        }
        let parsed: ComparisonCommandOptions
        do {
            parsed = try ComparisonCommandOptions(parsing: options)
        } catch {
            output.standardError("error: \(error)\n\nRun '\(command) --help' for the options.\n")
            return 2
        }
        return await run(plan, options: parsed, output: output, header: header, command: command)
    }

    /// Parses `arguments` (`--rest-url`, `--graphql-url`, `--token` and the options of ``help(command:models:options:about:)``),
    /// makes the plan for those endpoints and runs it; returns the exit status.
    ///
    /// ```swift
    /// // Sources/my-compare/main.swift
    /// ComparisonCommand.limitMallocArenas()
    /// exit(await ComparisonCommand.main(arguments: CommandLine.arguments) { endpoints in
    ///     comparisonPlan(rest: MyRESTClient(baseURL: endpoints.restURL, token: endpoints.token),
    ///                    graphQL: MyGraphQLClient(endpoint: endpoints.graphQLURL, token: endpoints.token))
    /// })
    /// ```
    /// - Parameters:
    ///   - arguments: the command line as `CommandLine.arguments` gives it (the program first), or the options alone.
    ///   - output: where to write.
    ///   - header: lines at the top of the report; the two URLs are added.
    ///   - makePlan: the plan, with the app's clients for `endpoints`; an error it throws exits 2 with its message.
    public static func main(
        arguments: [String], output: Output = .process, header: [String] = [],
        makePlan: @Sendable (ComparisonEndpoints) async throws -> ComparisonPlan
    ) async -> Int32 {
        let (command, options) = split(arguments)
        if options.contains("--help") || options.contains("-h") {
            output.standardOutput(help(command: command, options: ComparisonEndpoints.help))
            return 0
        }
        let endpoints: ComparisonEndpoints
        let parsed: ComparisonCommandOptions
        do throws(ComparisonUsageError) {
            let split = try ComparisonEndpoints.parse(options)
            endpoints = split.endpoints
            parsed = try ComparisonCommandOptions(parsing: split.remaining)
        } catch {
            output.standardError("error: \(error)\n\nRun '\(command) --help' for the options.\n")
            return 2
        }
        let plan: ComparisonPlan
        do {
            plan = try await makePlan(endpoints)
        } catch {
            output.standardError("error: cannot make the comparison plan: \(error)\n")
            return 2
        }
        let lines =
            header + [
                "REST:    \(endpoints.restURL.absoluteString)", "GraphQL: \(endpoints.graphQLURL.absoluteString)",
            ]
        return await run(plan, options: parsed, output: output, header: lines, command: command)
    }

    /// The command's name and its options: an argument that does not start with `-` first is the program, as
    /// `CommandLine.arguments` gives it (its file name is the command's name); else the name is `compare`.
    private static func split(_ arguments: [String]) -> (command: String, options: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-") else { return ("compare", arguments) }
        return (URL(fileURLWithPath: first).lastPathComponent, Array(arguments.dropFirst()))
    }

    /// Limits glibc's allocator to two pools (arenas) for the whole process, unless `MALLOC_ARENA_MAX` is set: a
    /// long comparison's resident memory then does not grow with freed memory kept per thread. A process-wide
    /// setting, so a compare tool calls it from its own `main.swift`; nothing happens elsewhere (Apple platforms,
    /// another C library).
    public static func limitMallocArenas() {
        MallocArenas.limitForComparison()
    }

    /// Runs `plan` with options already parsed; returns the exit status.
    public static func run(
        _ plan: ComparisonPlan, options: ComparisonCommandOptions, output: Output = .process, header: [String] = [],
        command: String = "compare"
    ) async -> Int32 {
        let runner = ComparisonRunner(plan: plan, configuration: options.configuration)
        do {
            _ = try runner.selectedModels()
        } catch {
            output.standardError("error: \(error)\n\nRun '\(command) --help' for the options.\n")
            return 2
        }
        if let problem = options.outputProblem() {
            output.standardError("error: \(problem)\n")
            return 2
        }
        if let record = options.record {
            do {
                try FileManager.default.createDirectory(
                    at: URL(fileURLWithPath: record, isDirectory: true), withIntermediateDirectories: true)
            } catch {
                output.standardError(
                    "error: cannot create the --record folder \(record): \(error.localizedDescription)\n")
                return 2
            }
        }
        let spool: OutcomeSpool
        do {
            spool = try OutcomeSpool()
        } catch {
            output.standardError("error: \(error)\n")
            return 2
        }

        let summary: ComparisonSummary
        do {
            var progress: (@Sendable (String) -> Void)?
            if !options.quiet {
                let standardError = output.standardError
                progress = { standardError($0 + "\n") }
            }
            summary = try await runner.run(progress: progress) { spool.append($0) }
        } catch {
            output.standardError("error: \(error)\n")
            return 2
        }
        spool.finish()
        if let error = spool.error {
            output.standardError("error: \(error)\n")
            return 2
        }

        do {
            if let path = options.output {
                try writeFile(path) { sink in
                    try options.format.write(summary: summary, outcomes: spool.forEach, header: header, to: sink)
                }
                if !options.quiet { output.standardError("Report written to \(path).\n") }
            } else {
                try options.format.write(summary: summary, outcomes: spool.forEach, header: header) {
                    output.standardOutput($0)
                }
            }
        } catch {
            output.standardError("error: cannot write the report: \(error)\n")
            return 2
        }
        return summary.exitStatus
    }

    /// Writes a file through a temporary file beside it, moved over it at the end, so that a report is whole or
    /// absent.
    private static func writeFile(_ path: String, _ body: (_ sink: @escaping (String) throws -> Void) throws -> Void)
        throws
    {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).\(UUID().uuidString).partial")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw ComparisonError("cannot create \(temporary.path)")
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                try body { try handle.write(contentsOf: Data($0.utf8)) }
                try handle.close()
            } catch {
                try? handle.close()
                throw error
            }
            // rename(2) replaces the target at once, whether or not it exists.
            guard rename(temporary.path, target.path) == 0 else {
                throw ComparisonError("cannot move the report to \(path): \(String(cString: strerror(errno)))")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// The options, as `--help` prints them.
    /// - Parameters:
    ///   - command: how the command is run (`swift run my-compare`, `lottery compare`).
    ///   - models: the plan's models, listed in the help.
    ///   - options: more option lines, the app's own (its URLs, its token), printed first.
    ///   - about: what the command compares, printed after the usage line.
    public static func help(command: String, models: [String] = [], options: String = "", about: String = "") -> String
    {
        let modelList = models.isEmpty ? "A,B" : models.joined(separator: ",")
        var text = """
            USAGE: \(command) [options]

            """
        if !about.isEmpty { text += "\n" + about + "\n" }
        text += "\nOPTIONS:\n"
        if !options.isEmpty { text += options + (options.hasSuffix("\n") ? "" : "\n") }
        text += """
              --models LIST        Comma-separated: \(modelList) (default: all).
              --format FORMAT      text (default), json, html (one self-contained page) or junit (JUnit XML).
              --output FILE        Write the report to FILE instead of standard output (its folder is checked
                                   before anything is compared).
              --concurrency N      Entities and lists compared at once, 1 to 64 (default 4); a whole list of the
                                   plan (not one of a family of lists) is compared alone.
              --ignore PATTERN     A known difference to ignore, as a field path pattern ('lastDraw.videoURL',
                                   'categories[*].prize', '**.videoURL'); repeatable. An empty pattern, '.' or
                                   '**' (they hide everything) is refused. The report lists each pattern with how
                                   many differences it hid, and warns (naming the closest paths) about a pattern
                                   that matches no path of the values compared.
              --tolerance PATH=VALUE
                                   Numbers at PATH within VALUE of each other are equal ('price=0.01'); dates
                                   within a duration ('**.date=2s'; units ms, s, m, h, d). Repeatable; reported
                                   with how many differences each absorbed.
              --unordered PATH     The array at PATH is compared as a multiset (any order); a list's own name
                                   ('games') compares that list in any order. Repeatable.
              --no-noise-check     Read REST once. By default each entity and list is read REST, GraphQL, REST: a
                                   field whose two REST reads differ is unstable (live data), reported in its own
                                   section, not as a mismatch.
              --strict             Unstable fields fail the run (exit 1).
              --check-writes       Also check the plan's writes, after the comparison: a value written through
                                   each API, read back through both, and the previous state restored.
              --record DIR         Save each compared read's raw response bodies under DIR (DIR/<model>/<id>.rest.json,
                                   .graphql.json) for offline adapter tests (ComparisonFixtures).
              --quiet              No progress on standard error.
              --help               This help.

            EXIT STATUS:
              0  every entity and list was compared and all matched (and every write check passed)
              1  at least one entity or list differs, a write was read back differently, or (--strict) a field
                 was unstable
              2  usage error, ids that could not be listed (unreachable backend, refused credentials), an entity
                 or list that could not be read through one of the APIs, a model of which nothing was compared,
                 or a write check whose requests failed or that could not restore the previous state

            """
        return text
    }
}
