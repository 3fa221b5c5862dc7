import Foundation
import GraphQLBridgeCLI
import GraphQLBridgeSupport
import LotteryBackend

/// `lottery serve`: the embedded backend (the lottery example's REST and GraphQL APIs, subscriptions, the
/// bundled data set) on 127.0.0.1, for a local development loop, until Ctrl-C.
public enum ServeCommand {
    /// The port `serve` listens on when `--port` is not given (the port `useLocalBackend(host:port:)` assumes).
    public static let defaultPort: UInt16 = 8080

    /// The command's help.
    public static let help = """
        USAGE: lottery serve [--port N] [--token TOKEN] [--draw-interval DURATION] [--apq]
                                    [--trusted-documents MANIFEST] [--cache-max-age SECONDS]
                                    [--incremental current|apollo [--incremental-delay DURATION]]

        Runs the embedded backend on 127.0.0.1 for a local development loop: the lottery example's REST API
        (/api/v1) and GraphQL API (/graphql: queries, mutations, and subscriptions over Server-Sent Events,
        multipart HTTP and graphql-transport-ws WebSockets), with the bundled data set. It prints its URLs and how
        to point a client at it, and serves until Ctrl-C (SIGINT) or SIGTERM.

        OPTIONS:
          --port N                  The port on 127.0.0.1 (default 8080; 0 picks a free one).
          --token TOKEN             Require 'Authorization: Bearer TOKEN' on both APIs (default: no token).
          --draw-interval DURATION  Advance every active game's draws on this schedule (500ms, 30s, 2m, 1h), each
                                    change published to drawUpdated subscribers; default: the draws do not change.
          --apq                     Speak Apollo's automatic persisted queries (an id alone runs a stored document).
          --trusted-documents MANIFEST
                                    Run only the operations of this persisted-query manifest (graphql-bridge codegen
                                    --manifest), by id or in full; any other document is refused.
          --cache-max-age SECONDS   Send 'Cache-Control: max-age=SECONDS' with every query's answer.
          --incremental current|apollo
                                    Declare @defer and @stream and answer a query that uses them, sent with
                                    'Accept: multipart/mixed', incrementally: in the draft's current format, or
                                    Apollo's of 2022 (a request asking for deferSpec=20220824 alone gets Apollo's).
          --incremental-delay DURATION
                                    How long each increment waits after the one before (500ms, 2s).

        EXIT STATUS:
          0  stopped by Ctrl-C or SIGTERM
          2  usage error, an unreadable manifest, or a port that cannot be bound

        """

    /// Runs the command until `stop` returns (by default: until the process receives SIGINT or SIGTERM); returns
    /// the exit status.
    /// - Parameters:
    ///   - arguments: the options, without `serve`.
    ///   - output: where the URLs (standard output) and errors (standard error) go.
    ///   - stop: returns when the server should stop; `nil` waits for SIGINT or SIGTERM.
    public static func main(
        arguments: [String], output: CommandOutput = .process, stop: (@Sendable () async -> Void)? = nil
    ) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            output.standardOutput(help)
            return 0
        }
        let options: EmbeddedBackendOptions
        do {
            options = try parse(arguments)
        } catch let error as UsageError {
            output.standardError("error: \(error)\n\nRun 'lottery serve --help' for the options.\n")
            return 2
        } catch {
            output.standardError("error: \(error)\n")
            return 2
        }
        // The signal handlers go in before the server starts, so that a Ctrl-C at any moment stops it cleanly.
        let signals = stop == nil ? TerminationSignals() : nil
        let server: EmbeddedLotteryServer
        do {
            server = try EmbeddedLotteryServer.start(options: options)
        } catch {
            output.standardError(
                "error: cannot start the embedded backend on 127.0.0.1:\(options.port): \(error). Another process "
                    + "may be using the port: pick another with --port N (--port 0 picks a free one).\n")
            return 2
        }
        output.standardOutput(banner(server))
        await TerminationSignals.waitForStop(stop: stop, signals: signals, output: output)
        server.stop()
        output.standardOutput("Stopped.\n")
        return 0
    }

    /// What `serve` prints once it listens: the three URLs, the options in force, and how to use them.
    static func banner(_ server: EmbeddedLotteryServer) -> String {
        let options = server.options
        let port = server.port
        var lines = [
            "Embedded backend (the lottery example's data set) listening on 127.0.0.1:\(port).",
            "  REST:      \(server.restURL.absoluteString)",
            "  GraphQL:   \(server.graphQLURL.absoluteString)   (queries, mutations; subscriptions over SSE "
                + "and multipart HTTP)",
            "  WebSocket: \(server.webSocketURL.absoluteString)   (subscriptions, graphql-transport-ws)",
        ]
        lines.append(
            options.token.map { "  Token:     required: 'Authorization: Bearer \($0)'" }
                ?? "  Token:     none required")
        if let interval = options.drawInterval {
            lines.append("  Draws:     every active game's draws advance every \(CommandDuration.describe(interval))")
        }
        switch options.persistedQueries {
        case .disabled: break
        case .automatic: lines.append("  Persisted queries: automatic (APQ)")
        case .trustedDocuments(let documents):
            lines.append("  Persisted queries: trusted documents only (\(documents.count) in the manifest)")
        }
        if let maxAge = options.cacheMaxAge {
            lines.append("  Cache-Control: max-age=\(maxAge) on every query's answer")
        }
        if let incremental = options.incrementalDelivery {
            lines.append(
                "  @defer/@stream: answered incrementally (\(incremental.format.rawValue) format"
                    + (incremental.delay == .zero ? ")" : ", \(CommandDuration.describe(incremental.delay)) apart)"))
        }
        lines += [
            "",
            "Point a client at it:",
            "  the lottery app's client:  client.useLocalBackend(host: \"127.0.0.1\", port: \(port))",
            "  the runtime alone:         GraphQLHTTPClient(endpoint: URL(string: "
                + "\"\(server.graphQLURL.absoluteString)\")!)",
            "                             (or client.withEndpoint(...) on an existing client)",
            "  compare:                   lottery compare --rest-url \(server.restURL.absoluteString) "
                + "--graphql-url \(server.graphQLURL.absoluteString)"
                + (options.token.map { " --token \($0)" } ?? ""),
            "",
            "Ctrl-C stops it.",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The options as the embedded backend takes them.
    static func parse(_ arguments: [String]) throws -> EmbeddedBackendOptions {
        var reader = ArgumentReader(arguments)
        let port = try reader.value("--port")
        let token = try reader.value("--token")
        let drawInterval = try reader.value("--draw-interval")
        let automatic = reader.flag("--apq")
        let manifest = try reader.value("--trusted-documents")
        let maxAge = try reader.value("--cache-max-age")
        let incremental = try reader.value("--incremental")
        let incrementalDelay = try reader.value("--incremental-delay")
        try reader.finish(command: "serve")

        var options = EmbeddedBackendOptions(port: defaultPort)
        if let port {
            guard let number = UInt16(port) else {
                throw UsageError("--port takes a port number from 0 to 65535, found '\(port)'")
            }
            options.port = number
        }
        if let token {
            guard !token.isEmpty else { throw UsageError("--token takes a non-empty token") }
            options.token = token
        }
        if let drawInterval {
            options.drawInterval = try CommandDuration.parse(drawInterval, option: "--draw-interval")
        }
        if let maxAge {
            guard let seconds = Int(maxAge), seconds >= 0 else {
                throw UsageError("--cache-max-age takes a whole number of seconds, found '\(maxAge)'")
            }
            options.cacheMaxAge = seconds
        }
        switch incremental {
        case nil:
            if incrementalDelay != nil {
                throw UsageError("--incremental-delay goes with --incremental current|apollo")
            }
        case "current", "apollo":
            options.incrementalDelivery = IncrementalDeliveryOption(
                format: incremental == "apollo" ? .apollo2022 : .current,
                delay: try incrementalDelay.map { text throws(UsageError) in
                    try CommandDuration.parse(text, option: "--incremental-delay")
                } ?? .zero)
        case .some(let other):
            throw UsageError("--incremental takes current or apollo, found '\(other)'")
        }
        switch (automatic, manifest) {
        case (true, .some):
            throw UsageError("give --apq or --trusted-documents, not both")
        case (true, nil):
            options.persistedQueries = .automatic
        case (false, .some(let path)):
            let data: Data
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw UsageError("--trusted-documents: cannot read \(path): \(error.localizedDescription)")
            }
            do {
                options.persistedQueries = try .trustedDocuments(manifest: data)
            } catch {
                throw UsageError("--trusted-documents \(path): \(error)")
            }
        case (false, nil):
            break
        }
        return options
    }
}
