import Foundation
import GraphQLBridge
import GraphQLBridgeTesting
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `APIError.requestCertainlyNotSent`: `true` only when the transport saw that no connection was ever made, the
/// condition under which a failed write may safely be repeated through another API.
@Suite("APIError.requestCertainlyNotSent")
struct RequestCertainlyNotSentTests {
    static let cases: [(thrown: any Error, notSent: Bool)] = [
        (URLError(.cannotConnectToHost), true),
        (URLError(.cannotFindHost), true),
        (URLError(.dnsLookupFailed), true),
        (URLError(.notConnectedToInternet), true),
        (URLError(.networkConnectionLost), false),
        (URLError(.secureConnectionFailed), false),
        (URLError(.badServerResponse), false),
        (URLError(.timedOut), false),
        (TransportError(.connection, "refused", requestCertainlyNotSent: true), true),
        (TransportError(.connection, "reset"), false),
    ]

    @Test("from the URLError code or the TransportError the transport threw", arguments: 0..<cases.count)
    func classification(index: Int) async throws {
        let (thrown, notSent) = Self.cases[index]
        let transport = MockTransport()
        transport.enqueue(error: thrown)
        let error = try #require(await executionError(makeClient(transport), PingQuery()))
        #expect(error.requestCertainlyNotSent == notSent, "\(thrown) gave \(error)")
    }

    @Test("a real refused connection through URLSessionTransport is certainly not sent")
    func refusedConnection() async throws {
        let endpoint = try #require(URL(string: "http://127.0.0.1:9/graphql"))
        let client = GraphQLHTTPClient(endpoint: endpoint, timeout: .seconds(20))
        let error = try #require(await executionError(client, PingQuery()))
        guard case .transport = error else {
            Issue.record("expected a transport error, got \(error)")
            return
        }
        #expect(error.requestCertainlyNotSent)
    }

    @Test("errors after an answer are never 'not sent'")
    func answeredErrors() {
        #expect(!APIError.httpStatus(operation: "P", status: 502, bodyExcerpt: "").requestCertainlyNotSent)
        #expect(!APIError.graphQL(operation: "P", status: 200, errors: []).requestCertainlyNotSent)
        #expect(!APIError.timedOut(operation: "P", message: "").requestCertainlyNotSent)
        #expect(!APIError.transport(operation: "P", message: "lost").requestCertainlyNotSent)
    }
}
