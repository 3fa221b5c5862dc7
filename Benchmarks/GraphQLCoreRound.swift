/// graphql_core_parse.py's answer to one `round` or `warmup` command.
struct GraphQLCoreRound: Decodable {
    /// Milliseconds by operation name (``CodegenOperation`` raw values).
    var ms: [String: Double]
}
