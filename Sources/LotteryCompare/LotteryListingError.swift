import GraphQLComparison
import GraphQLMigration

/// The games could not be listed through one of the APIs: nothing can be compared (an unreachable backend, a refused
/// token, not a backend of the contract).
struct LotteryListingError: Error, Sendable, CustomStringConvertible {
    /// The API that failed.
    var api: ComparisonAPI
    /// What happened, with what to do.
    var message: String

    /// `REST API: ...` or `GraphQL API: ...`.
    var description: String { "\(api.displayName) API: \(message)" }
}
