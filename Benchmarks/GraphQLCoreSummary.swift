/// graphql_core_parse.py's last line: the median and fastest time of each operation over its timed rounds.
struct GraphQLCoreSummary: Decodable {
    /// Timed rounds (warm-up not counted).
    var runs: Int
    /// Median milliseconds by operation name (``CodegenOperation`` raw values).
    var medianMilliseconds: [String: Double]
    /// Fastest milliseconds by operation name.
    var minimumMilliseconds: [String: Double]

    enum CodingKeys: String, CodingKey {
        case runs
        case medianMilliseconds = "median_ms"
        case minimumMilliseconds = "min_ms"
    }
}
