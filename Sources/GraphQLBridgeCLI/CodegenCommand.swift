import Foundation
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema

/// `graphql-bridge codegen`: generates Swift types for GraphQL operations.
public enum CodegenCommand {
    /// The command's help.
    public static let help = """
        USAGE: graphql-bridge codegen --schema FILE --operations PATH... --output DIR [--config FILE]
                                      [--scalar NAME=SWIFTTYPE]... [--access public|internal] [--manifest FILE]
                                      [--client-directive NAME]... [--watch]

        Generates Swift types for GraphQL operations and fragments: one file per operation, fragment, enum and input
        object, in DIR (Operations/, Fragments/, Schema/). Files whose contents did not change are not rewritten;
        files an earlier run generated that are no longer generated are removed. Problems are printed to standard
        error as 'path:line:column: error: message'.

        OPTIONS:
          --schema FILE             The schema (SDL); repeatable.
          --operations PATH         Operation files, or folders (every *.graphql inside, sorted); several may follow.
          --output DIR              Where to write the Swift files.
          --config FILE             A graphql-codegen.json (CONFIGURATION below); options given here take precedence.
          --scalar NAME=SWIFTTYPE   The Swift type of a custom scalar, e.g. --scalar Long=Int64 --scalar DateTime=Date;
                                    repeatable. An unmapped custom scalar becomes JSONValue, with a warning.
          --access LEVEL            public (default) or internal.
          --manifest FILE           Also write an Apollo persisted-query manifest of the operations (id, body, name,
                                    type) to FILE, for the server's team (or "persistedQueries": {"manifest": FILE}
                                    in the configuration).
          --client-directive NAME   A client-only directive of the app (e.g. apollo_client_ios_localCacheMutation):
                                    accepted in the operations, removed from the documents sent; repeatable.
          --watch                   Regenerate whenever an input changes (checked every 0.5 s); Ctrl-C stops.

        \(CodegenConfigurationHelp.text)
        EXIT STATUS:
          0  generated (warnings may be printed)
          1  an error in the schema or the operations; nothing was written
          2  usage error, unreadable configuration or path, or a file that cannot be written

        """

    /// Runs the command; returns the exit status.
    public static func main(arguments: [String], output: CommandOutput = .process) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let options: Options
        do {
            options = try parse(arguments)
        } catch let error as UsageError {
            output.standardError("error: \(error)\n\nRun 'graphql-bridge codegen --help' for the options.\n")
            return 2
        } catch {
            output.standardError("\(error)\n")
            return 2
        }
        let status = generate(options, output: output)
        guard options.watch else { return status }
        await watch(options, output: output)
        return 0
    }

    /// The resolved options: a configuration with command-line overrides applied.
    struct Options {
        var configuration: CodegenConfiguration
        var configPath: String?
        var output: String
        var watch: Bool
    }

    static func parse(_ arguments: [String]) throws -> Options {
        var reader = ArgumentReader(arguments)
        let shared = try SharedOptions(reading: &reader)
        let output = try reader.value("--output")
        let access = try reader.value("--access")
        let manifest = try reader.value("--manifest")
        let watch = reader.flag("--watch")
        try reader.finish(command: "codegen")

        var configuration = try shared.configuration()
        if let access {
            guard let level = AccessLevel(rawValue: access) else {
                throw UsageError("--access takes public or internal, found '\(access)'")
            }
            configuration.accessLevel = level
        }
        if let manifest {
            guard !manifest.isEmpty else { throw UsageError("--manifest takes the path of the manifest file to write") }
            configuration.manifestPath = manifest
        }
        guard let outputPath = output ?? configuration.outputPath else {
            throw UsageError("--output DIR is required (or a --config file with \"output\")")
        }
        return Options(
            configuration: configuration, configPath: shared.configPath, output: outputPath, watch: watch)
    }

    /// The options `codegen` and `validate` share: the configuration file, the schema, the operations, scalar
    /// mappings and client directives.
    struct SharedOptions {
        var configPath: String?
        var schema: [String]
        var operations: [String]
        var scalars: [String]
        var clientDirectives: [String]

        /// Removes the shared options from `reader`.
        init(reading reader: inout ArgumentReader) throws(UsageError) {
            schema = try reader.multipleValues("--schema")
            operations = try reader.multipleValues("--operations")
            configPath = try reader.value("--config")
            scalars = try reader.values("--scalar")
            clientDirectives = try reader.values("--client-directive")
        }

        /// The configuration file (when given) with the command line's options applied over it.
        /// - Throws: ``UsageError`` for a malformed option or a missing schema or operations; the configuration
        ///   file's own error (`ConfigurationError`) when it cannot be read.
        func configuration() throws -> CodegenConfiguration {
            var configuration = CodegenConfiguration()
            if let configPath {
                configuration = try CodegenConfiguration.load(contentsOf: URL(fileURLWithPath: configPath))
            }
            if !schema.isEmpty { configuration.schemaPaths = schema }
            if !operations.isEmpty { configuration.operationPaths = operations }
            for entry in scalars {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty, CodegenConfiguration.isSwiftTypeName(parts[1]) else {
                    throw UsageError("--scalar takes NAME=SWIFTTYPE (for example Long=Int64), found '\(entry)'")
                }
                configuration.scalars[parts[0]] = ScalarMapping(swiftType: parts[1])
            }
            configuration.clientDirectives += try ValidateCommand.directiveNames(clientDirectives)
            guard !configuration.schemaPaths.isEmpty else {
                throw UsageError("--schema FILE is required (or a --config file with \"schema\")")
            }
            guard !configuration.operationPaths.isEmpty else {
                throw UsageError("--operations PATH is required (or a --config file with \"operations\")")
            }
            return configuration
        }
    }

    /// One generation; returns the exit status.
    static func generate(_ options: Options, output: CommandOutput) -> Int32 {
        let result: CodegenResult
        do {
            result = try CodegenPipeline(configuration: options.configuration).run()
        } catch {
            output.standardError("\(error)\n")
            return 2
        }
        output.standardError(DiagnosticFormatter.format(result.diagnostics))
        if result.hasErrors {
            output.standardError("error: nothing was generated; fix the errors above.\n")
            return 1
        }
        do {
            let summary = try GeneratedFileWriter(directory: URL(fileURLWithPath: options.output)).write(result.files)
            output.standardOutput(
                "Generated \(counted(result.files.count, "file")) in \(options.output): \(summary.written.count) "
                    + "written, \(summary.unchanged.count) unchanged, \(summary.removed.count) removed.\n")
        } catch {
            output.standardError("error: cannot write into \(options.output): \(error.localizedDescription)\n")
            return 2
        }
        guard let manifestPath = options.configuration.manifestPath, let plan = result.plan else { return 0 }
        let manifest = PersistedQueryManifest(plan: plan)
        do {
            let written = try manifest.write(to: URL(fileURLWithPath: manifestPath))
            output.standardOutput(
                "Persisted-query manifest of \(counted(manifest.operations.count, "operation")): \(manifestPath) "
                    + "(\(written ? "written" : "unchanged")).\n")
            return 0
        } catch {
            output.standardError(
                "error: cannot write the persisted-query manifest \(manifestPath): \(error.localizedDescription)\n")
            return 2
        }
    }

    /// `1 file`, `2 files`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// Regenerates whenever the modification date or the set of input files changes, until the task is cancelled
    /// (or the process interrupted).
    static func watch(_ options: Options, output: CommandOutput, interval: Duration = .milliseconds(500)) async {
        // The inputs as they are before the message: a change made once it is shown is always seen.
        var last = inputSnapshot(options)
        output.standardError("Watching for changes (Ctrl-C stops).\n")
        while !Task.isCancelled {
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
            let current = inputSnapshot(options)
            if current != last {
                last = current
                _ = generate(options, output: output)
            }
        }
    }

    /// The input files (configuration, schema, operations; folders expanded) with their modification dates.
    static func inputSnapshot(_ options: Options) -> [String: Date] {
        var paths = options.configuration.schemaPaths
        paths += (try? SourceFiles.expand(options.configuration.operationPaths, extensions: ["graphql"])) ?? []
        if let configPath = options.configPath { paths.append(configPath) }
        var snapshot: [String: Date] = [:]
        for path in paths {
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            snapshot[path] = (attributes?[.modificationDate] as? Date) ?? .distantPast
        }
        return snapshot
    }
}
