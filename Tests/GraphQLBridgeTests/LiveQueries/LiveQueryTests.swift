import Foundation
import Observation
import RuntimeTestSupport
import ShopAPI
import Testing

@testable import GraphQLBridge

/// Live queries against the runtime tests' server (``ShopServer``), counting the requests the client sends:
/// watchers, query refs and optimistic writes. Every wait is ``waitUntil(_:_:)``, bounded only to detect a hang; the
/// assertions are on what was emitted and on the request counts.
@Suite("Live queries against the test server", .serialized)
struct LiveQueryTests {
    struct Setup: Sendable {
        let server: ShopServer
        let client: GraphQLHTTPClient
        let cache: GraphQLCache
        let counter: RequestCounter
        let gate: MutationGate
    }

    private static func makeSetup(failMutations: Bool = false) async throws -> Setup {
        let server = try ShopServer.start(ShopServer.Options(failMutations: failMutations))
        let counter = RequestCounter()
        let gate = MutationGate(operation: SetFavoriteMutation.operationName)
        let cache = GraphQLCache(maxAge: .seconds(300), now: TestClock().function)
        let client = GraphQLHTTPClient(endpoint: server.graphQLURL, middlewares: [counter, gate], cache: cache)
        return Setup(server: server, client: client, cache: cache, counter: counter, gate: gate)
    }

    private func withServer(
        failMutations: Bool = false, _ body: (Setup) async throws -> Void
    ) async throws {
        let setup = try await Self.makeSetup(failMutations: failMutations)
        defer { setup.server.stop() }
        try await body(setup)
    }

    /// Consumes `watch` into a collector, in a task the test cancels.
    private func collect<Query: GraphQLQuery>(_ watch: GraphQLQueryWatch<Query>)
        -> (Collector<GraphQLResult<Query.Data>>, Task<Void, any Error>)
    {
        let collector = Collector<GraphQLResult<Query.Data>>()
        let task = Task {
            for try await result in watch { await collector.append(result) }
        }
        return (collector, task)
    }

    private func favorite(_ result: GraphQLResult<ProductQuery.Data>) -> Bool? { result.data?.product?.isFavorite }

    /// `product` marked a favourite and named `name` (the optimistic data of a `setFavorite`).
    private static func renamed(_ product: ProductDetails, _ name: String) -> ProductDetails {
        ProductDetails(
            id: product.id, name: name, kind: product.kind, isFavorite: true, logo: product.logo,
            nextOffer: product.nextOffer, lastOffer: product.lastOffer, offersCount: product.offersCount)
    }

    @Test("A mutation re-emits the watched query from the cache, with no new query request")
    func mutationReEmits() async throws {
        try await withServer { setup in
            await setup.gate.release(1)
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let first = try await results.waitForCount(1)
            #expect(first.source == .server && favorite(first) == false)
            _ = try await setup.client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
            let second = try await results.waitForCount(2)
            #expect(second.source == .cache)
            #expect(favorite(second) == true)
            #expect(setup.counter.count("Product") == 1, "the change came from the cache")
            #expect(setup.counter.count("SetFavorite") == 1)
        }
    }

    @Test("Identical data is not repeated: a refetch with the same answer emits nothing")
    func noRepeat() async throws {
        try await withServer { setup in
            await setup.gate.release(1)
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .cacheAndServer))
            defer { task.cancel() }
            // Nothing cached: the server's result only.
            let first = try await results.waitForCount(1)
            #expect(first.source == .server)
            // The same answer again (its records are rewritten, the watcher reads them again): nothing emitted.
            _ = try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .serverOnly)
            _ = try await setup.client.execute(
                CatalogQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
            _ = try await setup.client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
            let items = try await results.waitUntil("the favourite") { $0.contains { favorite($0) == true } }
            #expect(items.count == 2, "the second element is the change, not a repeat: \(items.map(favorite))")
            #expect(favorite(items[1]) == true)
        }
    }

    @Test("Cancelling the consuming task ends the sequence and frees the watcher; so does dropping the iterator")
    func cancellationFreesTheWatcher() async throws {
        try await withServer { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p2"), fetchPolicy: .serverOnly))
            _ = try await results.waitForCount(1)
            let watcher = WeakBox(await setup.cache.liveWatchers().first)
            #expect(watcher.value != nil)
            #expect(await setup.cache.watcherCount == 1)
            task.cancel()
            try await task.value  // the sequence ended (nil), no error
            #expect(watcher.value == nil, "the watcher is freed with the iterator")
            #expect(await setup.cache.watcherCount == 0)

            // An iterator dropped without cancelling anything.
            var dropped = WeakBox<CacheWatcher>(nil)
            do {
                var iterator = setup.client.watch(ProductQuery(id: "p2"), fetchPolicy: .cacheOnly).makeAsyncIterator()
                let result = try await iterator.next()
                #expect(result?.source == .cache)
                dropped = WeakBox(await setup.cache.liveWatchers().first)
                #expect(dropped.value != nil)
            }
            #expect(dropped.value == nil)
            #expect(await setup.cache.watcherCount == 0)
        }
    }

    @Test("A removed record makes the watcher refetch (and show what the server has now)")
    func removedRecordRefetches() async throws {
        try await withServer { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            #expect(favorite(try await results.waitForCount(1)) == false)
            // The server changes behind the cache's back (another client), then the product's record is removed.
            setup.server.setFavorite(productId: "p1", favorite: true)
            #expect(setup.counter.count("Product") == 1)
            try await setup.cache.removeRecords(forKeys: ["Product:p1"])
            let second = try await results.waitForCount(2)
            #expect(second.source == .server)
            #expect(favorite(second) == true)
            #expect(setup.counter.count("Product") == 2, "one refetch")
        }
    }

    @Test(".cacheOnly never uses the network: a removed record ends the watch with a cache miss")
    func cacheOnlyMissEnds() async throws {
        try await withServer { setup in
            _ = try await setup.client.execute(ProductQuery(id: "p1"))
            var iterator = setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).makeAsyncIterator()
            #expect(try await iterator.next()?.source == .cache)
            try await setup.cache.clear()
            await #expect(throws: APIError.cacheMiss(operation: "Product", path: "product")) {
                _ = try await iterator.next()
            }
            #expect(try await iterator.next() == nil, "the sequence ended")
            #expect(setup.counter.count("Product") == 1)
        }
    }

    @Test("Changes made while the consumer is busy are coalesced; a partial result keeps its errors from the cache")
    func burstCoalesced() async throws {
        try await withServer { setup in
            await setup.gate.release(1)
            await setup.gate.release(2)
            await setup.gate.release(3)
            var iterator = setup.client.watch(CatalogQuery(), fetchPolicy: .serverOnly, errorPolicy: .returnPartialData)
                .makeAsyncIterator()
            let first = try #require(try await iterator.next())
            #expect(first.source == .server)
            #expect(!first.errors.isEmpty, "the shop has a pricing service down: partial data")
            func favorites(_ result: GraphQLResult<CatalogQuery.Data>) -> [String] {
                (result.data?.products ?? []).filter(\.isFavorite).map(\.id)
            }
            #expect(favorites(first).isEmpty)
            // Three writes while nobody reads the sequence.
            for id in ["p1", "p2", "p4"] {
                _ = try await setup.client.execute(SetFavoriteMutation(productId: id, favorite: true))
            }
            let next = try #require(try await iterator.next())
            #expect(favorites(next) == ["p1", "p2", "p4"], "one element with all three changes")
            #expect(next.source == .cache)
            #expect(next.errors == first.errors, "the fields the server had errors for are null with those errors")
            #expect(setup.counter.count("Catalog") == 1)
        }
    }

    @Test("clear() makes a watcher refetch")
    func clearRefetches() async throws {
        try await withServer { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            _ = try await results.waitForCount(1)
            setup.server.setFavorite(productId: "p1", favorite: true)
            try await setup.cache.clear()
            #expect(favorite(try await results.waitForCount(2)) == true)
            #expect(setup.counter.count("Product") == 2)
        }
    }

    @Test("Optimistic data is seen at once, then confirmed by the server")
    func optimisticConfirmed() async throws {
        try await withServer { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let product = try #require(try await results.waitForCount(1).data?.product)
            let mutation = Task {
                try await setup.client.execute(
                    SetFavoriteMutation(productId: "p1", favorite: true),
                    optimisticData: .init(setFavorite: Self.renamed(product, product.name)))
            }
            try await setup.gate.waitForArrivals(1)
            // The request is held at the gate: what the watcher and the cache show now is the optimistic layer.
            let optimistic = try await results.waitForCount(2)
            #expect(favorite(optimistic) == true && optimistic.source == .cache)
            #expect(await setup.cache.optimisticLayerCount == 1)
            await setup.gate.release(1)
            let confirmed = try await mutation.value
            #expect(confirmed.data?.setFavorite?.isFavorite == true)
            #expect(await setup.cache.optimisticLayerCount == 0)
            let cached = try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly)
            #expect(favorite(cached) == true, "the server's result is in the store")
            #expect(await results.items.count == 2, "the confirmation equals the optimistic data: not repeated")
            #expect(setup.counter.count("Product") == 1)
        }
    }

    @Test("Optimistic data is rolled back exactly when the server fails the mutation")
    func optimisticRolledBack() async throws {
        try await withServer(failMutations: true) { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let original = try await results.waitForCount(1)
            let product = try #require(original.data?.product)
            let mutation = Task {
                try await setup.client.execute(
                    SetFavoriteMutation(productId: "p1", favorite: true),
                    optimisticData: .init(setFavorite: Self.renamed(product, product.name)))
            }
            try await setup.gate.waitForArrivals(1)
            #expect(favorite(try await results.waitForCount(2)) == true)
            await setup.gate.release(1)
            await #expect(throws: APIError.self) { try await mutation.value }
            let rolledBack = try await results.waitForCount(3)
            #expect(rolledBack.data == original.data, "exactly the data before the write")
            #expect(await setup.cache.optimisticLayerCount == 0)
            #expect(setup.counter.count("Product") == 1, "the rollback needed no request")
        }
    }

    @Test("Two overlapping optimistic writes roll back independently, out of order")
    func overlappingRollbacks() async throws {
        try await withServer(failMutations: true) { setup in
            let (results, task) = collect(setup.client.watch(ProductQuery(id: "p1"), fetchPolicy: .serverOnly))
            defer { task.cancel() }
            let original = try await results.waitForCount(1)
            let product = try #require(original.data?.product)
            func name() async throws -> String? {
                try await setup.client.execute(ProductQuery(id: "p1"), fetchPolicy: .cacheOnly).data?.product?.name
            }
            let client = setup.client
            let first = Task {
                try await client.execute(
                    SetFavoriteMutation(productId: "p1", favorite: true),
                    optimisticData: .init(setFavorite: Self.renamed(product, "first layer")))
            }
            try await setup.gate.waitForArrivals(1)
            #expect(try await name() == "first layer")
            try await results.waitUntil("the first layer") { $0.last?.data?.product?.name == "first layer" }
            let second = Task {
                try await client.execute(
                    SetFavoriteMutation(productId: "p1", favorite: true),
                    optimisticData: .init(setFavorite: Self.renamed(product, "second layer")))
            }
            try await setup.gate.waitForArrivals(2)
            #expect(try await name() == "second layer", "the newer layer is on top")
            try await results.waitUntil("the second layer") { $0.last?.data?.product?.name == "second layer" }

            // The older mutation fails first: the newer layer stays on top.
            await setup.gate.release(1)
            await #expect(throws: APIError.self) { try await first.value }
            #expect(try await name() == "second layer")
            #expect(await setup.cache.optimisticLayerCount == 1)
            // Then the newer one: back to exactly the store's data.
            await setup.gate.release(2)
            await #expect(throws: APIError.self) { try await second.value }
            #expect(try await name() == product.name)
            #expect(await setup.cache.optimisticLayerCount == 0)
            let items = try await results.waitUntil("the rollback") { $0.last?.data == original.data }
            #expect(
                items.map { $0.data?.product?.name } == [product.name, "first layer", "second layer", product.name])
        }
    }

    @Test("QueryRef: execute, then updates from the cache, seen with withObservationTracking")
    @MainActor
    func queryRefObserved() async throws {
        let setup = try await Self.makeSetup()
        defer { setup.server.stop() }
        await setup.gate.release(1)
        var ref: QueryRef<ProductQuery>? = setup.client.ref(ProductQuery(id: "p1"))
        let weakRef = WeakBox(ref)
        if let ref { try await exercise(ref, setup) }
        #expect(await setup.cache.watcherCount == 1, "the ref follows the cache")
        ref = nil
        #expect(weakRef.value == nil, "the ref is freed when released")
        // Its watcher goes once the follow task sees the cancellation.
        try await waitUntil("the ref's watcher to go") { await setup.cache.watcherCount == 0 }
        #expect(await setup.cache.watcherCount == 0)
    }

    @MainActor
    private func exercise(_ ref: QueryRef<ProductQuery>, _ setup: Setup) async throws {
        #expect(ref.data == nil && ref.source == nil && !ref.isLoading)
        let loading = Flag()
        withObservationTracking {
            _ = ref.isLoading
        } onChange: {
            loading.set()
        }
        try await ref.execute()
        #expect(loading.isSet, "isLoading changed while executing")
        #expect(!ref.isLoading)
        #expect(ref.data?.product?.isFavorite == false)
        #expect(ref.source == .server)
        let changed = Flag()
        withObservationTracking {
            _ = ref.data
        } onChange: {
            changed.set()
        }
        _ = try await setup.client.execute(SetFavoriteMutation(productId: "p1", favorite: true))
        try await waitUntil("the ref to show the favourite") { @MainActor in ref.data?.product?.isFavorite == true }
        #expect(changed.isSet, "observers of data were told")
        #expect(ref.data?.product?.isFavorite == true)
        #expect(ref.source == .cache)
        #expect(setup.counter.count("Product") == 1)
    }
}
