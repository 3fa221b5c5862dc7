import Foundation
import GraphQLBridge
import GraphQLServer
import RuntimeTestSupport
import Testing

/// The client against a server that delivers `@defer`/`@stream` incrementally: the runtime tests' server
/// (``ShopServer``) in both formats, and without incremental delivery. `execute` asks for `multipart/mixed` with both
/// formats' parameters, reads the parts and returns the merged result, equal to the same query's without the
/// directives. (The same client against graphql-core's incremental delivery is the lottery's
/// `ReferenceIncrementalDeliveryTests`: the reference backend serves the lottery.)
@Suite("Incremental delivery: the client against the test server")
struct IncrementalDeliveryClientTests {
    /// An offer list streamed after its first item, each offer's details deferred.
    struct DeferredOffers: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "DeferredOffers"
        static let document = """
            query DeferredOffers { products { id name } offers(productId: "p1", last: 3) @stream(initialCount: 1, \
            label: "older") { id number ... @defer(label: "details") { tags status price } } }
            """
    }

    /// The same selection without the directives.
    struct WholeOffers: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "WholeOffers"
        static let document = """
            query WholeOffers { products { id name } offers(productId: "p1", last: 3) { id number \
            tags status price } }
            """
    }

    static func check(_ url: URL, incremental: Bool) async throws {
        let recorder = ContentTypeRecorder()
        let client = GraphQLHTTPClient(endpoint: url, middlewares: [recorder])
        let merged = try await client.execute(DeferredOffers())
        let whole = try await client.execute(WholeOffers())
        #expect(merged.data == whole.data, "merged \(merged.data?.jsonText ?? "nil")")
        guard case .array(let offers)? = merged.data?["offers"] else {
            Issue.record("no offers: \(merged.data?.jsonText ?? "nil")")
            return
        }
        #expect(offers.count == 3)
        #expect(offers.allSatisfy { $0["tags"] != nil })
        let entries = recorder.recorded
        #expect(entries.count == 2)
        #expect(entries.first?.accept == GraphQLHTTPClient.incrementalAcceptHeader)
        #expect(entries.last?.accept == GraphQLHTTPClient.acceptHeader)
        #expect(
            entries.first?.contentType.hasPrefix("multipart/mixed") == incremental,
            "\(entries.first?.contentType ?? "")")
    }

    @Test("the test server, each format, and without incremental delivery", arguments: ["current", "apollo", "none"])
    func server(format: String) async throws {
        let incrementalFormat: GraphQLIncrementalFormat? =
            switch format {
            case "current": .current
            case "apollo": .apollo2022
            default: nil
            }
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: incrementalFormat))
        defer { server.stop() }
        if incrementalFormat == nil {
            // The schema declares no @defer: the server refuses the operation with a GraphQL error.
            let client = GraphQLHTTPClient(endpoint: server.graphQLURL)
            await #expect(throws: APIError.self) { try await client.execute(DeferredOffers()) }
            return
        }
        try await Self.check(server.graphQLURL, incremental: true)
    }
}
