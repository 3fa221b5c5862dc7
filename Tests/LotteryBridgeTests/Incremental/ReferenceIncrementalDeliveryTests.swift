import Foundation
import GraphQLBridge
import LotteryBackend
import LotteryTestSupport
import Testing

/// The client against servers that deliver `@defer`/`@stream` incrementally: the embedded backend and the reference
/// backend (graphql-core 3.3), each in both formats. `execute` asks for `multipart/mixed` with both formats'
/// parameters, reads the parts and returns the merged result, equal to the same query's without the directives; a
/// server that ignores the directives answers one JSON body, read as ever.
@Suite("Incremental delivery: the client against the embedded and the reference backend")
struct IncrementalDeliveryClientTests {
    /// A draw list streamed after its first item, each draw's prize categories deferred.
    struct DeferredDraws: GraphQLQuery {
        typealias Data = JSONValue
        static let operationName = "DeferredDraws"
        static let document = """
            query DeferredDraws { games { id name } draws(gameId: "6x45", last: 3) @stream(initialCount: 1, \
            label: "older") { id number ... @defer(label: "prizes") { prizeCategories { matched winners amount } } } }
            """
    }

    /// The same selection without the directives.
    struct WholeDraws: GraphQLQuery {
        typealias Data = JSONValue
        static let operationName = "WholeDraws"
        static let document = """
            query WholeDraws { games { id name } draws(gameId: "6x45", last: 3) { id number \
            prizeCategories { matched winners amount } } }
            """
    }

    static func check(_ url: URL, incremental: Bool) async throws {
        let recorder = ContentTypeRecorder()
        let client = GraphQLHTTPClient(endpoint: url, middlewares: [recorder])
        let merged = try await client.execute(DeferredDraws())
        let whole = try await client.execute(WholeDraws())
        #expect(merged.data == whole.data, "merged \(merged.data?.jsonText ?? "nil")")
        guard case .array(let draws)? = merged.data?["draws"] else {
            Issue.record("no draws: \(merged.data?.jsonText ?? "nil")")
            return
        }
        #expect(draws.count == 3)
        #expect(draws.allSatisfy { $0["prizeCategories"] != nil })
        let entries = recorder.recorded
        #expect(entries.count == 2)
        #expect(entries.first?.accept == GraphQLHTTPClient.incrementalAcceptHeader)
        #expect(entries.last?.accept == GraphQLHTTPClient.acceptHeader)
        #expect(
            entries.first?.contentType.hasPrefix("multipart/mixed") == incremental,
            "\(entries.first?.contentType ?? "")")
    }

    @Test(
        "the embedded backend, each format, and without incremental delivery", arguments: ["current", "apollo", "none"])
    func embedded(format: String) async throws {
        let option: IncrementalDeliveryOption? =
            switch format {
            case "current": IncrementalDeliveryOption(format: .current)
            case "apollo": IncrementalDeliveryOption(format: .apollo2022)
            default: nil
            }
        let server = try EmbeddedLotteryServer.start(options: EmbeddedBackendOptions(incrementalDelivery: option))
        defer { server.stop() }
        if option == nil {
            // The contract's schema declares no @defer: the server refuses the operation with a GraphQL error.
            let client = GraphQLHTTPClient(endpoint: server.graphQLURL)
            await #expect(throws: APIError.self) { try await client.execute(DeferredDraws()) }
            return
        }
        try await Self.check(server.graphQLURL, incremental: true)
    }

    @Test("the reference backend with --incremental, each format", arguments: ["current", "apollo"])
    func reference(format: String) async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--incremental", format]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        try await Self.check(backend.graphQLURL, incremental: true)
    }
}
