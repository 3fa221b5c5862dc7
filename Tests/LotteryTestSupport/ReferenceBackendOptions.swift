import Foundation

/// How to start the Python reference backend (`Tests/ReferenceBackend/server.py`).
///
/// Each property maps to one command-line option of the server; see `Tests/ReferenceBackend/README.md`.
public struct ReferenceBackendOptions: Sendable, Equatable {
    /// When set, both APIs require `Authorization: Bearer <token>` and answer 401 without it (`--token`).
    public var token: String?
    /// Serialize GraphQL `Long` values as decimal strings instead of JSON numbers (`--long-as-string`).
    public var longAsString: Bool
    /// Make the two APIs disagree on the fixed, documented set of values (`--inject-differences`).
    public var injectDifferences: Bool
    /// GraphQL queries about this game id fail with field errors (`--fail-graphql-for`).
    public var failGraphQLForGame: String?
    /// Latency added to every request, in milliseconds (`--delay-ms`).
    public var delayMilliseconds: Int?
    /// Another data set file instead of `Sources/LotteryBackend/Resources/dataset.json` (`--dataset`).
    public var datasetURL: URL?
    /// Log every request to the server's standard error (`--verbose`).
    public var verbose: Bool
    /// How long to wait for the server's `LISTENING` line, in seconds.
    public var startTimeout: TimeInterval
    /// More command-line options, passed as they are after the others (e.g. `["--fail-mutations"]`,
    /// `["--cache-max-age", "30"]`, or a second `["--token", "other"]`).
    public var additionalArguments: [String] = []
    /// Accept Apollo's automatic persisted queries (`--apq`).
    public var automaticPersistedQueries = false
    /// Run only the documents of this Apollo persisted-query manifest (`--trusted-documents`).
    public var trustedDocumentsManifest: URL?

    /// Creates options; the defaults start a plain server without authentication, delay or injected faults.
    /// - Parameters:
    ///   - token: the bearer token both APIs require, or `nil` for none.
    ///   - longAsString: whether GraphQL `Long` values are serialized as strings.
    ///   - injectDifferences: whether the APIs deliberately disagree on a few values.
    ///   - failGraphQLForGame: a game id whose GraphQL queries fail, or `nil`.
    ///   - delayMilliseconds: latency per request, or `nil` for none.
    ///   - datasetURL: another data set file, or `nil` for the project's.
    ///   - verbose: whether the server logs requests to its standard error.
    ///   - startTimeout: seconds to wait for the server to listen (a hang detector: a busy machine can take many).
    public init(
        token: String? = nil,
        longAsString: Bool = false,
        injectDifferences: Bool = false,
        failGraphQLForGame: String? = nil,
        delayMilliseconds: Int? = nil,
        datasetURL: URL? = nil,
        verbose: Bool = false,
        startTimeout: TimeInterval = 300
    ) {
        self.token = token
        self.longAsString = longAsString
        self.injectDifferences = injectDifferences
        self.failGraphQLForGame = failGraphQLForGame
        self.delayMilliseconds = delayMilliseconds
        self.datasetURL = datasetURL
        self.verbose = verbose
        self.startTimeout = startTimeout
    }

    /// The server's command-line arguments for these options (after the script path).
    /// - Throws: `ReferenceBackendError.invalidOption` for a negative delay or an empty token or game id.
    func serverArguments() throws -> [String] {
        var arguments = ["--host", "127.0.0.1", "--port", "0", "--exit-on-stdin-eof"]
        if let token {
            guard !token.isEmpty else { throw ReferenceBackendError.invalidOption("token must not be empty") }
            arguments += ["--token", token]
        }
        if longAsString { arguments.append("--long-as-string") }
        if injectDifferences { arguments.append("--inject-differences") }
        if let failGraphQLForGame {
            guard !failGraphQLForGame.isEmpty else {
                throw ReferenceBackendError.invalidOption("failGraphQLForGame must not be empty")
            }
            arguments += ["--fail-graphql-for", failGraphQLForGame]
        }
        if let delayMilliseconds {
            guard delayMilliseconds >= 0 else {
                throw ReferenceBackendError.invalidOption(
                    "delayMilliseconds must not be negative: \(delayMilliseconds)")
            }
            arguments += ["--delay-ms", String(delayMilliseconds)]
        }
        if let datasetURL { arguments += ["--dataset", datasetURL.path] }
        if verbose { arguments.append("--verbose") }
        if automaticPersistedQueries { arguments.append("--apq") }
        if let trustedDocumentsManifest { arguments += ["--trusted-documents", trustedDocumentsManifest.path] }
        return arguments + additionalArguments
    }
}
