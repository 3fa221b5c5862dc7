import Foundation
import GraphQLBridge
import ShopAPI
import Testing

/// Each fetch policy against the runtime tests' server (``ShopServer``), counting the requests that reach it: a
/// cache hit sends none. Time moves with a manual clock, never with sleeps.
@Suite("Fetch policies against the test server", .serialized)
struct FetchPolicyTests {
    struct Setup {
        let client: GraphQLHTTPClient
        let counter: RequestCounter
        let cache: GraphQLCache
        let clock: TestClock
    }

    private func withServer(maxAge: Duration, _ body: (Setup) async throws -> Void) async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let clock = TestClock()
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: maxAge, now: clock.function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        try await body(Setup(client: client, counter: counter, cache: cache, clock: clock))
    }

    @Test(".preferCache: the server once, then the cache while fresh; the server again once stale")
    func preferCache() async throws {
        try await withServer(maxAge: .seconds(30)) { setup in
            let first = try await setup.client.execute(ProductQuery(id: "p1"))
            #expect(first.source == .server)
            let second = try await setup.client.execute(ProductQuery(id: "p1"))
            #expect(second.source == .cache && !second.isStale)
            #expect(second.data == first.data)
            #expect(setup.counter.count("Product") == 1, "a cache hit sends no request")
            setup.clock.advance(by: .seconds(31))
            let third = try await setup.client.execute(ProductQuery(id: "p1"))
            #expect(third.source == .server)
            #expect(setup.counter.count("Product") == 2)
        }
    }

    @Test("maxAge zero: results are kept but .preferCache always asks the server; .cacheOnly serves them, stale")
    func maxAgeZero() async throws {
        try await withServer(maxAge: .zero) { setup in
            _ = try await setup.client.execute(ProductQuery(id: "p1"))
            let again = try await setup.client.execute(ProductQuery(id: "p1"))
            #expect(again.source == .server)
            #expect(setup.counter.count("Product") == 2)
            let cached = try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            #expect(cached.source == .cache && cached.isStale)
            #expect(cached.data?.product?.id == "p1")
            #expect(setup.counter.count("Product") == 2)
        }
    }

    @Test(".cacheOnly on a miss: APIError.cacheMiss naming the missing field, and no request")
    func cacheOnlyMiss() async throws {
        try await withServer(maxAge: .seconds(30)) { setup in
            await #expect(throws: APIError.cacheMiss(operation: "Product", path: "product")) {
                try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            }
            #expect(setup.counter.total == 0)
            // Another product's query does not answer this one: the field key holds the argument.
            _ = try await setup.client.execute(ProductQuery(id: "p2"))
            await #expect(throws: APIError.cacheMiss(operation: "Product", path: "product")) {
                try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test(".serverOnly: always the server, and the result is written")
    func serverOnly() async throws {
        try await withServer(maxAge: .seconds(30)) { setup in
            _ = try await setup.client.execute(OffersQuery(productId: "p1", last: .some(3)), fetchPolicy: .serverOnly)
            _ = try await setup.client.execute(OffersQuery(productId: "p1", last: .some(3)), fetchPolicy: .serverOnly)
            #expect(setup.counter.count("Offers") == 2)
            let cached = try await setup.client.execute(
                OffersQuery(productId: "p1", last: .some(3)), fetchPolicy: .cacheOnly)
            #expect(cached.data?.offers.count == 3)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(OffersQuery(productId: "p1", last: .some(4)), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test(".serverFirst offline: the cached result, marked stale; nothing cached: the transport error")
    func serverFirstOffline() async throws {
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let server = try ShopServer.start()
        let online = GraphQLHTTPClient(endpoint: server.graphQLURL, cache: cache)
        let fresh = try await online.execute(ProductQuery(id: "p2"), fetchPolicy: .serverFirst)
        #expect(fresh.source == .server && !fresh.isStale)
        server.stop()

        let deadEndpoint = try #require(URL(string: "http://127.0.0.1:9/graphql"))
        let offline = GraphQLHTTPClient(endpoint: deadEndpoint, timeout: .seconds(5), cache: cache)
        let result = try await offline.execute(ProductQuery(id: "p2"), fetchPolicy: .serverFirst)
        #expect(result.source == .cache && result.isStale)
        #expect(result.data == fresh.data)
        await #expect {
            try await offline.execute(ProductQuery(id: "p1"), fetchPolicy: .serverFirst)
        } throws: { error in
            guard let error = error as? APIError, case .transport = error else { return false }
            return true
        }
    }

    @Test("Normalized: a list query refreshes the products that a single-product query reads from the cache")
    func normalizedAcrossQueries() async throws {
        try await withServer(maxAge: .seconds(30)) { setup in
            _ = try await setup.client.execute(ProductQuery(id: "p1"))
            #expect(await setup.cache.record(forKey: "Product:p1") != nil, "stored once, under its key")
            #expect(await setup.cache.record(forKey: "Image:logo-p1") != nil)
            let rootField = "product({\"id\":\"p1\"})"
            let root = try #require(await setup.cache.record(forKey: "QUERY_ROOT." + rootField))
            #expect(root.fields[rootField]?.value == .reference("Product:p1"), "each root field is its own record")
            let products = try await setup.client.execute(CatalogQuery(), errorPolicy: .returnPartialData)
            #expect(products.data?.products.contains { $0.id == "p1" } == true)
            let productRecord = try #require(await setup.cache.record(forKey: "Product:p1"))
            #expect(productRecord.fields["name"]?.value == .scalar(.string("Espresso machine")))
            // The offer whose pricing is down came with an error: its discount is not cached, so reading it misses.
            let pricingDown = try #require(await setup.cache.record(forKey: "Offer:p3-4"))
            #expect(pricingDown.fields["discount"]?.value == .missing && pricingDown.fields["number"] != nil)
            await #expect(throws: APIError.self) {
                try await setup.client.execute(ProductQuery(id: "p3"), fetchPolicy: .cacheOnly)
            }
        }
    }

    @Test("Identical queries in flight at the same moment share one request")
    func inFlightSharing() async throws {
        try await withServer(maxAge: .seconds(30)) { setup in
            let client = setup.client
            try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await client.execute(OffersQuery(productId: "p1"), fetchPolicy: .serverOnly).data?.offers
                            .first?.id
                    }
                }
                var ids: Set<String?> = []
                for try await id in group { ids.insert(id) }
                #expect(ids.count == 1)
            }
            #expect(
                setup.counter.count("Offers") < 8, "shared: \(setup.counter.count("Offers")) requests for 8 queries")
        }
    }

    @Test("A mutation changes the normalized product in every cached query that holds it, with no new query request")
    func mutationMergesIntoCachedQueries() async throws {
        let server = try ShopServer.start()
        defer { server.stop() }
        let counter = RequestCounter()
        let cache = GraphQLCache(maxAge: .seconds(3600), now: TestClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter], cache: cache)
        let devices = try await client.execute(CatalogQuery(kind: .some(.device))).data?.products ?? []
        let product = try #require(try await client.execute(ProductQuery(id: "p1")).data?.product)
        #expect(devices.first { $0.id == "p1" }?.isFavorite == false && !product.isFavorite)

        let updated = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
        #expect(updated.data?.setFavorite?.isFavorite == true)
        let cachedProduct = try await client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
        #expect(cachedProduct.data?.product?.isFavorite == true)
        // The device list refers to the same record.
        let listKey = "products({\"kind\":\"DEVICE\"})"
        let list = try #require(await cache.record(forKey: "QUERY_ROOT." + listKey))
        #expect(list.fields[listKey]?.value.referencedKeys.contains("Product:p1") == true)
        #expect(await cache.record(forKey: "Product:p1")?.fields["isFavorite"]?.value == .scalar(.bool(true)))
        // Served from the cache while fresh: the list was asked for once, the product never (`product(id:)` is a
        // cache redirect: read from the record the list wrote).
        let again = try await client.execute(ProductQuery(id: "p1"))
        #expect(again.data?.product?.isFavorite == true)
        #expect(counter.count("Catalog") == 1 && counter.count("Product") == 0 && counter.count("SetFavorite") == 1)
        // A mutation is never served from the cache.
        _ = try await client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
        #expect(counter.count("SetFavorite") == 2)
    }
}
