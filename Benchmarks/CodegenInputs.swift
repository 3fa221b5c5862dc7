import Foundation
import GraphQLCodegen
import GraphQLParser

/// The files the `codegen` benchmark reads, found and loaded before anything is timed: graphql-core's
/// `github_schema.graphql` and `large_query.graphql`, LotteryAPI's GraphQL sources and configuration, the python
/// with graphql-core and the script it runs.
struct CodegenInputs {
    /// graphql-core's `tests/fixtures` folder.
    var fixturesPath: String
    /// GitHub's public schema (SDL, about 368 KB).
    var githubSchema: Source
    /// graphql-core's large query (about 120 KB; one operation and 40 fragments).
    var largeQuery: Source
    /// LotteryAPI's `graphql-codegen.json`, paths resolved.
    var lotteryConfiguration: CodegenConfiguration
    /// LotteryAPI's schema sources.
    var lotterySchema: [Source]
    /// LotteryAPI's operation sources.
    var lotteryOperations: [Source]
    /// The python that runs graphql-core.
    var pythonPath: String
    /// `Benchmarks/graphql_core_parse.py`.
    var scriptPath: String

    /// The command that provides both inputs, for the messages.
    static let setupHint =
        "GRAPHQL_CORE_FIXTURES=\"$(bash scripts/fetch-graphql-core-fixtures.sh)\" "
        + "GRAPHQLBRIDGE_PYTHON=\"$(bash scripts/python-env.sh)\" "
        + "swift run -c release --scratch-path /tmp/build-bench Benchmarks codegen"

    /// Finds and reads every input.
    /// - Throws: ``BenchmarkFailure`` naming what is missing and how to get it.
    static func load(options: BenchmarkOptions) throws(BenchmarkFailure) -> CodegenInputs {
        let environment = ProcessInfo.processInfo.environment
        let repository = repositoryPath()

        guard let fixtures = options.fixturesPath ?? nonEmpty(environment["GRAPHQL_CORE_FIXTURES"]) else {
            throw missing(
                "graphql-core's fixtures are not given: pass --fixtures DIR or set GRAPHQL_CORE_FIXTURES to the "
                    + "folder that `bash scripts/fetch-graphql-core-fixtures.sh` prints (it downloads them), e.g.\n  "
                    + setupHint)
        }
        var fixtureSources: [Source] = []
        for name in ["github_schema.graphql", "large_query.graphql"] {
            let path = (fixtures as NSString).appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: path) else {
                throw missing(
                    "no \(name) in the fixtures folder \(fixtures) (from "
                        + (options.fixturesPath == nil ? "GRAPHQL_CORE_FIXTURES" : "--fixtures")
                        + "): run `bash scripts/fetch-graphql-core-fixtures.sh` and use the folder it prints")
            }
            do {
                fixtureSources.append(try SourceFiles.read(path))
            } catch {
                throw missing("\(error)")
            }
        }

        guard let python = options.pythonPath ?? nonEmpty(environment["GRAPHQLBRIDGE_PYTHON"]) else {
            throw missing(
                "no python with graphql-core is given: pass --python PATH or set GRAPHQLBRIDGE_PYTHON to the path "
                    + "that `bash scripts/python-env.sh` prints (it makes a venv with graphql-core 3.3.2), e.g.\n  "
                    + setupHint)
        }
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw missing(
                "the python \(python) (from "
                    + (options.pythonPath == nil ? "GRAPHQLBRIDGE_PYTHON" : "--python")
                    + ") is not an executable file: give its full path, e.g. the one `bash scripts/python-env.sh` "
                    + "prints")
        }

        let script = (repository as NSString).appendingPathComponent("Benchmarks/graphql_core_parse.py")
        guard FileManager.default.fileExists(atPath: script) else {
            throw missing(
                "cannot find \(script) (the repository is found from this file's build path or the current "
                    + "folder): run the benchmark from the repository's root")
        }

        let configurationPath = (repository as NSString)
            .appendingPathComponent("Sources/LotteryAPI/graphql/graphql-codegen.json")
        let configuration: CodegenConfiguration
        let schemaSources: [Source]
        let operationSources: [Source]
        do {
            configuration = try CodegenConfiguration.load(contentsOf: URL(fileURLWithPath: configurationPath))
            schemaSources = try SourceFiles.expand(configuration.schemaPaths, extensions: ["graphqls", "graphql"])
                .map { path throws(SourceLoadingError) in try SourceFiles.read(path) }
            operationSources = try SourceFiles.expand(configuration.operationPaths, extensions: ["graphql"])
                .map { path throws(SourceLoadingError) in try SourceFiles.read(path) }
        } catch {
            throw missing("cannot read LotteryAPI's GraphQL sources: \(error)")
        }

        return CodegenInputs(
            fixturesPath: fixtures, githubSchema: fixtureSources[0], largeQuery: fixtureSources[1],
            lotteryConfiguration: configuration, lotterySchema: schemaSources, lotteryOperations: operationSources,
            pythonPath: python, scriptPath: script)
    }

    /// The repository's root: two levels above this source file when it is there (a binary built on this
    /// machine), else the current folder.
    private static func repositoryPath(filePath: String = #filePath) -> String {
        let fromSource = ((filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: (fromSource as NSString).appendingPathComponent("Package.swift")) {
            return fromSource
        }
        return FileManager.default.currentDirectoryPath
    }

    /// A missing or unreadable input: exit status 2, as for a wrong command line.
    private static func missing(_ message: String) -> BenchmarkFailure {
        BenchmarkFailure(message, exitStatus: 2)
    }

    private static func nonEmpty(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }
}
