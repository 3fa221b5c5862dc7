import Foundation
import GraphQLBridge
import GraphQLServer
import RuntimeTestSupport
import Testing

/// A query that asks for incremental delivery, read as its answer arrives, against the runtime tests' server
/// (``ShopServer``) in both formats: a watch and a query ref show the initial payload first (the deferred fields
/// absent), then the complete answer, from one request; each state is written to the cache as it arrives (the
/// records shared with other queries at once, the deferred query itself not answered from the cache before its
/// fragment arrived), and `.cacheOnly` returns all of it afterwards. The server holds every part after the first
/// until the test opens its ``PartGate``: what the client shows before that is what arrived first.
@Suite("Incremental delivery: states as they arrive")
struct IncrementalStreamingClientTests {
    /// A product whose kind and offer count are deferred.
    struct DeferredProduct: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "DeferredProduct"
        static let document = """
            query DeferredProduct { product(id: "p1") { __typename id name ... @defer(label: "more") \
            { kind offersCount } } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = IncrementalStreamingClientTests.metadata(
            ["__typename", "id", "name", "kind", "offersCount"])
    }

    /// The same selection without the directive.
    struct WholeProduct: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "WholeProduct"
        static let document = """
            query WholeProduct { product(id: "p1") { __typename id name kind offersCount } }
            """
        static let cacheMetadata = DeferredProduct.cacheMetadata
    }

    /// The product's fields that come in the initial payload.
    struct ProductName: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "ProductName"
        static let document = """
            query ProductName { product(id: "p1") { __typename id name } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = IncrementalStreamingClientTests.metadata(
            ["__typename", "id", "name"])
    }

    static func metadata(_ fields: [String]) -> GraphQLCacheMetadata {
        GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    GraphQLFieldMetadata(
                        "product", arguments: ["id": .literal(.string("p1"))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Product", fields.map { GraphQLFieldMetadata($0) }))
                ]))
    }

    /// The clients' timeout, which bounds the wait for each part too: the server holds parts behind the gate while a
    /// test checks what it has, which a loaded machine (or ThreadSanitizer) may make take long: a hang detector only.
    static let hangDetector = Duration.seconds(300)

    static func format(_ name: String) -> GraphQLIncrementalFormat { name == "apollo" ? .apollo2022 : .current }

    static func product(_ result: GraphQLResult<GraphQLBridge.JSONValue>?) -> GraphQLBridge.JSONValue? {
        result?.data?["product"]
    }

    @Test(
        "a watch: the initial payload first, then the complete answer, one request, the cache complete after",
        arguments: ["current", "apollo"])
    func watch(format: String) async throws {
        let gate = PartGate()
        let server = try ShopServer.start(
            ShopServer.Options(incrementalFormat: Self.format(format), partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: cache)
        var iterator = client.watch(DeferredProduct(), fetchPolicy: .serverOnly).makeAsyncIterator()
        // While the server holds the deferred fragment.
        let first = try await iterator.next()
        let initial = try #require(Self.product(first))
        #expect(initial["name"] == .string("Espresso machine"))
        #expect(initial["kind"] == nil, "\(initial.jsonText)")
        #expect(initial["offersCount"] == nil)
        #expect(first?.source == .server)
        #expect(first?.hasNext == true, "a state before the last says more is on its way")
        // What arrived is in the records (another query over them is answered)...
        let name = try await client.execute(ProductName(), fetchPolicy: .cacheOnly)
        #expect(Self.product(name)?["name"] == .string("Espresso machine"))
        // ...but the deferred query is not answered as if its fragment were absent.
        await #expect(throws: APIError.self) {
            try await client.execute(DeferredProduct(), fetchPolicy: .cacheOnly)
        }
        gate.open()
        let second = try await iterator.next()
        let complete = try #require(Self.product(second))
        #expect(complete["kind"] == .string("DEVICE"))
        #expect(complete["offersCount"] != nil)
        #expect(second?.hasNext == false)
        // One request for the whole answer.
        #expect(server.counts.operations["DeferredProduct"] == 1)
        // The merged answer is the same query's without @defer.
        let whole = try await GraphQLHTTPClient(endpoint: server.graphQLURL).execute(WholeProduct())
        #expect(second?.data == whole.data)
        // The cache holds all of it, as the deferred query's answer: each state's write started after the one before
        // (none overtaken by its own earlier states), and the complete one was kept as the query's result.
        #expect(await cache.statistics.overtakenAnswers == 0)
        let memoized = await cache.statistics.memoizedHits
        let cached = try await client.execute(DeferredProduct(), fetchPolicy: .cacheOnly)
        #expect(cached.data == whole.data)
        #expect(cached.source == .cache)
        #expect(await cache.statistics.memoizedHits == memoized + 1)
    }

    @Test(
        "a query ref's data goes through each state; execute returns the complete answer",
        arguments: ["current", "apollo"])
    func queryRef(format: String) async throws {
        let gate = PartGate()
        let server = try ShopServer.start(
            ShopServer.Options(incrementalFormat: Self.format(format), partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: GraphQLCache(maxAge: .seconds(3600)))
        let ref = client.ref(DeferredProduct())
        let running = Task { @MainActor in try await ref.execute(fetchPolicy: .serverOnly) }
        try await waitUntil("the ref shows the initial payload") { @Sendable in
            await MainActor.run { ref.data != nil }
        }
        let initial = await MainActor.run { ref.data?["product"] }
        #expect(initial?["name"] == .string("Espresso machine"))
        #expect(initial?["kind"] == nil)
        #expect(await MainActor.run { ref.isLoading })
        gate.open()
        let result = try await running.value
        #expect(result.data?["product"]?["kind"] == .string("DEVICE"))
        #expect(await MainActor.run { ref.data } == result.data)
        #expect(server.counts.operations["DeferredProduct"] == 1)
        let cached = try await client.execute(DeferredProduct(), fetchPolicy: .cacheOnly)
        #expect(cached.data == result.data)
    }

    /// A product whose favourite flag is deferred.
    struct DeferredFavorite: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "DeferredFavorite"
        static let document = """
            query DeferredFavorite { product(id: "p1") { __typename id name ... @defer { isFavorite } } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = IncrementalStreamingClientTests.metadata(
            ["__typename", "id", "name", "isFavorite"])
    }

    /// Marks p1 a favourite.
    struct MarkFavorite: GraphQLMutation {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "MarkFavorite"
        static let document = """
            mutation MarkFavorite { setFavorite(productId: "p1", favorite: true) { __typename id isFavorite } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Mutation",
                [
                    GraphQLFieldMetadata(
                        "setFavorite",
                        arguments: ["productId": .literal(.string("p1")), "favorite": .literal(.bool(true))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Product", ["__typename", "id", "isFavorite"].map { GraphQLFieldMetadata($0) }))
                ]))
    }

    /// An app's request for the product as a whole model (its name and kind): the kind is deferred.
    enum ProductRequest: OverridableRequest, Hashable {
        case product

        var operationName: String { "DeferredProduct" }
        var responseTypeDescription: String { "String" }
    }

    @Test(
        "a request enum's model watch passes over the initial payload its adapter cannot make a whole model of",
        arguments: ["current", "apollo"])
    func modelWatch(format: String) async throws {
        let gate = PartGate()
        let server = try ShopServer.start(
            ShopServer.Options(incrementalFormat: Self.format(format), partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: GraphQLCache(maxAge: .seconds(3600)))
        let requests = GraphQLRequestClient<ProductRequest>(client: client) { _ throws(APIError) in
            .query(DeferredProduct()) { result throws(APIError) -> String in
                guard case .string(let name)? = Self.product(result)?["name"],
                    case .string(let kind)? = Self.product(result)?["kind"]
                else { throw APIError.notFound(operation: "DeferredProduct", path: "product.kind") }
                return "\(name) (\(kind))"
            }
        }
        let watching = Task { () async throws -> String? in
            for try await model in requests.watch(.product, as: String.self, fetchPolicy: .serverOnly) {
                return model
            }
            return nil
        }
        // The initial payload has arrived (its fields are in the cache) while the server holds the deferred part:
        // the model watch has it, and must not fail on it.
        try await waitUntil("the initial payload in the cache") {
            let name = try? await client.execute(ProductName(), fetchPolicy: .cacheOnly)
            return Self.product(name)?["name"] != nil
        }
        gate.open()
        #expect(try await watching.value == "Espresso machine (DEVICE)")
        // A complete answer the adapter refuses is still an error.
        let refusing = GraphQLRequestClient<ProductRequest>(client: client) { _ throws(APIError) in
            .query(WholeProductName()) { _ throws(APIError) -> String in
                throw APIError.notFound(operation: "WholeProductName", path: "product")
            }
        }
        await #expect(throws: APIError.self) {
            for try await _ in refusing.watch(.product, as: String.self, fetchPolicy: .serverOnly) {}
        }
    }

    /// The product's name, no directive: one complete answer.
    struct WholeProductName: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "WholeProductName"
        static let document = """
            query WholeProductName { product(id: "p1") { __typename id name } }
            """
        static let cacheMetadata = ProductName.cacheMetadata
    }

    @Test("a mutation while the deferred fragment is on its way: the cache keeps its newer value")
    func mutationMeanwhile() async throws {
        let gate = PartGate()
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: .current, partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let cache = GraphQLCache(maxAge: .seconds(3600))
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: cache)
        var iterator = client.watch(DeferredFavorite(), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(Self.product(first)?["isFavorite"] == nil)
        // The server computed the deferred fragment (not a favourite) before this mutation.
        let marked = try await client.execute(MarkFavorite())
        #expect(marked.data?["setFavorite"]?["isFavorite"] == .bool(true))
        gate.open()
        var last = try await iterator.next()
        #expect(Self.product(last)?["isFavorite"] != nil)
        // The answer was overtaken: the watch reads the cache again and shows the mutation's value.
        if Self.product(last)?["isFavorite"] == .bool(false) { last = try await iterator.next() }
        #expect(Self.product(last)?["isFavorite"] == .bool(true))
        let cached = try await client.execute(DeferredFavorite(), fetchPolicy: .cacheOnly)
        #expect(Self.product(cached)?["isFavorite"] == .bool(true))
    }

    /// p1's offers, streamed after the first.
    struct StreamedOffers: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "StreamedOffers"
        static let document = """
            query StreamedOffers { offers(productId: "p1", last: 3) @stream(initialCount: 1) { __typename id number } }
            """
        static let cacheMetadata: GraphQLCacheMetadata? = GraphQLCacheMetadata(
            selections: GraphQLSelectionSetMetadata(
                typeName: "Query",
                [
                    GraphQLFieldMetadata(
                        "offers", arguments: ["productId": .literal(.string("p1")), "last": .literal(.number("3"))],
                        selections: GraphQLSelectionSetMetadata(
                            typeName: "Offer", ["__typename", "id", "number"].map { GraphQLFieldMetadata($0) }))
                ]))
    }

    @Test(
        "a streamed list: shown as far as it came, but not written to the cache until it is complete",
        arguments: ["current", "apollo"])
    func streamedList(format: String) async throws {
        let gate = PartGate()
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: Self.format(format), partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: GraphQLCache(maxAge: .seconds(3600)))
        var iterator = client.watch(StreamedOffers(), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await iterator.next()
        guard case .array(let shown)? = first?.data?["offers"] else {
            Issue.record("no offers: \(first?.data?.jsonText ?? "nil")")
            return
        }
        #expect(shown.count == 1)
        // A list cut short is not the list.
        await #expect(throws: APIError.self) {
            try await client.execute(StreamedOffers(), fetchPolicy: .cacheOnly)
        }
        gate.open()
        var last = first
        while case .array(let offers)? = last?.data?["offers"], offers.count < 3 {
            last = try await iterator.next()
        }
        let cached = try await client.execute(StreamedOffers(), fetchPolicy: .cacheOnly)
        #expect(cached.data == last?.data)
        #expect(server.counts.operations["StreamedOffers"] == 1)
    }

    @Test("a body past the transport's size limit fails with responseTooLarge", arguments: ["current", "apollo"])
    func tooLarge(format: String) async throws {
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: Self.format(format)))
        defer { server.stop() }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL,
            transport: URLSessionTransport(configuration: .init(maximumResponseSize: 120)),
            cache: GraphQLCache(maxAge: .seconds(3600)))
        do {
            _ = try await client.execute(DeferredProduct(), fetchPolicy: .serverOnly)
            Issue.record("a body past 120 bytes was read")
        } catch {
            guard case .responseTooLarge(_, let limit) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(limit == 120)
        }
    }

    @Test("without a cache: a watch gives each state, then ends")
    func withoutCache() async throws {
        let gate = PartGate()
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: .current, partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, timeout: Self.hangDetector)
        var iterator = client.watch(DeferredProduct()).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(Self.product(first)?["name"] == .string("Espresso machine"))
        #expect(Self.product(first)?["kind"] == nil)
        gate.open()
        let second = try await iterator.next()
        #expect(Self.product(second)?["kind"] == .string("DEVICE"))
        #expect(try await iterator.next() == nil)
        #expect(server.counts.operations["DeferredProduct"] == 1)
    }

    @Test("without a cache: a query ref shows each state")
    func queryRefWithoutCache() async throws {
        let gate = PartGate()
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: .apollo2022, partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let ref = GraphQLHTTPClient(endpoint: server.graphQLURL, timeout: Self.hangDetector).ref(DeferredProduct())
        let running = Task { @MainActor in try await ref.execute() }
        try await waitUntil("the ref shows the initial payload") { @Sendable in
            await MainActor.run { ref.data != nil }
        }
        #expect(await MainActor.run { ref.data?["product"]?["kind"] } == nil)
        gate.open()
        let result = try await running.value
        #expect(result.data?["product"]?["kind"] == .string("DEVICE"))
        #expect(await MainActor.run { ref.data } == result.data)
    }

    @Test("automatic persisted queries: the id, then the document, whose answer is read as it arrives")
    func persistedQueries() async throws {
        let gate = PartGate()
        let server = try ShopServer.start(
            ShopServer.Options(persistedQueries: .automatic, incrementalFormat: .current, partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: GraphQLCache(maxAge: .seconds(3600)),
            persistedQueries: .automatic())
        var iterator = client.watch(DeferredProduct(), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(Self.product(first)?["kind"] == nil)
        gate.open()
        let second = try await iterator.next()
        #expect(Self.product(second)?["kind"] == .string("DEVICE"))
        let counts = server.counts
        #expect(counts.notFound == 1)
        #expect(counts.registered == 1)
        #expect(counts.operations["DeferredProduct"] == 1)
    }

    @Test("execute returns the complete answer, written to the cache as it arrived", arguments: ["current", "apollo"])
    func execute(format: String) async throws {
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: Self.format(format)))
        defer { server.stop() }
        let recorder = ContentTypeRecorder()
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], timeout: Self.hangDetector,
            cache: GraphQLCache(maxAge: .seconds(3600)))
        let result = try await client.execute(DeferredProduct(), fetchPolicy: .serverOnly)
        #expect(result.data?["product"]?["kind"] == .string("DEVICE"))
        #expect(recorder.recorded.first?.contentType.hasPrefix("multipart/mixed") == true)
        let cached = try await client.execute(DeferredProduct(), fetchPolicy: .cacheOnly)
        #expect(cached.data == result.data)
        #expect(server.counts.operations["DeferredProduct"] == 1)
    }

    @Test("cancelling the watch ends it before the deferred fragment, and closes the request")
    func cancelling() async throws {
        let gate = PartGate()
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: .current, partGate: gate))
        defer {
            gate.open()
            server.stop()
        }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, timeout: Self.hangDetector, cache: GraphQLCache(maxAge: .seconds(3600)))
        let states = Collector<GraphQLBridge.JSONValue?>()
        let watching = Task {
            for try await state in client.watch(DeferredProduct(), fetchPolicy: .serverOnly) {
                await states.append(state.data)
            }
        }
        _ = try await states.waitUntil("the initial payload") { $0.count == 1 }
        watching.cancel()
        // Ends while the server still holds the fragment (were the stream not ended, it would wait for the gate).
        try await watching.value
        gate.open()
        let seen = await states.items
        #expect(seen.count == 1)
        #expect(seen.first??["product"]?["kind"] == nil)
    }

    /// The fragment deferred with `if: false`: the server answers one JSON body.
    struct UndeferredProduct: GraphQLQuery {
        typealias Data = GraphQLBridge.JSONValue
        static let operationName = "UndeferredProduct"
        static let document = """
            query UndeferredProduct { product(id: "p1") { __typename id name ... @defer(if: false) \
            { kind offersCount } } }
            """
        static let cacheMetadata = DeferredProduct.cacheMetadata
    }

    @Test("a server that answers one JSON body: the one complete answer")
    func wholeBody() async throws {
        let server = try ShopServer.start(ShopServer.Options(incrementalFormat: .current))
        defer { server.stop() }
        let recorder = ContentTypeRecorder()
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], timeout: Self.hangDetector,
            cache: GraphQLCache(maxAge: .seconds(3600)))
        var iterator = client.watch(UndeferredProduct(), fetchPolicy: .serverOnly).makeAsyncIterator()
        let first = try await iterator.next()
        #expect(first?.data?["product"]?["kind"] == .string("DEVICE"))
        #expect(recorder.recorded.first?.accept == GraphQLHTTPClient.incrementalAcceptHeader)
        #expect(recorder.recorded.first?.contentType.hasPrefix("multipart/mixed") == false)
        let cached = try await client.execute(UndeferredProduct(), fetchPolicy: .cacheOnly)
        #expect(cached.data == first?.data)
    }
}
