import Foundation
import GraphQLMigration

/// What a comparison runs against and what it covers.
public struct ComparisonConfiguration: Sendable {
    /// The REST base including `/api/v1` (`http://127.0.0.1:8080/api/v1`).
    public var restURL: URL
    /// The GraphQL endpoint (`http://127.0.0.1:8080/graphql`).
    public var graphQLURL: URL
    /// Sent as `Authorization: Bearer` to both APIs.
    public var token: String?
    /// The models to compare; all by default.
    public var models: Set<ComparedModel>
    /// How many games are compared at once.
    public var concurrency: Int
    /// How many of each game's newest draws are compared.
    public var drawsPerGame: Int
    /// The timeout of each request.
    public var timeout: Duration
    /// Known differences to ignore (e.g. `**.videoURL`).
    public var diffOptions: FieldDiffOptions
    /// Whether to check writes too (`--check-writes`): a favourite set through each API, read back through
    /// both, and restored. Off by default: it writes to the backend (and puts back what it found).
    public var checkWrites = false

    /// Creates a configuration.
    public init(
        restURL: URL, graphQLURL: URL, token: String? = nil, models: Set<ComparedModel> = Set(ComparedModel.allCases),
        concurrency: Int = 4, drawsPerGame: Int = 10, timeout: Duration = .seconds(30),
        diffOptions: FieldDiffOptions = .init()
    ) {
        self.restURL = restURL
        self.graphQLURL = graphQLURL
        self.token = token
        self.models = models
        self.concurrency = max(1, concurrency)
        self.drawsPerGame = drawsPerGame
        self.timeout = timeout
        self.diffOptions = diffOptions
    }
}

/// A comparison that could not run at all: a backend is unreachable or refuses the credentials.
public struct ComparisonError: Error, Sendable, CustomStringConvertible {
    /// The API that failed.
    public var api: ComparedAPI
    /// What happened and what to do.
    public var message: String

    /// Creates an error.
    public init(api: ComparedAPI, message: String) {
        self.api = api
        self.message = message
    }

    /// `REST API: ...` or `GraphQL API: ...`.
    public var description: String {
        "\(api == .rest ? "REST" : "GraphQL") API: \(message)"
    }
}
