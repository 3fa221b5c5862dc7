/// The two media types of a GraphQL-over-HTTP response, and the choice between them from `Accept`.
package enum GraphQLMediaType: String, Sendable {
    /// `application/graphql-response+json`: request errors are 4xx.
    case graphQLResponseJSON = "application/graphql-response+json"
    /// `application/json`: request errors are 200.
    case json = "application/json"

    /// Picks the response media type as the reference backend does: `application/graphql-response+json` when
    /// the client accepts it with a weight at least that of `application/json` (earlier entries win ties;
    /// `application/*` and `*/*` count for `application/json` slightly less), `application/json` otherwise and
    /// when there is no `Accept`.
    package static func negotiate(accept: String?) -> GraphQLMediaType {
        guard let accept, !accept.isEmpty else { return .json }
        var weights: [String: Double] = [:]
        for (position, part) in accept.split(separator: ",", omittingEmptySubsequences: false).enumerated() {
            let pieces = part.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingOWS() }
            let mediaType = (pieces.first ?? "").lowercased()
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let nameAndValue = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard nameAndValue.first.map({ $0.trimmingOWS().lowercased() }) == "q" else { continue }
                let valueText = nameAndValue.count > 1 ? nameAndValue[1].trimmingOWS() : ""
                quality = Double(valueText) ?? 0
            }
            let weight = quality - Double(position) * 1e-6
            weights[mediaType] = max(weights[mediaType] ?? -1, weight)
        }
        let graphQLResponse = weights[GraphQLMediaType.graphQLResponseJSON.rawValue] ?? -1
        let plain = max(
            weights[GraphQLMediaType.json.rawValue] ?? -1, (weights["application/*"] ?? -1) - 1e-3,
            (weights["*/*"] ?? -1) - 2e-3)
        return graphQLResponse > 0 && graphQLResponse >= plain ? .graphQLResponseJSON : .json
    }
}
