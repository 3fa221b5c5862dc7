import GraphQLMigration

/// One of the two APIs a comparison reads through.
public enum ComparisonAPI: String, Sendable, Hashable, Codable, CaseIterable {
    /// The legacy REST API.
    case rest
    /// The GraphQL API.
    case graphql

    /// `REST` or `GraphQL`, for people.
    public var displayName: String {
        switch self {
        case .rest: return "REST"
        case .graphql: return "GraphQL"
        }
    }
}
