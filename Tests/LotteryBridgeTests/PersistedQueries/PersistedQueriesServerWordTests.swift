import Foundation
import GraphQLBridge
import LotteryAPI
import LotteryTestSupport
import RuntimeTestSupport
import Testing

/// Issue 29 rows 8-10 against the Python reference backend (graphql-core, not ours): `PersistedQueryNotSupported`
/// remembered per client, registered-only subscriptions sent by id over Server-Sent Events, and the GraphQL errors
/// of a refused subscription given to the caller.
@Suite("Persisted queries and refused subscriptions against the reference backend", .serialized)
struct PersistedQueriesServerWordTests {
    @Test("row 9: a server without persisted queries is asked by id once per client, then gets documents directly")
    func notSupportedRemembered() async throws {
        let backend = try await ReferenceBackend.start(ReferenceBackendOptions())
        defer { backend.stop() }
        let recorder = WireRecorder()
        let client = GraphQLHTTPClient(
            endpoint: backend.graphQLURL, middlewares: [recorder], persistedQueries: .automatic())
        for _ in 0..<3 {
            #expect(try await client.execute(GameQuery(id: "6x45")).data?.game?.id == "6x45")
        }
        #expect(recorder.shapes == ["POST id", "POST document", "POST document", "POST document"])
    }

    @Test("rows 8 and 10: a registered-only subscription is sent by id; the server's refusal reaches the caller")
    func registeredOnlySubscriptionRefused() async throws {
        var options = ReferenceBackendOptions()
        options.automaticPersistedQueries = true  // knows no id yet: PersistedQueryNotFound, 200 application/json
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        let recorder = WireRecorder()
        let client = GraphQLHTTPClient(
            endpoint: backend.graphQLURL, middlewares: [recorder], persistedQueries: .registeredOnly,
            subscriptions: .serverSentEvents(options: SubscriptionTransportCase.quickOptions))
        var thrown: APIError?
        do throws(APIError) {
            for try await _ in client.subscribe(DrawUpdatedSubscription(gameId: "6x45")) {}
        } catch {
            thrown = error
        }
        #expect(recorder.shapes == ["POST id"], "the id alone, once: a refusal with GraphQL errors is not retried")
        #expect(recorder.requests.first?.hash == DrawUpdatedSubscription.operationIdentifier)
        guard case .graphQL(let operation, _, let errors)? = thrown else {
            Issue.record("expected the server's GraphQL errors, got \(String(describing: thrown))")
            return
        }
        #expect(operation == "DrawUpdated")
        #expect(errors.first?.message == "PersistedQueryNotFound")
        #expect(errors.first?.code == "PERSISTED_QUERY_NOT_FOUND")
    }
}
