import Foundation
import GraphQLBridge
import RuntimeTestSupport
import ShopAPI
import Testing

/// Persisted queries end to end, with ShopAPI's generated operations, the real `URLSessionTransport` and the runtime
/// tests' server (``ShopServer``, which speaks automatic persisted queries or trusted documents): the id alone and one
/// fallback, a hit the second time, `GET` for queries only, a cached `GET` answer, a list of trusted documents, a
/// document changed without regenerating that list, the bytes each request puts on the wire, and a server without
/// persisted queries. (The same client against graphql-core and the lottery's embedded backend is the lottery's
/// `PersistedQueriesTests`.)
@Suite("Persisted queries against the test server", .serialized)
struct PersistedQueriesServerTests {
    /// ShopAPI's generated operations by id: the trusted documents of a server given the generated list.
    static let trustedDocuments: [String: String] = {
        func entry<Operation: GraphQLOperation>(_: Operation.Type) -> (String, String) {
            (Operation.operationIdentifier, Operation.document)
        }
        return Dictionary(
            uniqueKeysWithValues: [
                entry(ProductQuery.self), entry(ProductsQuery.self), entry(CatalogQuery.self), entry(OfferQuery.self),
                entry(OffersQuery.self), entry(ImageQuery.self), entry(SetFavoriteMutation.self),
                entry(ProductPageQuery.self), entry(OfferUpdatedSubscription.self),
            ])
    }()

    /// A product's page: a document several times the size of its id.
    static let page = ProductPageQuery(id: "p1", kind: .some(.device), lastOffers: .some(3))

    static func server(trusted: Bool, cacheMaxAge: Int? = nil) throws -> ShopServer {
        try ShopServer.start(
            ShopServer.Options(
                cacheMaxAge: cacheMaxAge, persistedQueries: trusted ? .trustedDocuments(trustedDocuments) : .automatic))
    }

    static func client(
        _ server: ShopServer, _ persistedQueries: PersistedQueries, recorder: WireRecorder, cache: GraphQLCache? = nil
    ) -> GraphQLHTTPClient {
        GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], cache: cache, persistedQueries: persistedQueries)
    }

    @Test("automatic: the id alone, the document once on PersistedQueryNotFound, then the id alone hits")
    func automatic() async throws {
        let server = try Self.server(trusted: false)
        defer { server.stop() }
        let recorder = WireRecorder()
        let client = Self.client(server, .automatic(), recorder: recorder)
        let plain = try await GraphQLHTTPClient(endpoint: server.graphQLURL).execute(ProductQuery(id: "p1"))
        let first = try await client.execute(ProductQuery(id: "p1"))
        let second = try await client.execute(ProductQuery(id: "p1"))
        #expect(first.data == plain.data)
        #expect(second.data == plain.data)
        #expect(first.data?.product?.id == "p1")
        #expect(recorder.shapes == ["POST id", "POST document+id", "POST id"])
        #expect(recorder.requests.allSatisfy { $0.hash == ProductQuery.operationIdentifier })
        let counts = server.counts
        #expect(counts.idOnly == 2 && counts.notFound == 1 && counts.registered == 1)
        #expect(counts.persistedHits == 1)
        // Another client (another app launch) finds the id registered: no fallback.
        recorder.reset()
        _ = try await Self.client(server, .automatic(), recorder: recorder).execute(ProductQuery(id: "p1"))
        #expect(recorder.shapes == ["POST id"])
    }

    @Test("GET for queries: queries by GET (the fallback by POST), the mutation always by POST")
    func getForQueries() async throws {
        let server = try Self.server(trusted: false)
        defer { server.stop() }
        let recorder = WireRecorder()
        let client = Self.client(server, .automatic(useGETForQueries: true), recorder: recorder)
        let products = try await client.execute(CatalogQuery(), errorPolicy: .returnPartialData)
        #expect(products.data?.products.isEmpty == false)
        _ = try await client.execute(CatalogQuery(), errorPolicy: .returnPartialData)
        let offers = try await client.execute(OffersQuery(productId: "p1", last: 3))
        #expect(offers.data?.offers.count == 3)
        _ = try await client.execute(OffersQuery(productId: "p1", last: 3))
        let favorite = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
        #expect(favorite.data?.setFavorite?.isFavorite == true)
        _ = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: false))
        #expect(
            recorder.shapes == [
                "GET id", "POST document+id", "GET id",  // CatalogQuery: not found, registered, hit
                "GET id", "POST document+id", "GET id",  // OffersQuery
                "POST id", "POST document+id", "POST id",  // SetFavoriteMutation: never GET
            ])
        let counts = server.counts
        #expect(counts.gets == 4 && counts.posts == 5)
    }

    @Test("a GET answer's Cache-Control works with the cache as a POST answer's does")
    func getWithCache() async throws {
        let server = try Self.server(trusted: false, cacheMaxAge: 30)
        defer { server.stop() }
        // Registers the document (as an earlier launch would have).
        _ = try await Self.client(server, .automatic(), recorder: WireRecorder()).execute(ImageQuery(id: "logo-p1"))
        let recorder = WireRecorder()
        let cache = GraphQLCache(maxAge: .zero)
        let client = Self.client(server, .automatic(useGETForQueries: true), recorder: recorder, cache: cache)
        let first = try await client.execute(ImageQuery(id: "logo-p1"))
        #expect(first.source == .server)
        #expect(first.httpResponse.headers["Cache-Control"] == "max-age=30")
        let second = try await client.execute(ImageQuery(id: "logo-p1"))
        #expect(second.source == .cache, "served from the GET answer's max-age")
        #expect(second.data == first.data)
        #expect(recorder.shapes == ["GET id"])
    }

    @Test("trusted documents from the generated operations: ids only; a changed document is the typed error")
    func registeredOnly() async throws {
        let server = try Self.server(trusted: true)
        defer { server.stop() }
        #expect(ChangedProductQuery.operationIdentifier != ProductQuery.operationIdentifier)
        let recorder = WireRecorder()
        let client = Self.client(server, .registeredOnly(useGETForQueries: true), recorder: recorder)
        let plain = try await GraphQLHTTPClient(endpoint: server.graphQLURL).execute(ProductQuery(id: "p1"))
        #expect(try await client.execute(ProductQuery(id: "p1")).data == plain.data)
        #expect(try await client.execute(OffersQuery(productId: "p1", last: 2)).data?.offers.count == 2)
        #expect(try await client.execute(ImageQuery(id: "logo-p1")).data?.image?.id == "logo-p1")
        let written = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
        #expect(written.data?.setFavorite?.isFavorite == true)
        _ = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: false))
        #expect(recorder.shapes == ["GET id", "GET id", "GET id", "POST id", "POST id"])

        recorder.reset()
        do {
            _ = try await client.execute(ChangedProductQuery(id: "p1"))
            Issue.record("a document missing from the list ran")
        } catch {
            if case .persistedQueryNotRegistered(let operation, let identifier, let message) = error {
                #expect(operation == "Product")
                #expect(identifier == ChangedProductQuery.operationIdentifier)
                #expect(message.contains("PERSISTED_QUERY_NOT_FOUND"))
                #expect(error.description.contains("manifest") && error.description.contains("out of date"))
            } else {
                Issue.record("expected persistedQueryNotRegistered, got \(error)")
            }
        }
        #expect(recorder.shapes == ["GET id"], "never a document")

        // A client without persisted queries sends the changed document itself: not in the list.
        do {
            _ = try await GraphQLHTTPClient(endpoint: server.graphQLURL).execute(ChangedProductQuery(id: "p1"))
            Issue.record("a document missing from the list ran")
        } catch {
            #expect(error.graphQLErrors.first?.code == "PERSISTED_QUERY_NOT_IN_LIST")
        }
        // Automatic persisted queries against a trusted-documents server: the same typed error, after one attempt
        // with the document.
        recorder.reset()
        do {
            _ = try await Self.client(server, .automatic(), recorder: recorder).execute(ChangedProductQuery(id: "p1"))
            Issue.record("a document missing from the list ran")
        } catch {
            if case .persistedQueryNotRegistered = error {} else { Issue.record("\(error)") }
        }
        #expect(recorder.shapes == ["POST id", "POST document+id"])
    }

    @Test("bytes per request: the id alone is a fraction of the whole document, by POST and by GET")
    func bytesPerRequest() async throws {
        let server = try Self.server(trusted: true)
        defer { server.stop() }
        let recorder = WireRecorder()
        _ = try await Self.client(server, .disabled, recorder: recorder).execute(Self.page)
        _ = try await Self.client(server, .registeredOnly, recorder: recorder).execute(Self.page)
        _ = try await Self.client(server, .registeredOnly(useGETForQueries: true), recorder: recorder)
            .execute(Self.page)
        let requests = recorder.requests
        #expect(requests.map(\.shape) == ["POST document", "POST id", "GET id"])
        let full = requests[0].body.count
        let idOnly = requests[1].body.count
        let url = requests[2].url.absoluteString.utf8.count
        #expect(full > ProductPageQuery.document.utf8.count)
        #expect(idOnly < full / 3, "\(idOnly) bytes with the id, \(full) with the document")
        #expect(requests[2].body.isEmpty && url < full, "a \(url)-byte URL")
        #expect(server.counts.requests == 3)
    }

    @Test("every GET reaches the server: URLSession's own HTTP cache never answers in place of the fetch policy")
    func getBypassesURLCache() async throws {
        let server = try ShopServer.start(ShopServer.Options(cacheMaxAge: 300, persistedQueries: .automatic))
        defer { server.stop() }
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, persistedQueries: .automatic(useGETForQueries: true))
        for _ in 0..<4 { _ = try await client.execute(ImageQuery(id: "logo-p1")) }
        let counts = server.counts
        #expect(counts.gets == 4, "one GET by id per execution (the first one refused), each answered by the server")
        #expect(counts.posts == 1, "the document once")
    }

    @Test("a server without persisted queries is asked by id once per client, then gets documents directly")
    func notSupportedRemembered() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let recorder = WireRecorder()
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], persistedQueries: .automatic())
        for _ in 0..<3 {
            #expect(try await client.execute(ProductQuery(id: "p1")).data?.product?.id == "p1")
        }
        #expect(recorder.shapes == ["POST id", "POST document", "POST document", "POST document"])
    }

    @Test("a registered-only subscription is sent by id; the server's refusal reaches the caller")
    func registeredOnlySubscriptionRefused() async throws {
        // Knows no id yet: PersistedQueryNotFound, 200 application/json.
        let server = try Self.server(trusted: false)
        defer { server.stop() }
        let recorder = WireRecorder()
        let client = GraphQLHTTPClient(
            endpoint: server.graphQLURL, middlewares: [recorder], persistedQueries: .registeredOnly,
            subscriptions: .serverSentEvents(options: SubscriptionTransportCase.quickOptions))
        var thrown: APIError?
        do throws(APIError) {
            for try await _ in client.subscribe(OfferUpdatedSubscription(productId: "p2")) {}
        } catch {
            thrown = error
        }
        #expect(recorder.shapes == ["POST id"], "the id alone, once: a refusal with GraphQL errors is not retried")
        #expect(recorder.requests.first?.hash == OfferUpdatedSubscription.operationIdentifier)
        guard case .graphQL(let operation, _, let errors)? = thrown else {
            Issue.record("expected the server's GraphQL errors, got \(String(describing: thrown))")
            return
        }
        #expect(operation == "OfferUpdated")
        #expect(errors.first?.message == "PersistedQueryNotFound")
        #expect(errors.first?.code == "PERSISTED_QUERY_NOT_FOUND")
    }
}
