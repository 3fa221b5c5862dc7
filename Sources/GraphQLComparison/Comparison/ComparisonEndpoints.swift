import Foundation
import GraphQLMigration

/// The two backends a comparison runs against, as a compare tool's command line gives them: `--rest-url`,
/// `--graphql-url` and `--token` (or the `GRAPHQL_BRIDGE_TOKEN` environment variable). An app's tool makes its plan's
/// clients from them (``ComparisonCommand/main(arguments:output:header:makePlan:)``).
public struct ComparisonEndpoints: Sendable, Equatable {
    /// The REST API's base URL (`https://staging.example/api/v1`).
    public var restURL: URL
    /// The GraphQL endpoint (`https://staging.example/graphql`).
    public var graphQLURL: URL
    /// The bearer token both APIs are sent, if any.
    public var token: String?

    /// Creates the endpoints.
    public init(restURL: URL, graphQLURL: URL, token: String? = nil) {
        self.restURL = restURL
        self.graphQLURL = graphQLURL
        self.token = token
    }

    /// The help lines of the three options.
    public static let help = """
          --rest-url URL       The REST API's base URL (required).
          --graphql-url URL    The GraphQL endpoint (required).
          --token TOKEN        A bearer token for both APIs (default: $GRAPHQL_BRIDGE_TOKEN).
        """

    /// Takes `--rest-url`, `--graphql-url` and `--token` (`--name value` or `--name=value`) out of `arguments`.
    /// - Returns: the endpoints and the other arguments, in order.
    /// - Throws: ``ComparisonUsageError`` naming the option: a URL missing, given twice without a value, or not
    ///   http(s).
    public static func parse(
        _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ComparisonUsageError) -> (endpoints: ComparisonEndpoints, remaining: [String]) {
        var remaining: [String] = []
        var values: [String: String] = [:]
        var index = 0
        let names = ["--rest-url", "--graphql-url", "--token"]
        while index < arguments.count {
            let argument = arguments[index]
            if names.contains(argument) {
                guard index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") else {
                    throw ComparisonUsageError("\(argument) needs a value")
                }
                values[argument] = arguments[index + 1]
                index += 2
                continue
            }
            if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                values[name] = String(argument.dropFirst(name.count + 1))
            } else {
                remaining.append(argument)
            }
            index += 1
        }
        guard let rest = values["--rest-url"], let graphQL = values["--graphql-url"] else {
            throw ComparisonUsageError(
                "give --rest-url and --graphql-url: the two APIs to compare (staging's, or a local backend's)")
        }
        let endpoints = ComparisonEndpoints(
            restURL: try url(rest, option: "--rest-url"), graphQLURL: try url(graphQL, option: "--graphql-url"),
            token: values["--token"] ?? environment["GRAPHQL_BRIDGE_TOKEN"])
        return (endpoints, remaining)
    }

    /// `text` as the URL of an API given by `option`: an http or https URL with a host.
    /// - Throws: ``ComparisonUsageError`` naming the option and the text.
    public static func url(_ text: String, option: String) throws(ComparisonUsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            url.host != nil
        else {
            throw ComparisonUsageError("\(option) must be an http or https URL, not '\(text)'")
        }
        return url
    }
}
