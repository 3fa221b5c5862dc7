/// The two formats of an incrementally delivered result (`@defer`, `@stream`) over `multipart/mixed`.
package enum GraphQLIncrementalFormat: String, Sendable, CaseIterable {
    /// The incremental-delivery draft's current format (graphql-js 17, graphql-core 3.3, Apollo Router): the initial
    /// result announces `pending: [{id, path, label}]`; later payloads carry `incremental: [{id, data} | {id, items}]`
    /// and `completed: [{id, errors?}]`, and each says `hasNext`.
    case current
    /// Apollo's 2022 format (`deferSpec=20220824`, Apollo iOS and Kotlin): later payloads carry
    /// `incremental: [{data, path, label} | {items, path, label}]`, with the path of the object or of the first item.
    case apollo2022

    /// The format a request's `Accept` asks for: Apollo's with `deferSpec=20220824` alone, otherwise `preferred`.
    package static func negotiate(accept: String?, preferred: GraphQLIncrementalFormat) -> GraphQLIncrementalFormat? {
        guard let accept, accept.lowercased().contains("multipart/mixed") else { return nil }
        let lowered = accept.lowercased()
        let apollo = lowered.contains("deferspec=20220824")
        let current = lowered.contains("incrementalspec") || lowered.contains("incrementaldeliveryspec")
        if apollo && !current { return .apollo2022 }
        if current && !apollo { return .current }
        return preferred
    }

    /// The `Content-Type` of a response in this format.
    package var contentType: String {
        switch self {
        case .current: return "multipart/mixed; boundary=\"-\"; incrementalSpec=v0.2"
        case .apollo2022: return "multipart/mixed; boundary=\"-\"; deferSpec=20220824"
        }
    }
}
