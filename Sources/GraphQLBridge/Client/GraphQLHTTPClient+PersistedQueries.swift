import Foundation

extension GraphQLHTTPClient {
    /// Sends the plan's first request; with automatic persisted queries, sends the request with the document once
    /// when the server answers that it does not know the id.
    /// - Throws: ``APIError/persistedQueryNotRegistered(operation:operationIdentifier:serverMessage:)`` when the
    ///   server does not know a registered-only id, or accepts only the documents of its list and this one is not
    ///   in it; otherwise what the transport throws.
    func send(_ plan: GraphQLRequestPlan, operationName: String) async throws -> (HTTPResponse, Data) {
        let answer = try await send(plan.first.request, body: plan.first.body, operationName: operationName)
        guard plan.mode != .disabled, let refusal = PersistedQueryRefusal(body: answer.1) else { return answer }
        func notRegistered(_ refusal: PersistedQueryRefusal) -> APIError {
            .persistedQueryNotRegistered(
                operation: operationName, operationIdentifier: plan.operationIdentifier, serverMessage: refusal.message)
        }
        switch refusal {
        case .notInList:
            throw notRegistered(refusal)
        case .notFound, .notSupported:
            guard let withDocument = plan.withDocument else {
                if case .notSupported = refusal { return answer }
                throw notRegistered(refusal)
            }
            let second = try await send(withDocument.request, body: withDocument.body, operationName: operationName)
            if let again = PersistedQueryRefusal(body: second.1), case .notInList = again { throw notRegistered(again) }
            return second
        }
    }
}
