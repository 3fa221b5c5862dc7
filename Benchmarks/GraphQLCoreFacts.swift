/// What graphql_core_parse.py reports before timing (its first line): versions and graphql-core's results, which
/// the Swift side must match.
struct GraphQLCoreFacts: Decodable {
    /// graphql-core's version (3.3.2 is the one GraphQLParser and GraphQLCodegen follow).
    var graphqlCore: String
    /// The Python version.
    var python: String
    /// Top-level definitions of each parsed fixture, by `github_schema` / `large_query`.
    var definitions: [String: Int]
    /// `validate_schema`'s messages for GitHub's schema (none expected).
    var schemaErrors: [String]
    /// `validate`'s messages for large_query.graphql against GitHub's schema, without an error limit, in order.
    var validationErrors: [String]

    enum CodingKeys: String, CodingKey {
        case graphqlCore = "graphql_core"
        case python
        case definitions
        case schemaErrors = "schema_errors"
        case validationErrors = "validation_errors"
    }
}
