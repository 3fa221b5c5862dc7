import Foundation
import GraphQLBridge
import GraphQLComparison

extension ComparisonFixtures {
    /// A transport that answers with the GraphQL response bodies recorded for an entity (or a list) by
    /// `compare --record`: each response of the compared read in turn, as `200` with
    /// `Content-Type: application/graphql-response+json`; a request beyond them fails with `APIError.unimplemented`,
    /// which says so. Runs the app's real client, decoding and adapter offline on what the backend sent.
    ///
    /// ```swift
    /// let fixtures = ComparisonFixtures(directory: recorded)
    /// let transport = try fixtures.graphQLTransport(model: "GameInfo", id: "6x45")
    /// let client = GraphQLClient(endpoint: URL(string: "https://replay.invalid/graphql")!, transport: transport)
    /// let game = try await client.gameInfo(gameId: "6x45")
    /// let rest = try LegacyAPIClient.decodeEnvelope(GameInfo.self, from: fixtures.body(.rest, model: "GameInfo", id: "6x45"))
    /// #expect(game == rest)
    /// ```
    /// - Throws: ``ComparisonFixtureError`` when no GraphQL body was recorded for it.
    public func graphQLTransport(model: String, id: String, list: Bool = false) throws(ComparisonFixtureError)
        -> MockTransport
    {
        var bodies = [try body(.graphql, model: model, id: id, list: list)]
        while let more = try? body(.graphql, model: model, id: id, list: list, response: bodies.count + 1) {
            bodies.append(more)
        }
        let count = bodies.count
        let transport = MockTransport { request, body in
            let operation = RecordedRequest(request: request, body: body, transportOperationName: "").operationName
            throw APIError.unimplemented(
                operation: operation ?? "GraphQL", request: "request \(count + 1) of \(model) \(id)",
                advice: "The recorded fixtures of \(model) \(id) hold \(count) GraphQL response(s), and the code "
                    + "under test sent one more request: record again, or check what the test asks for.")
        }
        for body in bodies { transport.enqueue(body: body) }
        return transport
    }
}
