import Foundation
import GraphQLCodegen
import GraphQLParser
import GraphQLSchema
import GraphQLServer

/// `graphql-bridge serve --schema FILE`: a mock GraphQL server for an app's own schema, so that a screen can be
/// built before its backend exists.
public enum MockServerCommand {
    /// The command's help.
    public static let help = """
        USAGE: graphql-bridge serve --schema FILE... [--port N] [--seed N] [--list-size N]
                                    [--incremental-format current|apollo] [--incremental-delay DURATION]

        Serves a mock GraphQL endpoint for the schema on 127.0.0.1 until Ctrl-C: POST (and GET for queries) at
        /graphql, requests validated against the schema with graphql-core's messages, introspection (so
        'fetch-schema' and IDEs work), and answers drawn from a seed: the same query always gets the same answer,
        and an object reached by the same path and arguments has the same id. Values follow the types: IDs
        '<Type>-<n>', strings '<Type>.<field> <n>', Int 0-999, enums one of their values, an interface or union
        one of its types, lists --list-size items (or the field's 'first', 'last' or 'limit' argument, up to
        100); custom scalars by their name (Long an integer, *Date*/*Time* ISO 8601, UUID, *Url*/*Uri* an https
        URL, others a string). No value is null. Mutations answer the same way and change nothing;
        subscriptions are refused. A query with @defer or @stream (declared in the schema) sent with
        'Accept: multipart/mixed' is answered incrementally: its deferred fragments and streamed items in later
        parts, each --incremental-delay after the one before.

        OPTIONS:
          --schema FILE     The schema (SDL); repeat it for a schema split over several files, or give a folder.
          --port N          The port on 127.0.0.1 (default 4000; 0 picks a free one).
          --seed N          The seed the answers are drawn from (default 1): another seed, other values.
          --list-size N     How many items a list has (default 3).
          --incremental-format current|apollo
                            The incremental-delivery format when the request accepts both: the draft's current
                            one (pending, incremental, completed; the default) or Apollo's of 2022
                            (deferSpec=20220824).
          --incremental-delay DURATION
                            How long each increment waits after the one before (500ms, 2s; default none).

        EXIT STATUS:
          0  stopped by Ctrl-C or SIGTERM
          1  the schema has errors (printed as path:line:column)
          2  usage error, an unreadable schema, or a port that cannot be bound

        """

    /// The port `serve` listens on when `--port` is not given.
    public static let defaultPort: UInt16 = 4000

    /// Runs the command until `stop` returns (by default: until SIGINT or SIGTERM); returns the exit status.
    /// - Parameters:
    ///   - arguments: The options, without `serve`.
    ///   - output: Where the URL (standard output) and errors (standard error) go.
    ///   - started: Called with the endpoint's URL once the server listens (for tests).
    ///   - stop: Returns when the server should stop; `nil` waits for SIGINT or SIGTERM.
    public static func main(
        arguments: [String], output: CommandOutput = .process, started: (@Sendable (URL) -> Void)? = nil,
        stop: (@Sendable () async -> Void)? = nil
    ) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let schemaPaths: [String]
        var options = MockGraphQLServer.Options(port: defaultPort)
        do {
            var reader = ArgumentReader(arguments)
            schemaPaths = try reader.values("--schema")
            let port = try reader.value("--port")
            let seed = try reader.value("--seed")
            let listSize = try reader.value("--list-size")
            let format = try reader.value("--incremental-format")
            let delay = try reader.value("--incremental-delay")
            try reader.finish(command: "serve")
            switch format {
            case nil, "current": options.incrementalFormat = .current
            case "apollo": options.incrementalFormat = .apollo2022
            case .some(let other):
                throw UsageError("--incremental-format takes current or apollo, found '\(other)'")
            }
            if let delay { options.incrementalDelay = try CommandDuration.parse(delay, option: "--incremental-delay") }
            guard !schemaPaths.isEmpty else {
                throw UsageError(
                    "--schema FILE is required: the mock server serves your schema (the lottery example's backend "
                        + "is 'swift run lottery serve')")
            }
            if let port {
                guard let value = UInt16(port) else { throw UsageError("--port takes 0 to 65535, found '\(port)'") }
                options.port = value
            }
            if let seed {
                guard let value = UInt64(seed) else { throw UsageError("--seed takes a whole number, found '\(seed)'") }
                options.seed = value
            }
            if let listSize {
                guard let value = Int(listSize), (0...100).contains(value) else {
                    throw UsageError("--list-size takes 0 to 100, found '\(listSize)'")
                }
                options.listSize = value
            }
        } catch {
            output.standardError("error: \(error)\n\nRun 'graphql-bridge serve --help' for the options.\n")
            return 2
        }
        let schema: Schema
        do {
            let loaded = try LoadedSources.load(schema: schemaPaths, operations: [])
            let pipeline = CodegenPipeline(configuration: CodegenConfiguration())
            let parsed = pipeline.parse(loaded.schema)
            var diagnostics = loaded.diagnostics + parsed.diagnostics
            var built: Schema?
            if !diagnostics.contains(where: { $0.severity == .error }) {
                let result = pipeline.buildSchema(parsed.documents)
                diagnostics += result.diagnostics
                built = result.schema
            }
            guard let built, !diagnostics.contains(where: { $0.severity == .error }) else {
                output.standardOutput(DiagnosticFormatter.format(diagnostics))
                return 1
            }
            schema = built
        } catch {
            output.standardError("\(error)\n")
            return 2
        }
        let signals = stop == nil ? TerminationSignals() : nil
        let server: MockGraphQLServer
        do {
            server = try MockGraphQLServer.start(schema: schema, options: options)
        } catch {
            output.standardError(
                "error: cannot serve on 127.0.0.1:\(options.port): \(error). Another process may be using the port: "
                    + "pick another with --port N (--port 0 picks a free one).\n")
            return 2
        }
        output.standardOutput(
            """
            Mock GraphQL server for \(schemaPaths.joined(separator: ", ")) listening on 127.0.0.1:\(server.port).
              GraphQL:   \(server.graphQLURL.absoluteString)   (queries, mutations, introspection)
              Answers:   seed \(options.seed), lists of \(options.listSize)

            Point a client at it: GraphQLHTTPClient(endpoint: URL(string: "\(server.graphQLURL.absoluteString)")!)
            Ctrl-C stops it.

            """)
        started?(server.graphQLURL)
        await TerminationSignals.waitForStop(stop: stop, signals: signals, output: output)
        server.stop()
        output.standardOutput("Stopped.\n")
        return 0
    }
}
