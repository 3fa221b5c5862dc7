import Foundation

extension GraphQLHTTPClient {
    /// Sends the plan's first request; with automatic persisted queries, sends the request with the document once
    /// when the server answers that it does not know the id (`PersistedQueryNotFound`, per request), and the
    /// document alone when it answers that it takes no persisted queries (`PersistedQueryNotSupported`, then
    /// remembered: later calls of this client send the document directly).
    /// - Throws: ``APIError/persistedQueryNotRegistered(operation:operationIdentifier:serverMessage:)`` when the
    ///   server does not know a registered-only id, or accepts only the documents of its list and this one is not
    ///   in it; otherwise what the transport throws.
    func send(_ plan: GraphQLRequestPlan, operationName: String) async throws -> (HTTPResponse, Data) {
        try await send(plan, operationName: operationName) { request, body, name in
            try await self.send(request, body: body, operationName: name)
        }
    }

    /// ``send(_:operationName:)`` with `send` in place of sending one request through the middlewares and the
    /// transport (an incrementally delivered query's requests, whose body is read as it arrives).
    func send(
        _ plan: GraphQLRequestPlan, operationName: String,
        via send: (HTTPRequest, Data, String) async throws -> (HTTPResponse, Data)
    ) async throws -> (HTTPResponse, Data) {
        // The server said it takes no persisted queries: the document directly, no hash-only round trip.
        if let plain = plan.documentOnly, persistedQuerySupport.isRefused {
            return try await send(plain.request, plain.body, operationName)
        }
        let answer = try await send(plan.first.request, plan.first.body, operationName)
        guard plan.mode != .disabled, let refusal = PersistedQueryRefusal(body: answer.1) else { return answer }
        func notRegistered(_ refusal: PersistedQueryRefusal) -> APIError {
            .persistedQueryNotRegistered(
                operation: operationName, operationIdentifier: plan.operationIdentifier, serverMessage: refusal.message)
        }
        switch refusal {
        case .notInList:
            throw notRegistered(refusal)
        case .notSupported where plan.documentOnly != nil:
            // Remembered for the client; the document without the extension (a server without persisted queries
            // may refuse any request that carries one).
            persistedQuerySupport.recordRefusal()
            guard let plain = plan.documentOnly else { return answer }
            return try await send(plain.request, plain.body, operationName)
        case .notFound, .notSupported:
            guard let withDocument = plan.withDocument else {
                if case .notSupported = refusal { return answer }
                throw notRegistered(refusal)
            }
            let second = try await send(withDocument.request, withDocument.body, operationName)
            if let again = PersistedQueryRefusal(body: second.1), case .notInList = again { throw notRegistered(again) }
            return second
        }
    }
}
