import Foundation
import GraphQLBridge
import LotteryBackend
import LotteryTestSupport
import RuntimeTestSupport
import Testing

/// The client against graphql-core's incremental delivery (the reference backend, graphql-core 3.3, in both formats):
/// `execute` asks for `multipart/mixed` with both formats' parameters, reads the parts and returns the merged result,
/// equal to the same query's without the directives; a watch gives the initial payload, then the complete answer,
/// from one request (here and against the embedded lottery backend). The runtime's own tests of incremental delivery,
/// against its test server, are `Tests/GraphQLBridgeTests/Incremental/IncrementalDeliveryClientTests.swift` and
/// `IncrementalStreamingClientTests.swift`.
@Suite("Incremental delivery: the client against the reference backend")
struct ReferenceIncrementalDeliveryTests {
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

    @Test("the reference backend with --incremental, each format", arguments: ["current", "apollo"])
    func reference(format: String) async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--incremental", format]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        try await Self.check(backend.graphQLURL, incremental: true)
    }

    /// A game whose ticket price and currency are deferred, with the cache metadata the generator would emit.
    struct DeferredGame: GraphQLQuery {
        typealias Data = JSONValue
        static let operationName = "DeferredGame"
        static let document = """
            query DeferredGame { game(id: "6x45") { __typename id name ... @defer(label: "price") \
            { ticketPrice currency } } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    GraphQLFieldMetadata(
                        "game", arguments: ["id": .literal(.string("6x45"))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Game",
                            ["__typename", "id", "name", "ticketPrice", "currency"].map { GraphQLFieldMetadata($0) }))
                ]))
    }

    /// The same selection without the directive.
    struct WholeGame: GraphQLQuery {
        typealias Data = JSONValue
        static let operationName = "WholeGame"
        static let document = """
            query WholeGame { game(id: "6x45") { __typename id name ticketPrice currency } }
            """
    }

    /// A watch of ``DeferredGame`` at `url`: the initial payload, then the complete answer, from one request; the
    /// cache complete after.
    static func checkWatch(_ url: URL) async throws {
        let recorder = ContentTypeRecorder()
        let client = GraphQLHTTPClient(
            endpoint: url, middlewares: [recorder], cache: GraphQLCache(maxAge: .seconds(3600)))
        var states: [JSONValue?] = []
        for try await state in client.watch(DeferredGame(), fetchPolicy: .serverOnly) {
            states.append(state.data)
            if state.data?["game"]?["ticketPrice"] != nil { break }
        }
        // Each state is given, however the parts were cut into pieces on the way.
        #expect(states.count == 2)
        #expect(states.first??["game"]?["name"] != nil)
        #expect(states.first??["game"]?["ticketPrice"] == nil, "\(states.first??.jsonText ?? "nil")")
        #expect(recorder.recorded.count == 1)
        #expect(recorder.recorded.first?.contentType.hasPrefix("multipart/mixed") == true)
        let whole = try await GraphQLHTTPClient(endpoint: url).execute(WholeGame())
        #expect(states.last ?? nil == whole.data)
        let cached = try await client.execute(DeferredGame(), fetchPolicy: .cacheOnly)
        #expect(cached.data == whole.data)
        #expect(recorder.recorded.count == 1)
    }

    @Test(
        "a watch: the initial payload, then the complete answer, from one request; the cache complete after",
        arguments: ["current", "apollo"])
    func watch(format: String) async throws {
        var options = ReferenceBackendOptions()
        options.additionalArguments = ["--incremental", format]
        let backend = try await ReferenceBackend.start(options)
        defer { backend.stop() }
        try await Self.checkWatch(backend.graphQLURL)
    }

    @Test(
        "the embedded lottery backend: a watch gives the initial payload, then the complete answer",
        arguments: IncrementalDeliveryOption.Format.allCases)
    func embeddedWatch(format: IncrementalDeliveryOption.Format) async throws {
        let server = try EmbeddedLotteryServer.start(
            options: EmbeddedBackendOptions(port: 0, incrementalDelivery: IncrementalDeliveryOption(format: format)))
        defer { server.stop() }
        try await Self.checkWatch(server.graphQLURL)
    }
}
