import Foundation
import GraphQLCodegen
import GraphQLParser

/// `graphql-bridge validate`: checks operations against a schema, as the code generator would, without generating.
public enum ValidateCommand {
    /// The command's help.
    public static let help = """
        USAGE: graphql-bridge validate --schema FILE --operations PATH... [--config FILE] [--scalar NAME=SWIFTTYPE]...
                                       [--client-directive NAME]...

        Parses the schema and the operations and validates the operations against the schema (the GraphQL spec's
        validation rules, with graphql-core's messages), then checks what the code generator itself requires (a
        name for every operation, names that do not clash with the generated code): a document this command
        accepts is one 'codegen' generates. Each problem is printed to standard output as
        'path:line:column: error: message'; a file that is not valid GraphQL is reported the same way. A fragment
        that no operation uses is a warning (graphql-core's 'Fragment 'X' is never used.'), not an error: a server
        would reject the document as it is, but the code generator generates the fragment on its own. So is a
        custom scalar without a mapping (it would become JSONValue).

        OPTIONS:
          --schema FILE        The schema (SDL); repeat it for a schema split over several files.
          --operations PATH    Operation files, or folders (every *.graphql inside, sorted); several may follow.
          --config FILE        A graphql-codegen.json (CONFIGURATION below), the one codegen and the build plugin
                               read; options given here take precedence.
          --scalar NAME=SWIFTTYPE
                               The Swift type of a custom scalar, as codegen takes it; repeatable.
          --client-directive NAME
                               A client-only directive of the app (as "clientDirectives" in graphql-codegen.json):
                               accepted where a directive may stand unless a schema file declares it; repeatable.

        \(CodegenConfigurationHelp.text)
        EXIT STATUS:
          0  no errors (warnings may be printed)
          1  at least one error
          2  usage error, an unreadable configuration, or a path that does not exist

        """

    /// Runs the command; returns the exit status.
    public static func main(arguments: [String], output: CommandOutput = .process) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let configuration: CodegenConfiguration
        do {
            var reader = ArgumentReader(arguments)
            let shared = try CodegenCommand.SharedOptions(reading: &reader)
            try reader.finish(command: "validate")
            configuration = try shared.configuration()
        } catch let error as UsageError {
            output.standardError("error: \(error)\n\nRun 'graphql-bridge validate --help' for the options.\n")
            return 2
        } catch {
            // The configuration file's own error, `path: error: message`.
            output.standardError("\(error)\n")
            return 2
        }
        let loaded: LoadedSources
        do {
            loaded = try LoadedSources.load(
                schema: configuration.schemaPaths, operations: configuration.operationPaths)
        } catch {
            // `path: error: message`, as a compiler prints it.
            output.standardError("\(error)\n")
            return 2
        }
        let diagnostics = validate(loaded, configuration: configuration)
        output.standardOutput(DiagnosticFormatter.format(diagnostics))
        if diagnostics.contains(where: { $0.severity == .error }) { return 1 }
        output.standardOutput(summary(loaded, configuration: configuration, warnings: diagnostics.count))
        return 0
    }

    /// The line that says a run found no error: what was checked, against what.
    static func summary(_ loaded: LoadedSources, configuration: CodegenConfiguration, warnings: Int) -> String {
        let documents = CodegenPipeline(configuration: configuration).parse(loaded.operations).documents
        var operations = 0
        var fragments = 0
        for definition in documents.flatMap(\.definitions) {
            switch definition {
            case .operation: operations += 1
            case .fragment: fragments += 1
            default: break
            }
        }
        func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
        let schemaFiles = loaded.schema.count
        return "valid: \(counted(operations, "operation")) and \(counted(fragments, "fragment")) in "
            + "\(counted(loaded.operations.count, "file")), against the schema of \(counted(schemaFiles, "file"))"
            + (warnings == 0 ? "" : " (\(counted(warnings, "warning")) above)") + "\n"
    }

    /// Parses, builds the schema and validates; every problem of every stage that can run.
    static func validate(_ loaded: LoadedSources, configuration: CodegenConfiguration = CodegenConfiguration())
        -> [Diagnostic]
    {
        let pipeline = CodegenPipeline(configuration: configuration)
        let schema = pipeline.parse(loaded.schema)
        let operations = pipeline.parse(loaded.operations)
        var diagnostics = loaded.diagnostics + schema.diagnostics
        guard schema.diagnostics.allSatisfy({ $0.severity != .error }) else {
            return diagnostics + operations.diagnostics
        }
        let built = pipeline.buildSchema(schema.documents)
        diagnostics += built.diagnostics + operations.diagnostics
        if let builtSchema = built.schema {
            let validation = pipeline.validate(operations.documents, schema: builtSchema, warnOfUnusedFragments: true)
            diagnostics += validation
            // What the generator itself requires (a name for every operation, names that do not clash with the
            // generated code's): so that a document `validate` accepts is one `codegen` generates.
            if !diagnostics.contains(where: { $0.severity == .error }) {
                diagnostics += pipeline.plan(operations.documents, schema: builtSchema).diagnostics
            }
        }
        return diagnostics
    }

    /// Directive names given on the command line (a leading `@` is dropped).
    static func directiveNames(_ values: [String]) throws(UsageError) -> [String] {
        try values.map { value throws(UsageError) in
            let name = value.hasPrefix("@") ? String(value.dropFirst()) : value
            guard CodegenConfiguration.isGraphQLName(name)
            else { throw UsageError("--client-directive takes a directive name, found '\(value)'") }
            return name
        }
    }
}
